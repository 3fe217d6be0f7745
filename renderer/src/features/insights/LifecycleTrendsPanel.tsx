import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { LifecycleTrends } from '../../../../server/contract';

const STAGES = [
  { key: 'develop', label: 'Develop', hint: 'initial and pre-live' },
  { key: 'production', label: 'Production', hint: 'live' },
  { key: 'cleanup', label: 'Cleanup', hint: 'completed, to archive' },
] as const;

const CATEGORIES = [
  { key: 'release', label: 'Release' },
  { key: 'experimental', label: 'Experimental' },
  { key: 'permanent', label: 'Permanent' },
] as const;

const days = (value: number) =>
  `${Number.isInteger(value) ? value : value.toFixed(1)} ${value === 1 ? 'day' : 'days'}`;

/** Flags per lifecycle stage (getLifecycleTrends): how many, for how long, new this week or older. */
export function LifecycleTrendsPanel({ lifecycle }: { lifecycle: LifecycleTrends }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="lifecycle-trends-title">
      <Title order={3} size="h5" id="lifecycle-trends-title" mb="sm">
        Flag lifecycle
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {STAGES.map(({ key, label, hint }) => {
          const stage = lifecycle.lifecycleTrends[key];
          return (
            <Paper key={key} withBorder p="sm" data-testid={`lifecycle-${key}`}>
              <Group justify="space-between" align="baseline">
                <Text fw={700}>{label}</Text>
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
              </Group>
              <Text size="xl" fw={700}>
                {stage.totalFlags} {stage.totalFlags === 1 ? 'flag' : 'flags'}
              </Text>
              <Text size="sm">Median time in stage now: {days(stage.medianDaysInCurrentStage)}</Text>
              <Text size="sm">Historical median: {days(stage.medianDaysHistorically)}</Text>
              <Text size="xs" c="dimmed" mt="xs">
                {CATEGORIES.map(({ key: category, label: name }) => {
                  const counts = stage.categories[category];
                  return `${name}: ${counts.newFlagsThisWeek} new, ${counts.flagsOlderThanWeek} older`;
                }).join(' · ')}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
