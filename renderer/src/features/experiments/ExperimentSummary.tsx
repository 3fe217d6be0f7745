import { Badge, Group, Text } from '@mantine/core';
import { type Experiment, primaryMetric, STATUS_COLOURS } from './experiments-api';

/** An experiment's status badge, with its decision once recorded. */
export function ExperimentStatusBadge({ experiment }: { experiment: Experiment }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={STATUS_COLOURS[experiment.status]}>
        {experiment.status}
      </Badge>
      {experiment.decision ? (
        <Badge variant="outline" color={experiment.decision === 'ship' ? 'teal' : 'gray'}>
          {experiment.decision === 'ship' ? `ship ${experiment.decisionVariant ?? ''}` : experiment.decision}
        </Badge>
      ) : null}
    </Group>
  );
}

/** One line about an experiment: environment, primary metric, variants, hypothesis. */
export function ExperimentFacts({ experiment }: { experiment: Experiment }) {
  const variants =
    experiment.variants.length > 0 ? experiment.variants.map((v) => v.name).join(' vs ') : null;
  return (
    <Text size="sm" c="dimmed">
      {experiment.environment} · primary metric {primaryMetric(experiment)} · control{' '}
      {experiment.controlVariant}
      {variants ? ` · ${variants}` : ''}
      {experiment.hypothesis ? ` · ${experiment.hypothesis}` : ''}
    </Text>
  );
}
