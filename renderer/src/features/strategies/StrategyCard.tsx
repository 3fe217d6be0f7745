import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { Segment } from '../../api/types';
import { describeConstraint } from '../../components/ConstraintEditor/constraint-operators';
import { Guarded } from '../../components/Guarded/Guarded';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import type { OutboxEntry } from '../../offline/outbox';
import classes from './FlagStrategiesPanel.module.css';
import type { FeatureStrategy, StrategyDefinition } from './strategies-api';
import type { StrategySnapshot } from './strategy-edits';
import { strategyDisplayName, strategyLabel } from './strategy-names';
import { parameterLabel, splitList } from './strategy-parameters';
import { formatPercent } from './variant-weights';

export interface Row {
  /** The server's strategy with any queued edit laid over it; null for a queued creation. */
  strategy: FeatureStrategy | null;
  shown: StrategySnapshot | FeatureStrategy;
  entry: OutboxEntry | undefined;
  key: string;
  pendingDelete: boolean;
}

function parameterSummary(strategy: StrategySnapshot | FeatureStrategy): string[] {
  const { parameters } = strategy;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(parameters)) {
    if (name === 'rollout') lines.push(`Rollout ${value}%`);
    else if (name === 'stickiness') lines.push(`stickiness ${value}`);
    else if (name === 'groupId') lines.push(`group ${value}`);
    else if (value) {
      const items = splitList(value);
      lines.push(`${parameterLabel(name)}: ${items.length > 1 ? items.join(', ') : value}`);
    }
  }
  return lines;
}

/** What an editable card can do; a read-only card (a release-plan milestone's strategy) has none. */
export interface StrategyCardControls {
  position: number;
  count: number;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
  /** Why changing (toggle, edit, reorder) or deleting strategies here is not allowed (issue 33). */
  updateReason?: string | null;
  deleteReason?: string | null;
}

/** One strategy: its name, parameters, segments, constraints and variants, with its controls. */
export function StrategyCard({
  row,
  segments,
  definitions,
  controls,
}: {
  row: Row;
  segments: readonly Segment[];
  definitions: readonly StrategyDefinition[];
  controls?: StrategyCardControls;
}) {
  const { shown, strategy } = row;
  const label = strategyLabel(shown, definitions);
  const displayName = strategyDisplayName(shown.name, definitions);
  const segmentNames = shown.segments.map(
    (id) => segments.find((segment) => segment.id === id)?.name ?? `segment ${id}`,
  );
  return (
    <Paper
      withBorder
      p="sm"
      data-testid={`strategy-${row.key}`}
      className={row.pendingDelete ? classes.deleted : undefined}
    >
      <Stack gap={6}>
        {/* The controls go under the name when the card is narrow (360 px cut them off). */}
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{label}</Text>
            {shown.title && displayName !== shown.name ? (
              <Text size="sm" c="dimmed">
                {displayName}
              </Text>
            ) : null}
            {label !== shown.name ? (
              <Text size="xs" c="dimmed" ff="monospace" data-testid="strategy-api-name">
                {shown.name}
              </Text>
            ) : null}
            {shown.disabled ? (
              <Badge color="gray" variant="light">
                Disabled
              </Badge>
            ) : null}
            {row.pendingDelete ? (
              <Badge color="red" variant="light">
                Deleted
              </Badge>
            ) : null}
            <PendingBadge entry={row.entry} />
          </Group>
          {strategy && !row.pendingDelete && controls ? (
            <StrategyControls label={label} disabled={shown.disabled} controls={controls} />
          ) : null}
        </Group>
        {parameterSummary(shown).length ? <Text size="sm">{parameterSummary(shown).join(' · ')}</Text> : null}
        {segmentNames.length ? <Text size="sm">Segments: {segmentNames.join(', ')}</Text> : null}
        {shown.constraints.map((constraint, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: constraints have no id; the list is read-only here
          <Text key={index} size="sm" className={classes.constraint}>
            {describeConstraint(constraint)}
          </Text>
        ))}
        {shown.variants.length ? (
          <Text size="sm">
            Variants:{' '}
            {shown.variants.map((variant) => `${variant.name} ${formatPercent(variant.weight)}`).join(', ')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Move up and down, Enable or Disable, Edit and Delete, each off while busy or not allowed. */
function StrategyControls({
  label,
  disabled,
  controls,
}: {
  label: string;
  disabled: boolean | null | undefined;
  controls: StrategyCardControls;
}) {
  return (
    <Group gap={4} wrap="nowrap" ml="auto">
      <Tooltip label="Move up">
        <ActionIcon
          variant="subtle"
          aria-label={`Move ${label} up`}
          disabled={controls.busy || controls.position === 0 || Boolean(controls.updateReason)}
          onClick={() => controls.onMove(-1)}
        >
          ↑
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Move down">
        <ActionIcon
          variant="subtle"
          aria-label={`Move ${label} down`}
          disabled={
            controls.busy || controls.position === controls.count - 1 || Boolean(controls.updateReason)
          }
          onClick={() => controls.onMove(1)}
        >
          ↓
        </ActionIcon>
      </Tooltip>
      <Guarded reason={controls.updateReason}>
        <Button size="compact-sm" variant="subtle" onClick={controls.onToggle} disabled={controls.busy}>
          {disabled ? 'Enable' : 'Disable'}
        </Button>
      </Guarded>
      <Guarded reason={controls.updateReason}>
        <Button size="compact-sm" variant="light" onClick={controls.onEdit} disabled={controls.busy}>
          Edit
        </Button>
      </Guarded>
      <Guarded reason={controls.deleteReason}>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          onClick={controls.onDelete}
          disabled={controls.busy}
        >
          Delete
        </Button>
      </Guarded>
    </Group>
  );
}
