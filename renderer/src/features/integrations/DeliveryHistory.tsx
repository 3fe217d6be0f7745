import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { IntegrationEvent } from '../../../../server/contract';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';

const STATE = {
  success: { label: 'Success', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  successWithErrors: { label: 'Partly failed', color: 'orange' },
} as const;

export interface DeliveryHistoryTableProps {
  /** The integration as people call it, for the table's caption. */
  name: string;
  rows: readonly IntegrationEvent[];
  /** The first row's position (0-based) and the page size, for the range and the paging buttons. */
  offset: number;
  pageSize: number;
  onPage: (offset: number) => void;
}

/** One page of an integration's deliveries, newest first, with Newer / Older. */
export function DeliveryHistoryTable({ name, rows, offset, pageSize, onPage }: DeliveryHistoryTableProps) {
  const hasOlder = rows.length === pageSize;
  return (
    <>
      <Table.ScrollContainer minWidth={960}>
        <Table data-testid="delivery-history">
          <Table.Caption>
            Deliveries of {name}
            {rows.length > 0 ? `, ${offset + 1} to ${offset + rows.length}` : ''}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>Flag / project</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Status code</Table.Th>
              <Table.Th>Attempt</Table.Th>
              <Table.Th>Error</Table.Th>
              <Table.Th>Next attempt</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text size="sm" c="dimmed">
                    {offset === 0 ? 'Nothing was delivered yet.' : 'No older deliveries.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rows.map((row) => (
              <DeliveryRow key={row.id} row={row} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" mt="sm">
        <Button
          variant="default"
          size="xs"
          disabled={offset === 0}
          onClick={() => onPage(Math.max(0, offset - pageSize))}
        >
          Newer
        </Button>
        <Button variant="default" size="xs" disabled={!hasOlder} onClick={() => onPage(offset + pageSize)}>
          Older
        </Button>
      </Group>
    </>
  );
}

function DeliveryRow({ row }: { row: IntegrationEvent }) {
  const state = STATE[row.state] ?? { label: row.state, color: 'gray' };
  const { details, event } = row;
  const flag = event.featureName ?? '';
  const where = [flag, event.project, event.environment].filter(Boolean).join(' · ');
  return (
    <Table.Tr data-testid="delivery-row">
      <Table.Td>
        <RelativeTime value={row.createdAt} />
      </Table.Td>
      <Table.Td>{event.type}</Table.Td>
      <Table.Td>{where || '—'}</Table.Td>
      <Table.Td>
        <Badge
          color={state.color}
          variant="light"
          title={row.stateDetails}
          style={{ minWidth: 'max-content' }}
        >
          {state.label}
        </Badge>
      </Table.Td>
      <Table.Td>{details.statusCode ?? '—'}</Table.Td>
      <Table.Td>{details.attempt ?? '—'}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={3} title={details.error ?? row.stateDetails}>
          {details.error ?? (row.state === 'success' ? '—' : row.stateDetails)}
        </Text>
      </Table.Td>
      <Table.Td>
        <RelativeTime value={details.nextAttemptAt} fallback="—" />
      </Table.Td>
    </Table.Tr>
  );
}
