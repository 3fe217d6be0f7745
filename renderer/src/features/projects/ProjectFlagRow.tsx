import { Anchor, Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import type { FeatureSearchResult } from '../../../../server/contract';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { Link } from '../../router/navigation';
import { flagPath } from '../../router/paths';
import type { PendingFlagRow } from '../flags/index';
import { LifecycleBadge } from '../lifecycle/index';
import type { FlagColumn } from './project-flag-bulk';

/** A flag created offline: no selection, and what the server has not said yet marked as such. */
export function PendingProjectFlagRow({
  row: { flag, entry },
  shown,
}: {
  row: PendingFlagRow;
  shown: (column: FlagColumn) => boolean;
}) {
  return (
    <Table.Tr data-testid="pending-flag-row">
      <Table.Td />
      <Table.Td>
        <Group gap="xs">
          <Text size="sm" fw={600} span>
            {flag.name}
          </Text>
          <PendingBadge entry={entry} />
        </Group>
      </Table.Td>
      {shown('type') ? <Table.Td>{flag.type}</Table.Td> : null}
      {shown('lifecycle') ? <Table.Td /> : null}
      {shown('environments') ? (
        <Table.Td>
          <Text size="sm" c="dimmed">
            when the server is back
          </Text>
        </Table.Td>
      ) : null}
      {shown('createdAt') ? (
        <Table.Td>
          <Text size="sm" c="dimmed">
            not yet
          </Text>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** One of the server's flags, selectable, with the columns the operator picked. */
export function ProjectFlagRow({
  projectId,
  feature,
  selected,
  onToggle,
  shown,
}: {
  projectId: string;
  feature: FeatureSearchResult;
  selected: boolean;
  onToggle: () => void;
  shown: (column: FlagColumn) => boolean;
}) {
  return (
    <Table.Tr data-testid={`project-flag-${feature.name}`}>
      <Table.Td>
        <Checkbox aria-label={`Select ${feature.name}`} checked={selected} onChange={onToggle} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          <Anchor component={Link} to={flagPath({ project: projectId, name: feature.name })} fw={600}>
            {feature.name}
          </Anchor>
          {feature.stale ? (
            <Badge color="orange" variant="light" size="sm">
              stale
            </Badge>
          ) : null}
        </Group>
        {feature.description ? (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {feature.description}
          </Text>
        ) : null}
      </Table.Td>
      {shown('type') ? <Table.Td>{feature.type}</Table.Td> : null}
      {shown('lifecycle') ? (
        <Table.Td>
          {feature.lifecycle ? (
            <LifecycleBadge stage={feature.lifecycle.stage} status={feature.lifecycle.status} />
          ) : null}
        </Table.Td>
      ) : null}
      {shown('environments') ? (
        <Table.Td>
          <Group gap={4}>
            {feature.environments
              .filter((entry) => entry.enabled)
              .map((entry) => (
                <Badge key={entry.name} variant="outline" size="sm">
                  {entry.name}
                </Badge>
              ))}
          </Group>
        </Table.Td>
      ) : null}
      {shown('createdAt') ? (
        <Table.Td>
          <Text size="sm" c="dimmed">
            {feature.createdAt ? new Date(feature.createdAt).toLocaleDateString() : '–'}
          </Text>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
