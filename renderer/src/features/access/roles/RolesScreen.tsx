import { Badge, Group, Table, Text, Title } from '@mantine/core';
import { type CrudDialogs, useCrudDialogs } from '../../../components/CrudDialogs/CrudDialogs';
import { CrudRowActions, CrudScreen } from '../../../components/CrudScreen/CrudScreen';
import { ListTable } from '../../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../../components/QueryState/QueryState';
import type { SubmitResult } from '../../../stores/console-store';
import { usePermission } from '../../../stores/permissions';
import { useServerWrite } from '../../../stores/use-mutations';
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
  onSaved: (result: SubmitResult) => void;
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
        <RoleForm role={loaded} catalog={permissions} onCancel={onClose} onSaved={onSaved} />
      )}
    </QueryState>
  );
}

/** Root and project roles: built-in ones are shown, custom ones are created, edited and deleted. */
export function RolesScreen() {
  const write = useServerWrite({ kind: 'role' });
  const roles = useServerData('roles', (api) => accessApi(api).listRoles());
  const catalog = useServerData('permissions', (api) => accessApi(api).listPermissions());
  const dialogs = useCrudDialogs<Role>();
  // Everyone reads roles; only admins make or change them (the server's role routes need ADMIN).
  const admin = usePermission('ADMIN') !== false;
  return (
    <CrudScreen
      dialogs={dialogs}
      title="Roles"
      description="Root roles grant permissions everywhere; project roles grant them within the projects they are given in."
      actions={
        admin ? (
          <OnlineOnlyButton
            reason="The server gives a new role its id"
            onClick={dialogs.openCreate}
            disabled={!catalog.data}
          >
            New role
          </OnlineOnlyButton>
        ) : null
      }
      query={roles}
      noun="roles"
      isEmpty={(data) => data.roles.length === 0}
      list={(data) => (
        <>
          <RoleTable title="Root roles" roles={data.roles.filter(isRoot)} dialogs={dialogs} />
          <RoleTable
            title="Project roles"
            roles={data.roles.filter((role) => !isRoot(role))}
            dialogs={dialogs}
          />
        </>
      )}
      nameOf={(role) => role.name}
      remove={{
        noun: 'role',
        onConfirm: (role) => write((api) => accessApi(api).deleteRole(role.id)),
        consequence: () => 'The server refuses while users, groups or service accounts still hold it.',
      }}
      edit={{
        newTitle: 'New role',
        size: 'xl',
        form: (target) =>
          target.mode === 'edit' ? (
            <EditRole role={target.item} onClose={dialogs.closeEdit} onSaved={dialogs.saved} />
          ) : catalog.data ? (
            <RoleForm
              catalog={catalog.data}
              onCancel={dialogs.closeEdit}
              onCreated={(name) => dialogs.created(`Role ${name} created.`)}
            />
          ) : null,
      }}
    ></CrudScreen>
  );
}

function RoleTable({ title, roles, dialogs }: { title: string; roles: Role[]; dialogs: CrudDialogs<Role> }) {
  const pending = usePendingEdits('role');
  const admin = usePermission('ADMIN') !== false;
  return (
    <>
      <Title order={2} size="h4" mt="lg" mb="xs">
        {title}
      </Title>
      <ListTable minWidth={640} columns={['Role', 'Kind', '']}>
        {roles.map((serverRole) => {
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
                ) : !admin ? null : (
                  <CrudRowActions
                    label={role.name}
                    needsServer="Deleting a role"
                    onEdit={() => dialogs.openEdit(role)}
                    onDelete={() => dialogs.openDelete(role)}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
    </>
  );
}
