import { Badge, Group, Stack, Text } from '@mantine/core';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import type { ReleasePlanProgress } from './release-plans-api';

type Safeguard = NonNullable<ReleasePlanProgress['safeguards']>[number];

/** The plan's safeguards: the rule on its impact metric, and when it last paused the plan. */
export function PlanSafeguards({ safeguards }: { safeguards: readonly Safeguard[] }) {
  if (safeguards.length === 0) return null;
  return (
    <Stack gap={4} data-testid="plan-safeguards">
      {safeguards.map((safeguard) => {
        const { impactMetric, triggerCondition } = safeguard;
        return (
          <Group gap="xs" key={safeguard.id}>
            <Text size="sm">
              Safeguard: pause when {impactMetric.metricName} ({impactMetric.aggregationMode} over the last{' '}
              {impactMetric.timeRange}) {triggerCondition.operator} {triggerCondition.threshold}
            </Text>
            {safeguard.triggeredAt ? (
              <Badge color="red" variant="light">
                Triggered <RelativeTime value={safeguard.triggeredAt} />
              </Badge>
            ) : (
              <Badge color="teal" variant="light">
                Holding
              </Badge>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
