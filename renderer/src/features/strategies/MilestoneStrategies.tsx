import { Stack, Text } from '@mantine/core';
import type { Segment } from '../../api/types';
import { StrategyCard } from './StrategyCard';
import type { FeatureStrategy, ReleasePlanMilestoneStrategy, StrategyDefinition } from './strategies-api';

/** The running milestone of a flag environment's release plan: its strategies serve (issue 31 §3). */
export interface ServingMilestone {
  planName: string;
  milestoneName: string;
  strategies: readonly ReleasePlanMilestoneStrategy[];
}

/** A milestone strategy in the shape of a flag's (the server serves it as one, first). */
function asFlagStrategy(strategy: ReleasePlanMilestoneStrategy): FeatureStrategy {
  return {
    id: strategy.id,
    name: strategy.strategyName,
    title: strategy.title ?? null,
    disabled: strategy.disabled ?? false,
    sortOrder: strategy.sortOrder,
    segments: strategy.segments ?? [],
    constraints: strategy.constraints ?? [],
    variants: strategy.variants ?? [],
    parameters: strategy.parameters ?? {},
  };
}

/**
 * The strategies the running milestone put on the flag, read-only: they belong to the plan (the
 * "Release plan" section starts milestones and changes them), served before the flag's own.
 */
export function MilestoneStrategies({
  milestone,
  segments,
  definitions,
}: {
  milestone: ServingMilestone;
  segments: readonly Segment[];
  definitions: readonly StrategyDefinition[];
}) {
  return (
    <Stack gap="xs" data-testid="milestone-strategies">
      <Text size="sm">
        Serving from release plan “{milestone.planName}”, milestone “{milestone.milestoneName}”
        {milestone.strategies.length === 0 ? ': it has no strategies, so it lets nobody in.' : ':'}
      </Text>
      {milestone.strategies.map((strategy) => {
        const shown = asFlagStrategy(strategy);
        return (
          <StrategyCard
            key={strategy.id}
            row={{
              strategy: null,
              shown,
              entry: undefined,
              key: `milestone-${strategy.id}`,
              pendingDelete: false,
            }}
            segments={segments}
            definitions={definitions}
          />
        );
      })}
    </Stack>
  );
}
