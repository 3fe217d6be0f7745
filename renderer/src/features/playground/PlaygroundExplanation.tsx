import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type {
  AdvancedPlaygroundEnvironmentFeature,
  PlaygroundConstraint,
  PlaygroundStrategy,
} from '../../../../server/contract';
import classes from './PlaygroundScreen.module.css';

/** True, False or Unknown, colour and text together (never colour alone). */
export function ResultBadge({ value }: { value: boolean | 'unknown' }) {
  const [label, color] =
    value === 'unknown' ? ['Unknown', 'yellow'] : value ? ['True', 'teal'] : ['False', 'red'];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}

function describeConstraint(constraint: PlaygroundConstraint): string {
  const values = constraint.values?.length ? constraint.values.join(', ') : (constraint.value ?? '');
  const not = constraint.inverted ? 'NOT ' : '';
  return `${constraint.contextName} ${not}${constraint.operator} ${values}`.trim();
}

function Constraints({ constraints }: { constraints: readonly PlaygroundConstraint[] }) {
  if (constraints.length === 0) return null;
  return (
    <List size="sm" spacing={4} className={classes.list}>
      {constraints.map((constraint, index) => (
        // Constraints have no id; their position is stable within one answer.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <List.Item key={index}>
          <Group gap="xs" wrap="nowrap">
            <ResultBadge value={constraint.result} />
            <Text size="sm" ff="monospace">
              {describeConstraint(constraint)}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

function StrategyExplanation({ strategy }: { strategy: PlaygroundStrategy }) {
  const result = strategy.result;
  const variant = result.evaluationStatus === 'complete' ? result.variant : null;
  return (
    <Stack gap={6} className={classes.strategy}>
      <Group gap="xs">
        <ResultBadge value={result.enabled} />
        <Text fw={600} size="sm">
          {strategy.title ? `${strategy.title} (${strategy.name})` : strategy.name}
        </Text>
        {strategy.disabled ? (
          <Badge variant="outline" color="gray">
            Disabled: not evaluated by SDKs
          </Badge>
        ) : null}
        {result.evaluationStatus === 'incomplete' ? (
          <Text size="xs" c="dimmed">
            The server cannot evaluate this strategy; an SDK decides it.
          </Text>
        ) : null}
        {variant ? (
          <Badge variant="dot" color="indigo">
            Variant {variant.name}
          </Badge>
        ) : null}
      </Group>
      {Object.keys(strategy.parameters).length ? (
        <Text size="xs" c="dimmed">
          {Object.entries(strategy.parameters)
            .map(([key, value]) => `${key}: ${value}`)
            .join(' · ')}
        </Text>
      ) : null}
      <Constraints constraints={strategy.constraints} />
      {strategy.segments.map((segment) => (
        <Stack key={segment.id} gap={4} className={classes.segment}>
          <Group gap="xs">
            <ResultBadge value={segment.result} />
            <Text size="sm">Segment {segment.name || `#${segment.id}`}</Text>
          </Group>
          <Constraints constraints={segment.constraints} />
        </Stack>
      ))}
    </Stack>
  );
}

/** Why a flag answered as it did: dependencies, then every strategy with its constraints and segments. */
export function PlaygroundExplanation({ result }: { result: AdvancedPlaygroundEnvironmentFeature }) {
  return (
    <Stack gap="sm">
      {!result.isEnabledInCurrentEnvironment ? (
        <Text size="sm">The flag is off in this environment.</Text>
      ) : null}
      {result.hasUnsatisfiedDependency ? (
        <Text size="sm">A parent flag's condition is not met, so this flag is off.</Text>
      ) : null}
      {result.strategies.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No strategies: the flag follows its environment state.
        </Text>
      ) : (
        result.strategies.data.map((strategy) => (
          <StrategyExplanation key={strategy.id} strategy={strategy} />
        ))
      )}
    </Stack>
  );
}
