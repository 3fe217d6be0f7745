import type { ReleasePlanMilestoneStrategy } from '../../../../server/contract';
import { strategyDisplayName } from '../strategies/index';

/** One line per milestone strategy: its title or name, rollout, constraints, segments, disabled. */
export function milestoneStrategySummary(strategy: ReleasePlanMilestoneStrategy): string {
  const name = strategyDisplayName(strategy.strategyName);
  return [
    strategy.title ? `${strategy.title} (${name})` : name,
    strategy.parameters?.rollout ? ` · ${strategy.parameters.rollout}%` : '',
    strategy.constraints?.length ? ` · ${strategy.constraints.length} constraint(s)` : '',
    strategy.segments?.length ? ` · ${strategy.segments.length} segment(s)` : '',
    strategy.variants?.length ? ` · ${strategy.variants.length} variant(s)` : '',
    strategy.disabled ? ' · disabled' : '',
  ].join('');
}
