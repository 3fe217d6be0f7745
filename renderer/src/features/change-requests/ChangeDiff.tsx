import { Badge, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FeatureEnvironment } from '../../api/flag-api';
import type { FeatureStrategy } from '../strategies/index';
import { sortStrategies } from '../strategies/index';
import {
  type Names,
  payloadLines,
  type StrategyText,
  strategyText,
  type VariantRow,
  variantRows,
} from './change-descriptions';
import type { ChangeRequestChange } from './change-request-types';

/** `changed` lines differ from the other side: added ones in bold, removed ones struck through. */
function Lines({
  lines,
  changed,
  side = 'after',
}: {
  lines: readonly string[];
  changed?: ReadonlySet<string>;
  side?: 'before' | 'after';
}) {
  return (
    <Stack gap={2}>
      {lines.map((line, index) => {
        const differs = changed?.has(line) ?? false;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only lines that may repeat
          <Text key={index} size="sm" {...(differs ? markOf(side) : {})}>
            {differs ? <VisuallyHidden>{side === 'before' ? 'Removed: ' : 'Added: '}</VisuallyHidden> : null}
            {line}
          </Text>
        );
      })}
    </Stack>
  );
}

const markOf = (side: 'before' | 'after') =>
  side === 'before'
    ? { td: 'line-through' as const, c: 'dimmed', 'data-change': 'removed' }
    : { fw: 700, 'data-change': 'added' };

/** The lines of `text` that `other` does not have. */
const difference = (text: StrategyText, other: StrategyText | null) =>
  new Set(other ? text.lines.filter((line) => !other.lines.includes(line)) : []);

function StrategyBlock({
  text,
  other = null,
  side = 'after',
}: {
  text: StrategyText;
  other?: StrategyText | null;
  side?: 'before' | 'after';
}) {
  return (
    <Stack gap={2}>
      <Text fw={600} size="sm">
        {text.label}
      </Text>
      <Lines
        lines={text.lines.length ? text.lines : ['No parameters or constraints']}
        changed={difference(text, other)}
        side={side}
      />
    </Stack>
  );
}

function VariantTable({ rows }: { rows: readonly VariantRow[] }) {
  if (rows.length === 0) return <Text size="sm">No variants</Text>;
  return (
    <Table withTableBorder striped fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Variant</Table.Th>
          <Table.Th>Weight</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Stickiness</Table.Th>
          <Table.Th>Payload</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.name}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.weight}</Table.Td>
            <Table.Td>{row.weightType}</Table.Td>
            <Table.Td>{row.stickiness}</Table.Td>
            <Table.Td>{row.payload}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Side({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4} aria-label={label} role="group">
      <Badge variant="light" color={label === 'Before' ? 'gray' : 'teal'} size="sm">
        {label}
      </Badge>
      {children}
    </Stack>
  );
}

function BeforeAfter({ before, after }: { before: ReactNode | null; after: ReactNode | null }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: before !== null && after !== null ? 2 : 1 }} spacing="md">
      {before !== null ? <Side label="Before">{before}</Side> : null}
      {after !== null ? <Side label="After">{after}</Side> : null}
    </SimpleGrid>
  );
}

type Payload = Record<string, unknown>;

/** An updated strategy: its lines before and after, each side marking what the other lacks. */
function UpdateStrategyDiff({
  payload,
  current,
  names,
  applied,
}: {
  payload: Payload;
  current: FeatureStrategy | undefined;
  names: Names;
  applied: boolean;
}) {
  const was = current ? strategyText(current, names) : null;
  const will = strategyText({ ...current, ...payload } as FeatureStrategy, names);
  return (
    <BeforeAfter
      before={applied ? null : was ? <StrategyBlock text={was} other={will} side="before" /> : null}
      after={<StrategyBlock text={will} other={applied ? null : was} />}
    />
  );
}

/** A new strategy order: the current order (by sort order) against the requested one. */
function ReorderDiff({
  change,
  strategies,
  names,
  applied,
}: {
  change: ChangeRequestChange;
  strategies: readonly FeatureStrategy[];
  names: Names;
  applied: boolean;
}) {
  const order = Array.isArray(change.payload)
    ? [...(change.payload as { id: string; sortOrder: number }[])].sort((a, b) => a.sortOrder - b.sortOrder)
    : [];
  const label = (id: string) => {
    const strategy = strategies.find((candidate) => candidate.id === id);
    return strategy ? strategyText(strategy, names).label : `strategy ${id}`;
  };
  return (
    <BeforeAfter
      before={
        applied ? null : (
          <Lines lines={strategies.map((s, i) => `${i + 1}. ${strategyText(s, names).label}`)} />
        )
      }
      after={<Lines lines={order.map((entry, i) => `${i + 1}. ${label(entry.id)}`)} />}
    />
  );
}

function DependencyText({ payload }: { payload: Payload }) {
  return (
    <Text size="sm">
      Only on when {String(payload.feature)} is {payload.enabled === false ? 'disabled' : 'enabled'}
      {Array.isArray(payload.variants) && payload.variants.length
        ? ` with variant ${(payload.variants as string[]).join(' or ')}`
        : ''}
      .
    </Text>
  );
}

/**
 * One change as before/after: the flag's current state in the request's environment (from the
 * flag itself) against what the change makes of it. Once applied, "before" is gone, so it is left out.
 */
export function ChangeDiff({
  change,
  environment,
  names,
  applied,
}: {
  change: ChangeRequestChange;
  environment: FeatureEnvironment | undefined;
  names: Names;
  applied: boolean;
}) {
  const payload = (change.payload ?? {}) as Payload;
  const strategies = sortStrategies(environment?.strategies ?? []);
  const current = strategies.find((strategy) => strategy.id === payload.id);
  const before = <T,>(node: T) => (applied ? null : node);
  switch (change.action) {
    case 'updateEnabled':
      return (
        <BeforeAfter
          before={before(environment ? <Text size="sm">{environment.enabled ? 'On' : 'Off'}</Text> : null)}
          after={<Text size="sm">{payload.enabled ? 'On' : 'Off'}</Text>}
        />
      );
    case 'addStrategy':
      return <BeforeAfter before={null} after={<StrategyBlock text={strategyText(payload, names)} />} />;
    case 'updateStrategy':
      return <UpdateStrategyDiff payload={payload} current={current} names={names} applied={applied} />;
    case 'deleteStrategy':
      return (
        <BeforeAfter
          before={
            current ? (
              <StrategyBlock text={strategyText(current, names)} />
            ) : (
              <Text size="sm">A strategy</Text>
            )
          }
          after={<Text size="sm">Deleted</Text>}
        />
      );
    case 'reorderStrategy':
      return <ReorderDiff change={change} strategies={strategies} names={names} applied={applied} />;
    case 'patchVariant':
      return (
        <BeforeAfter
          before={before(<VariantTable rows={variantRows(environment?.variants ?? [])} />)}
          after={
            <VariantTable rows={variantRows((payload.variants as Parameters<typeof variantRows>[0]) ?? [])} />
          }
        />
      );
    case 'archiveFeature':
      return <Text size="sm">SDKs stop receiving the flag once this is applied.</Text>;
    case 'addDependency':
      return <DependencyText payload={payload} />;
    default:
      return (
        <Group>
          <Lines lines={payloadLines(change.payload)} />
        </Group>
      );
  }
}
