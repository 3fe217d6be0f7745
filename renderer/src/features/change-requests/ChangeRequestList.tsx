import { Anchor, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable/ListTable';
import { QueryState } from '../../components/QueryState/QueryState';
import { RelativeTime } from '../../components/RelativeTime/RelativeTime';
import { Link } from '../../router/navigation';
import { useServerData } from '../../stores/use-server-data';
import { changeRequestPagePath, changeRequestsPath, createChangeRequestApi } from './change-request-api';
import {
  CHANGE_REQUEST_STATES,
  type ChangeRequestState,
  type ChangeRequestUser,
  OPEN_STATES,
  userName,
} from './change-request-types';
import { StateBadge } from './StateBadge';

/** What a row needs: the project list and the search answer both have it. */
export interface ChangeRequestRow {
  id: number;
  title?: string;
  project: string;
  environment: string;
  state: ChangeRequestState;
  createdBy: ChangeRequestUser;
  createdAt: string;
  flags: string[];
}

export function ChangeRequestTable({
  rows,
  showProject = false,
}: {
  rows: readonly ChangeRequestRow[];
  showProject?: boolean;
}) {
  return (
    <ListTable
      minWidth={720}
      columns={[
        'Change request',
        ...(showProject ? ['Project'] : []),
        'Flags',
        'Environment',
        'Author',
        'Created',
        'State',
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={`${row.project}/${row.id}`} data-testid={`change-request-row-${row.id}`}>
          <Table.Td>
            <Anchor component={Link} to={changeRequestPagePath(row.project, row.id)} fw={600}>
              #{row.id} {row.title || 'Change request'}
            </Anchor>
          </Table.Td>
          {showProject ? <Table.Td>{row.project}</Table.Td> : null}
          <Table.Td>{row.flags.length ? row.flags.join(', ') : '–'}</Table.Td>
          <Table.Td>{row.environment}</Table.Td>
          <Table.Td>{userName(row.createdBy)}</Table.Td>
          <Table.Td>
            <RelativeTime value={row.createdAt} />
          </Table.Td>
          <Table.Td>
            <StateBadge state={row.state} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

type Filter = 'open' | 'closed' | 'all' | ChangeRequestState;

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
  ...CHANGE_REQUEST_STATES.map((state) => ({ value: state, label: state })),
];

export function matchesFilter(state: ChangeRequestState, filter: Filter): boolean {
  if (filter === 'all') return true;
  if (filter === 'open') return OPEN_STATES.includes(state);
  if (filter === 'closed') return !OPEN_STATES.includes(state);
  return state === filter;
}

/** `/projects/:projectId/change-requests`: the project's last 300 change requests, filtered by state. */
export function ChangeRequestList({ project }: { project: string }) {
  const [filter, setFilter] = useState<Filter>('open');
  const list = useServerData(changeRequestsPath(project), (api, signal) =>
    createChangeRequestApi(api.client).list(project, signal),
  );
  const rows: ChangeRequestRow[] = (list.data ?? [])
    .filter((request) => matchesFilter(request.state, filter))
    .sort((a, b) => b.id - a.id)
    .map((request) => ({ ...request, flags: request.features.map((feature) => feature.name) }));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Select
          label="State"
          data={FILTERS}
          value={filter}
          onChange={(value) => setFilter((value as Filter | null) ?? 'open')}
          allowDeselect={false}
          w={200}
        />
        <Text size="sm" c="dimmed">
          {rows.length} of {list.data?.length ?? 0} change requests
        </Text>
      </Group>
      <QueryState
        query={{ ...list, data: list.data ? rows : undefined }}
        noun="change requests"
        isEmpty={(data) => data.length === 0}
        empty={
          filter === 'open'
            ? 'No open change requests. Changes to an environment that requires them start one.'
            : 'No change requests in this state.'
        }
      >
        {(data) => <ChangeRequestTable rows={data} />}
      </QueryState>
    </Stack>
  );
}
