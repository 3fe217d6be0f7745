import { Badge, Table, Text } from '@mantine/core';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import type { PendingFlagRow } from './pending-flags';

/** Flags created offline, above the server's rows: the same columns, marked pending, not yet openable. */
export function PendingFlagRows({ rows }: { rows: readonly PendingFlagRow[] }) {
  return rows.map(({ flag, entry }) => (
    <Table.Tr key={`pending:${flag.project}/${flag.name}`} data-testid="pending-flag-row">
      <Table.Td>
        <Text size="sm" fw={600} span>
          {flag.name}
        </Text>{' '}
        <PendingBadge entry={entry} />
        {flag.description ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {flag.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" size="sm">
          {flag.type}
        </Badge>
      </Table.Td>
      <Table.Td>{flag.project}</Table.Td>
      <Table.Td />
      <Table.Td>
        <Text size="sm" c="dimmed">
          when the server is back
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          not yet
        </Text>
      </Table.Td>
    </Table.Tr>
  ));
}
