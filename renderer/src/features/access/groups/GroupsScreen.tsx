import { Group as Row, Table, Text } from '@mantine/core';
import { type CrudDialogs, useCrudDialogs } from '../../../components/CrudDialogs/CrudDialogs';
import { CrudRowActions, CrudScreen, usePendingRow } from '../../../components/CrudScreen/CrudScreen';
import { ListTable } from '../../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { usePermission } from '../../../stores/permissions';
import { useServerWrite } from '../../../stores/use-mutations';
import { useServerData } from '../../../stores/use-server-data';
import { accessApi, type Group } from '../access-api';
import { ScimManagedBadge, ScimManagedNote } from '../shared/ScimManaged';
import { userLabel } from '../shared/user-search';
import { GroupForm } from './GroupForm';

type SavedGroup = Group & { id: number };
const MEMBERS_SHOWN = 3;

/** Groups of users that receive a root role and project roles together. */
export function GroupsScreen() {
  const write = useServerWrite({ kind: 'group' });
  const groups = useServerData('groups', (api) => accessApi(api).listGroups());
  const roles = useServerData('roles', (api) => accessApi(api).listRoles());
  const rootRoles = (roles.data?.roles ?? []).filter(
    (role) => role.type === 'root' || role.type === 'root-custom',
  );
  const roleName = (id: number | null | undefined) => rootRoles.find((role) => role.id === id)?.name;
  const dialogs = useCrudDialogs<SavedGroup>();
  // Everyone reads groups; only admins change them (the server's group routes need ADMIN).
  const admin = usePermission('ADMIN') !== false;
  return (
    <CrudScreen
      dialogs={dialogs}
      title="Groups"
      description="Groups of users that receive roles together: a root role here, project roles in each project's access settings."
      actions={
        admin ? (
          <OnlineOnlyButton reason="The server gives a new group its id" onClick={dialogs.openCreate}>
            New group
          </OnlineOnlyButton>
        ) : null
      }
      query={groups}
      noun="groups"
      isEmpty={(data) => (data.groups ?? []).length === 0}
      list={(data) => (
        <ListTable minWidth={760} columns={['Group', 'Members', 'Root role', 'Projects', 'Created', '']}>
          {(data.groups ?? [])
            .filter((group): group is SavedGroup => group.id !== undefined)
            .map((group) => (
              <GroupRow key={group.id} serverGroup={group} roleName={roleName} dialogs={dialogs} />
            ))}
        </ListTable>
      )}
      nameOf={(group) => group.name}
      remove={{
        noun: 'group',
        onConfirm: (group) => write((api) => accessApi(api).deleteGroup(group.id)),
        consequence: () => 'Its members keep their own roles but lose the roles they had through this group.',
      }}
      edit={{
        newTitle: 'New group',
        size: 'lg',
        form: (target) => (
          <GroupForm
            {...(target.mode === 'edit'
              ? { group: target.item, onSaved: dialogs.saved }
              : { onCreated: (name: string) => dialogs.created(`Group ${name} created.`) })}
            rootRoles={rootRoles}
            onCancel={dialogs.closeEdit}
          />
        ),
      }}
    ></CrudScreen>
  );
}

type GroupSnapshot = { name: string; description: string | null; rootRole: number | null; users: number[] };

function GroupRow({
  serverGroup,
  roleName,
  dialogs,
}: {
  serverGroup: SavedGroup;
  roleName: (id: number | null | undefined) => string | undefined;
  dialogs: CrudDialogs<SavedGroup>;
}) {
  const {
    item: group,
    entry,
    mine,
  } = usePendingRow('group', serverGroup.id, serverGroup, (server, mine: GroupSnapshot) => ({
    ...server,
    name: mine.name,
    description: mine.description,
    rootRole: mine.rootRole,
  }));
  const members = (group.users ?? []).map((member) => userLabel(member.user));
  const count = mine ? mine.users.length : (group.userCount ?? members.length);
  const admin = usePermission('ADMIN') !== false;
  return (
    <Table.Tr data-testid={`group-${group.id}`}>
      <Table.Td>
        <Row gap="xs">
          <Text fw={600}>{group.name}</Text>
          <ScimManagedBadge scimId={group.scimId} />
          <PendingBadge entry={entry} />
        </Row>
        <ScimManagedNote scimId={group.scimId} />
        {group.description ? (
          <Text size="sm" c="dimmed">
            {group.description}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{count}</Text>
        {!mine && members.length > 0 ? (
          <Text size="xs" c="dimmed">
            {members.slice(0, MEMBERS_SHOWN).join(', ')}
            {members.length > MEMBERS_SHOWN ? ` +${members.length - MEMBERS_SHOWN}` : ''}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{roleName(group.rootRole) ?? '–'}</Table.Td>
      <Table.Td>{group.projects?.join(', ') || '–'}</Table.Td>
      <Table.Td>
        <RelativeTime value={group.createdAt} />
      </Table.Td>
      <Table.Td>
        {admin ? (
          <CrudRowActions
            label={group.name}
            disabled={Boolean(group.scimId)}
            needsServer="Deleting a group"
            onEdit={() => dialogs.openEdit(serverGroup)}
            onDelete={() => dialogs.openDelete(serverGroup)}
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
