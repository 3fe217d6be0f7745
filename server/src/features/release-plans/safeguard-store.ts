import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import { ulid } from '../../lib/ulid';
import type { AggregationMode, TimeRange } from '../impact-metrics';

/**
 * Safeguards of release plans (issue 14): a condition on an impact metric that pauses the
 * plan's automatic progressions when met. A plan has at most one safeguard, as Unleash's
 * `PUT …/release-plans/{planId}/safeguards` (no id in the path) replaces it.
 */

export type { AggregationMode, TimeRange };

export interface SafeguardInput {
  impactMetric: {
    metricName: string;
    timeRange: TimeRange;
    aggregationMode: AggregationMode;
    labelSelectors: Record<string, string[]>;
  };
  triggerCondition: { operator: '>' | '<'; threshold: number };
}

/** releasePlanSafeguardSchema, plus when it last paused the plan. */
export interface SafeguardView {
  id: string;
  action: { type: string; id: string };
  triggerCondition: { operator: '>' | '<'; threshold: number };
  impactMetric: {
    id: string;
    metricName: string;
    timeRange: TimeRange;
    aggregationMode: AggregationMode;
    labelSelectors: Record<string, string[]>;
    source: 'internal' | 'external';
  };
  triggeredAt: string | null;
}

const PAUSE_ACTION = 'pauseReleasePlanProgressions';

const COLUMNS = [
  'id',
  'release_plan_id',
  'action_type',
  'impact_metric_id',
  'metric_name',
  'time_range',
  'aggregation_mode',
  'label_selectors',
  'metric_source',
  'trigger_operator',
  'trigger_threshold',
  'triggered_at',
] as const;

type SafeguardDbRow = {
  id: string;
  release_plan_id: string;
  action_type: string;
  impact_metric_id: string;
  metric_name: string;
  time_range: string;
  aggregation_mode: string;
  label_selectors: unknown;
  metric_source: string;
  trigger_operator: string;
  trigger_threshold: number;
  triggered_at: Date | null;
};

function toView(row: SafeguardDbRow): SafeguardView {
  return {
    id: row.id,
    action: { type: row.action_type, id: row.release_plan_id },
    triggerCondition: {
      operator: row.trigger_operator as '>' | '<',
      threshold: Number(row.trigger_threshold),
    },
    impactMetric: {
      id: row.impact_metric_id,
      metricName: row.metric_name,
      timeRange: row.time_range as TimeRange,
      aggregationMode: row.aggregation_mode as AggregationMode,
      labelSelectors: (row.label_selectors as Record<string, string[]>) ?? {},
      source: row.metric_source === 'external' ? 'external' : 'internal',
    },
    triggeredAt: row.triggered_at?.toISOString() ?? null,
  };
}

export async function getSafeguardsOfPlans(
  db: Queryable,
  planIds: readonly string[],
): Promise<SafeguardView[]> {
  if (planIds.length === 0) return [];
  const rows = await db
    .selectFrom('safeguards')
    .select(COLUMNS)
    .where('release_plan_id', 'in', planIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toView);
}

/** Sets the plan's safeguard (replacing one it had); returns it and the one it replaced. */
export async function upsertSafeguard(
  db: Queryable,
  planId: string,
  input: SafeguardInput,
): Promise<{ safeguard: SafeguardView; before: SafeguardView | undefined }> {
  const [before] = await getSafeguardsOfPlans(db, [planId]);
  const values = {
    metric_name: input.impactMetric.metricName,
    time_range: input.impactMetric.timeRange,
    aggregation_mode: input.impactMetric.aggregationMode,
    label_selectors: JSON.stringify(input.impactMetric.labelSelectors),
    trigger_operator: input.triggerCondition.operator,
    trigger_threshold: input.triggerCondition.threshold,
    triggered_at: null,
    checked_at: null,
  };
  let row: SafeguardDbRow;
  if (before) {
    row = await db
      .updateTable('safeguards')
      .set(values)
      .where('id', '=', before.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  } else {
    row = await db
      .insertInto('safeguards')
      .values({
        id: ulid(),
        release_plan_id: planId,
        action_type: PAUSE_ACTION,
        impact_metric_id: ulid(),
        metric_source: 'internal',
        ...values,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }
  return { safeguard: toView(row), before };
}

/** Deletes a plan's safeguard; returns what it was, or undefined when the plan had no such one. */
export async function deleteSafeguard(
  db: Queryable,
  planId: string,
  safeguardId: string,
): Promise<SafeguardView | undefined> {
  const row = await db
    .deleteFrom('safeguards')
    .where('id', '=', safeguardId)
    .where('release_plan_id', '=', planId)
    .returning(COLUMNS)
    .executeTakeFirst();
  return row ? toView(row) : undefined;
}

export async function markSafeguardTriggered(db: Queryable, id: string, now: Date): Promise<void> {
  await db.updateTable('safeguards').set({ triggered_at: now }).where('id', '=', id).execute();
}

/**
 * Clears the triggered mark of a plan's safeguards (on resume by hand), and when they were last
 * measured, so the periodic check measures them again at its next tick.
 */
export async function clearSafeguardsTriggered(db: Queryable, planId: string): Promise<void> {
  await db
    .updateTable('safeguards')
    .set({ triggered_at: null, checked_at: null })
    .where('release_plan_id', '=', planId)
    .execute();
}

/** A safeguard due for a check: what the scheduler's job kind carries. */
export interface DueSafeguardCheck {
  safeguardId: string;
  planId: string;
}

/**
 * Locks up to `limit` safeguards due for a check, skipping those another instance holds: their
 * plan has an automatic progression left to pause (not run, not paused), and they were not
 * measured within the interval.
 */
export async function claimDueSafeguards(
  db: Queryable,
  limit: number,
  now: Date,
  intervalMs: number,
): Promise<DueSafeguardCheck[]> {
  const checkedBefore = new Date(now.getTime() - intervalMs);
  const rows = await db
    .selectFrom('safeguards as s')
    .select(['s.id', 's.release_plan_id'])
    .where((eb) => eb.or([eb('s.checked_at', 'is', null), eb('s.checked_at', '<=', checkedBefore)]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('milestone_progressions as mp')
          .innerJoin('milestones as m', 'm.id', 'mp.source_milestone')
          .select(sql`1`.as('one'))
          .whereRef('m.release_plan_definition_id', '=', 's.release_plan_id')
          .where('mp.executed_at', 'is', null)
          .where('mp.paused_at', 'is', null),
      ),
    )
    .orderBy(sql`s.checked_at nulls first`)
    .limit(limit)
    .forUpdate('s')
    .skipLocked()
    .execute();
  return rows.map((row) => ({ safeguardId: row.id, planId: row.release_plan_id }));
}

/** Stamps when a safeguard was last measured; true when the safeguard still exists. */
export async function stampSafeguardChecked(db: Queryable, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('safeguards')
    .set({ checked_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
