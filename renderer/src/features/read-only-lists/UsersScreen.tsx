import { Badge, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { User } from '../../api/types';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { QueryState } from '../../components/QueryState/QueryState';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import classes from './ReadOnlyList.module.css';

/** As in Unleash, a user search needs at least 2 characters (shorter queries find nothing). */
export const MIN_USER_SEARCH = 2;

export function UsersScreen() {
  const now = useNow();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), 300);
  const searching = query.length >= MIN_USER_SEARCH;
  const all = useServerData('user-admin', (api) => api.listUsers());
  const found = useServerData(searching ? `user-admin/search?q=${query}` : null, (api) =>
    api.searchUsers(query),
  );
  const shown = searching ? found : { ...all, data: all.data?.users };
  const roleName = (id: number | undefined) => all.data?.rootRoles?.find((role) => role.id === id)?.name;

  return (
    <>
      <PageHeader
        title="Users"
        description="People who can sign in, with their root role."
        savedAt={shown.savedAt}
        fromCache={shown.fromCache}
        now={now}
      />
      <TextInput
        label="Search users"
        placeholder="Name, username or e-mail"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        description={
          text.trim().length > 0 && text.trim().length < MIN_USER_SEARCH
            ? 'Type at least 2 characters to search'
            : undefined
        }
        className={classes.filter}
      />
      <QueryState<User[]>
        query={shown}
        noun="users"
        isEmpty={(data) => data.length === 0}
        empty={searching ? `No user matches “${query}”.` : 'No users yet.'}
      >
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Root role</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Last seen</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Text fw={600}>{user.name || user.username || `#${user.id}`}</Text>
                      {user.username && user.name ? (
                        <Text size="xs" c="dimmed">
                          {user.username}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{user.email || '–'}</Table.Td>
                    <Table.Td>{roleName(user.rootRole) ?? '–'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{user.accountType ?? 'User'}</Badge>
                    </Table.Td>
                    <Table.Td>{user.seenAt ? new Date(user.seenAt).toLocaleDateString() : 'never'}</Table.Td>
                    <Table.Td>
                      {user.createdAt ? new Date(user.createdAt).toLocaleDateString() : '–'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </>
  );
}
