import { Checkbox, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { InactiveUser } from '../../../../../server/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { ListTable } from '../../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { QueryState } from '../../../components/QueryState/QueryState';

import { useServerWrite } from '../../../stores/use-mutations';
import { useNow } from '../../../stores/use-now';
import { useServerData } from '../../../stores/use-server-data';

const shortDate = (value: string | null | undefined) =>
  value ? (
    <span title={new Date(value).toLocaleString()}>{new Date(value).toLocaleDateString()}</span>
  ) : (
    'never'
  );

const label = (user: InactiveUser) => user.name || user.username || user.email || `user ${user.id}`;

/** `/admin/users/inactive`: users not seen for 180 days (Unleash's rule), deleted several at once. */
export function InactiveUsersScreen() {
  const write = useServerWrite({ kind: 'user' });
  const now = useNow();
  const inactive = useServerData('user-admin-inactive', (api) =>
    api.client.get<{ inactiveUsers: InactiveUser[] }>('/api/admin/user-admin/inactive'),
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const rows = inactive.data?.inactiveUsers ?? [];
  const chosen = rows.filter((user) => selected.has(user.id));

  return (
    <>
      <PageHeader
        title="Inactive users"
        description="Users who have not signed in or used a personal access token for 180 days."
        savedAt={inactive.savedAt}
        fromCache={inactive.fromCache}
        now={now}
        actions={
          <OnlineOnlyButton
            reason="Deleting users"
            color="red"
            disabled={chosen.length === 0}
            onClick={() => setConfirming(true)}
          >
            Delete selected ({chosen.length})
          </OnlineOnlyButton>
        }
      />
      {done ? (
        <Text size="sm" role="status" mb="sm">
          {done}
        </Text>
      ) : null}
      <QueryState query={inactive} noun="inactive users" isEmpty={(data) => data.inactiveUsers.length === 0}>
        {(data) => (
          <InactiveUserTable
            users={data.inactiveUsers}
            selected={selected}
            onSelect={(id, on) =>
              setSelected((previous) => {
                const next = new Set(previous);
                if (on) next.add(id);
                else next.delete(id);
                return next;
              })
            }
          />
        )}
      </QueryState>
      <ConfirmDialog
        opened={confirming}
        title={`Delete ${chosen.length === 1 ? label(chosen[0]!) : `${chosen.length} users`}?`}
        confirmLabel="Delete users"
        cancelLabel="Keep them"
        failure="The users were not deleted"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const count = chosen.length;
          await write((api) =>
            api.client.post<unknown>('/api/admin/user-admin/inactive/delete', {
              ids: chosen.map((user) => user.id),
            }),
          );
          setSelected(new Set());
          setDone(`${count} ${count === 1 ? 'user' : 'users'} deleted.`);
        }}
      >
        Their sessions and personal access tokens end with them: {chosen.map(label).join(', ')}
      </ConfirmDialog>
    </>
  );
}

/** The inactive users, each with its selection box. */
function InactiveUserTable({
  users,
  selected,
  onSelect,
}: {
  users: readonly InactiveUser[];
  selected: ReadonlySet<number>;
  onSelect: (id: number, on: boolean) => void;
}) {
  return (
    <ListTable
      minWidth={640}
      columns={[
        { label: 'Selection', hidden: true },
        'User',
        'E-mail',
        'Created',
        'Last seen',
        'Token last used',
      ]}
    >
      {users.map((user) => (
        <Table.Tr key={user.id} data-testid={`inactive-user-${user.id}`}>
          <Table.Td>
            <Checkbox
              aria-label={`Select ${label(user)}`}
              checked={selected.has(user.id)}
              onChange={(event) => onSelect(user.id, event.currentTarget.checked)}
            />
          </Table.Td>
          <Table.Td>
            <Group gap="xs">
              <Text fw={600}>{label(user)}</Text>
            </Group>
          </Table.Td>
          <Table.Td>{user.email || '–'}</Table.Td>
          <Table.Td>{shortDate(user.createdAt)}</Table.Td>
          <Table.Td>{shortDate(user.seenAt)}</Table.Td>
          <Table.Td>{shortDate(user.patSeenAt)}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
