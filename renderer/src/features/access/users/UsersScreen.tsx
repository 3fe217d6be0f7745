import { Badge, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  type CrudDialogs,
  CrudEditDialog,
  editTitle,
  useCrudDialogs,
} from '../../../components/CrudDialogs/CrudDialogs';
import { CrudRowActions, CrudScreen, usePendingRow } from '../../../components/CrudScreen/CrudScreen';
import { ListTable } from '../../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { useServerWrite } from '../../../stores/use-mutations';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi, type CreatedUser, type Role, type User } from '../access-api';
import type { UserSnapshot } from '../access-edits';
import { LinkReveal } from '../shared/LinkReveal';
import { ScimManagedBadge, ScimManagedNote } from '../shared/ScimManaged';
import { USER_SEARCH_HINT, USER_SEARCH_TOO_SHORT, userLabel, useUserSearch } from '../shared/user-search';
import { PasswordDialog } from './PasswordDialog';
import { UserForm } from './UserForm';

/** Users: search (2 characters or more), create with an invite link or a password, edit, delete, passwords. */
export function UsersScreen() {
  const write = useServerWrite({ kind: 'user' });
  const [text, setText] = useState('');
  const { query, searching, found, tooShort } = useUserSearch(text);
  const all = useServerData('user-admin', (api) => accessApi(api).listUsers());
  const shown = searching ? found : { ...all, data: all.data?.users };
  const rootRoles = all.data?.rootRoles ?? [];
  const roleName = (id: number | null | undefined) => rootRoles.find((role) => role.id === id)?.name;
  const dialogs = useCrudDialogs<User>();
  const [password, setPassword] = useState<User | null>(null);
  return (
    <CrudScreen<User, User[]>
      dialogs={dialogs}
      title="Users"
      description="People who can sign in, with their root role."
      actions={
        <OnlineOnlyButton
          reason="The server answers a new user with their invite link"
          onClick={dialogs.openCreate}
        >
          New user
        </OnlineOnlyButton>
      }
      toolbar={
        <TextInput
          label="Search users"
          description={USER_SEARCH_HINT}
          placeholder="Name, username or e-mail"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={tooShort ? USER_SEARCH_TOO_SHORT : undefined}
          mb="md"
          maw={420}
        />
      }
      query={shown}
      noun="users"
      isEmpty={(data) => data.length === 0}
      empty={searching ? `No user matches “${query}”.` : 'No users yet.'}
      list={(data) => (
        <ListTable minWidth={760} columns={['User', 'E-mail', 'Root role', 'Last seen', 'Created', '']}>
          {data.map((user) => (
            <UserRow
              key={user.id}
              serverUser={user}
              roleName={roleName}
              dialogs={dialogs}
              onPassword={setPassword}
            />
          ))}
        </ListTable>
      )}
      nameOf={userLabel}
      remove={{
        noun: 'user',
        onConfirm: (user) => write((api) => accessApi(api).deleteUser(user.id)),
        consequence: () =>
          'They can no longer sign in, and their personal access tokens stop working. This cannot be undone.',
      }}
    >
      <UserDialog dialogs={dialogs} rootRoles={rootRoles} />
      <PasswordDialog user={password} onClose={() => setPassword(null)} />
    </CrudScreen>
  );
}

/** New user (then their invite link, when the server made one) or edit user. */
function UserDialog({ dialogs, rootRoles }: { dialogs: CrudDialogs<User>; rootRoles: readonly Role[] }) {
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const close = () => {
    dialogs.closeEdit();
    setCreated(null);
  };
  return (
    <CrudEditDialog
      dialogs={dialogs}
      onClose={() => setCreated(null)}
      closeOnClickOutside={!created}
      title={(target) =>
        created ? `User ${userLabel(created)} created` : editTitle(target, 'New user', userLabel)
      }
    >
      {(target) =>
        target.mode === 'edit' ? (
          <UserForm
            user={target.item}
            rootRoles={rootRoles}
            onCancel={dialogs.closeEdit}
            onSaved={dialogs.saved}
          />
        ) : created?.inviteLink ? (
          <LinkReveal link={created.inviteLink} onDone={close}>
            {created.emailSent
              ? `An invitation with this link is on its way to ${created.email}; you can also send it yourself. With it they choose their password and sign in.`
              : `Send this link to ${userLabel(created)}: with it they choose their password and sign in.`}{' '}
            You can make a new one later under Password.
          </LinkReveal>
        ) : (
          <UserForm
            rootRoles={rootRoles}
            onCancel={close}
            onCreated={(user) => {
              if (user.inviteLink) setCreated(user);
              else dialogs.created(`User ${userLabel(user)} created with the password you chose.`);
            }}
          />
        )
      }
    </CrudEditDialog>
  );
}

function UserRow({
  serverUser,
  roleName,
  dialogs,
  onPassword,
}: {
  serverUser: User;
  roleName: (id: number | null | undefined) => string | undefined;
  dialogs: CrudDialogs<User>;
  onPassword: (user: User) => void;
}) {
  const { item: user, entry } = usePendingRow(
    'user',
    serverUser.id,
    serverUser,
    (server, mine: UserSnapshot): User => ({
      ...server,
      name: mine.name,
      email: mine.email ?? '',
      rootRole: mine.rootRole ?? 0,
    }),
  );
  const label = userLabel(user);
  const scim = Boolean(user.scimId);
  return (
    <Table.Tr data-testid={`user-${user.id}`}>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{label}</Text>
          {user.accountType === 'Service Account' ? (
            <Badge variant="light" size="sm">
              service account
            </Badge>
          ) : null}
          <ScimManagedBadge scimId={user.scimId} />
          <PendingBadge entry={entry} />
        </Group>
        {user.username && user.name ? (
          <Text size="xs" c="dimmed">
            {user.username}
          </Text>
        ) : null}
        <ScimManagedNote scimId={user.scimId} />
      </Table.Td>
      <Table.Td>{user.email || '–'}</Table.Td>
      <Table.Td>{roleName(user.rootRole) ?? '–'}</Table.Td>
      <Table.Td>
        <RelativeTime value={user.seenAt} fallback="never" />
      </Table.Td>
      <Table.Td>
        <RelativeTime value={user.createdAt} />
      </Table.Td>
      <Table.Td>
        <CrudRowActions
          label={label}
          disabled={scim}
          needsServer="Deleting a user"
          onEdit={() => dialogs.openEdit(user)}
          onDelete={() => dialogs.openDelete(user)}
          beforeDelete={
            <Button
              size="xs"
              variant="subtle"
              disabled={scim}
              aria-label={`Password of ${label}`}
              onClick={() => onPassword(user)}
            >
              Password
            </Button>
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}
