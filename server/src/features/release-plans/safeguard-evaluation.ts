import type { Queryable } from '../../db/queryable';
import { isBreached as breaks, measureImpactMetric } from '../impact-metrics';
import type { PlanRow } from './plan-store';
import { getSafeguardsOfPlans, markSafeguardTriggered, type SafeguardView } from './safeguard-store';

/** A safeguard found breached, with the value that breached it (for the event and the owner). */
export type BreachedSafeguard = SafeguardView & { measuredValue: number };

/** Whether a measured value meets the safeguard's trigger condition. No sample never triggers. */
export function isBreached(value: number | null, condition: SafeguardView['triggerCondition']): boolean {
  return breaks(value, condition);
}

/**
 * The plan's safeguards whose impact metric, over their time range in the plan's environment,
 * meets their trigger condition now; each one found is marked triggered (the console shows it).
 */
export async function breachedSafeguards(
  db: Queryable,
  plan: PlanRow,
  now: Date,
): Promise<BreachedSafeguard[]> {
  const breached: BreachedSafeguard[] = [];
  for (const safeguard of await getSafeguardsOfPlans(db, [plan.id])) {
    const value = await measureImpactMetric(
      db,
      {
        metricName: safeguard.impactMetric.metricName,
        environment: plan.environment,
        timeRange: safeguard.impactMetric.timeRange,
        aggregationMode: safeguard.impactMetric.aggregationMode,
        labelSelectors: safeguard.impactMetric.labelSelectors,
      },
      now,
    );
    if (isBreached(value, safeguard.triggerCondition)) {
      await markSafeguardTriggered(db, safeguard.id, now);
      breached.push({ ...safeguard, triggeredAt: now.toISOString(), measuredValue: value as number });
    }
  }
  return breached;
}
