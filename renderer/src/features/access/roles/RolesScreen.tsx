import { Badge, Group, Modal, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { EditNotices, useEditNotices } from '../../../components/EditNotices/EditNotices';
import { ListTable } from '../../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../../components/QueryState/QueryState';
import { RowActions, RowDeleteButton, RowEditButton } from '../../../components/RowActions/RowActions';

import { useServerWrite } from '../../../stores/use-mutations';
import { useNow } from '../../../stores/use-now';
import { usePendingEdits } from '../../../stores/use-outbox';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi, type Role } from '../access-api';
import { RoleForm } from './RoleForm';

const isBuiltIn = (role: Role) => role.type === 'root' || role.type === 'project';
const isRoot = (role: Role) => role.type === 'root' || role.type === 'root-custom';

/** Loads a custom role with its permissions, then edits it. */
function EditRole({
  role,
  onClose,
  onSaved,
}: {
  role: Role;
  onClose: () => void;
  onSaved: (queued: boolean) => void;
}) {
  const full = useServerData(`roles/${role.id}`, (api) => accessApi(api).getRole(role.id));
  const catalog = useServerData('permissions', (api) => accessApi(api).listPermissions());
  const query = {
    data: full.data && catalog.data ? { role: full.data, catalog: catalog.data } : undefined,
    loading: full.loading || catalog.loading,
    error: full.error ?? catalog.error,
  };
  return (
    <QueryState query={query} noun="the role's permissions">
      {({ role: loaded, catalog: permissions }) => (
        <RoleForm
          role={loaded}
          catalog={permissions}
          onCancel={onClose}
          onSaved={(result) => onSaved(result === 'queued')}
        />
      )}
    </QueryState>
  );
}

/** Root and project roles: built-in ones are shown, custom ones are created, edited and deleted. */
export function RolesScreen() {
  const write = useServerWrite({ kind: 'role' });
  const now = useNow();
  const roles = useServerData('roles', (api) => accessApi(api).listRoles());
  const catalog = useServerData('permissions', (api) => accessApi(api).listPermissions());
  const pending = usePendingEdits('role');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const notices = useEditNotices();

  const table = (title: string, list: Role[]) => (
    <>
      <Title order={2} size="h4" mt="lg" mb="xs">
        {title}
      </Title>
      <ListTable minWidth={640} columns={['Role', 'Kind', '']}>
        {list.map((serverRole) => {
          const entry = pending(String(serverRole.id));
          const mine = entry?.mine as { name: string; description: string | null } | undefined;
          const role = mine
            ? { ...serverRole, name: mine.name, description: mine.description ?? '' }
            : serverRole;
          return (
            <Table.Tr key={role.id} data-testid={`role-${role.id}`}>
              <Table.Td>
                <Group gap="xs">
                  <Text fw={600}>{role.name}</Text>
                  <PendingBadge entry={entry} />
                </Group>
                {role.description ? (
                  <Text size="sm" c="dimmed">
                    {role.description}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {isBuiltIn(role) ? (
                  <Badge variant="light" color="gray">
                    built-in
                  </Badge>
                ) : (
                  <Badge variant="light">custom</Badge>
                )}
              </Table.Td>
              <Table.Td>
                {isBuiltIn(role) ? (
                  <Text size="xs" c="dimmed" ta="right">
                    Built-in roles cannot be changed
                  </Text>
                ) : (
                  <RowActions>
                    <RowEditButton label={role.name} onClick={() => setEditing(role)} />
                    <RowDeleteButton
                      label={role.name}
                      needsServer="Deleting a role"
                      onClick={() => setDeleting(role)}
                    />
                  </RowActions>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
    </>
  );

  return (
    <>
      <PageHeader
        title="Roles"
        description="Root roles grant permissions everywhere; project roles grant them within the projects they are given in."
        savedAt={roles.savedAt}
        fromCache={roles.fromCache}
        now={now}
        actions={
          <OnlineOnlyButton
            reason="The server gives a new role its id"
            onClick={() => setCreating(true)}
            disabled={!catalog.data}
          >
            New role
          </OnlineOnlyButton>
        }
      />
      <EditNotices notices={notices} />
      <QueryState query={roles} noun="roles" isEmpty={(data) => data.roles.length === 0}>
        {(data) => (
          <>
            {table('Root roles', data.roles.filter(isRoot))}
            {table(
              'Project roles',
              data.roles.filter((role) => !isRoot(role)),
            )}
          </>
        )}
      </QueryState>

      <Modal opened={creating} onClose={() => setCreating(false)} title="New role" size="xl">
        {catalog.data ? (
          <RoleForm
            catalog={catalog.data}
            onCancel={() => setCreating(false)}
            onCreated={(name) => {
              setCreating(false);
              notices.announce(`Role ${name} created.`);
            }}
          />
        ) : null}
      </Modal>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={`Edit ${editing?.name ?? ''}`}
        size="xl"
      >
        {editing ? (
          <EditRole
            role={editing}
            onClose={() => setEditing(null)}
            onSaved={(wasQueued) => {
              setEditing(null);
              notices.setQueued(wasQueued);
            }}
          />
        ) : null}
      </Modal>

      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete the role ${deleting?.name ?? ''}?`}
        confirmLabel="Delete role"
        failure="The role was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await write((api) => accessApi(api).deleteRole(deleting.id));
        }}
      >
        The server refuses while users, groups or service accounts still hold it.
      </ConfirmDialog>
    </>
  );
}
