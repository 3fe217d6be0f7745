import { Modal, Group as Row, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog/ConfirmDialog';
import { EditNotices, useEditNotices } from '../../../components/EditNotices/EditNotices';
import { ListTable } from '../../../components/ListTable/ListTable';
import { OnlineOnlyButton } from '../../../components/OnlineOnlyButton/OnlineOnlyButton';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { PendingBadge } from '../../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../../components/QueryState/QueryState';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { RowActions, RowDeleteButton, RowEditButton } from '../../../components/RowActions/RowActions';

import { useServerWrite } from '../../../stores/use-mutations';
import { useNow } from '../../../stores/use-now';
import { usePendingEdits } from '../../../stores/use-outbox';
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
  const now = useNow();
  const groups = useServerData('groups', (api) => accessApi(api).listGroups());
  const roles = useServerData('roles', (api) => accessApi(api).listRoles());
  const rootRoles = (roles.data?.roles ?? []).filter(
    (role) => role.type === 'root' || role.type === 'root-custom',
  );
  const roleName = (id: number | null | undefined) => rootRoles.find((role) => role.id === id)?.name;
  const pending = usePendingEdits('group');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SavedGroup | null>(null);
  const [deleting, setDeleting] = useState<SavedGroup | null>(null);
  const notices = useEditNotices();

  return (
    <>
      <PageHeader
        title="Groups"
        description="Groups of users that receive roles together: a root role here, project roles in each project's access settings."
        savedAt={groups.savedAt}
        fromCache={groups.fromCache}
        now={now}
        actions={
          <OnlineOnlyButton reason="The server gives a new group its id" onClick={() => setCreating(true)}>
            New group
          </OnlineOnlyButton>
        }
      />
      <EditNotices notices={notices} />
      <QueryState query={groups} noun="groups" isEmpty={(data) => (data.groups ?? []).length === 0}>
        {(data) => (
          <ListTable minWidth={760} columns={['Group', 'Members', 'Root role', 'Projects', 'Created', '']}>
            {(data.groups ?? [])
              .filter((group): group is SavedGroup => group.id !== undefined)
              .map((serverGroup) => {
                const entry = pending(String(serverGroup.id));
                const mine = entry?.mine as
                  | { name: string; description: string | null; rootRole: number | null; users: number[] }
                  | undefined;
                const group = mine
                  ? {
                      ...serverGroup,
                      name: mine.name,
                      description: mine.description,
                      rootRole: mine.rootRole,
                    }
                  : serverGroup;
                const members = (group.users ?? []).map((member) => userLabel(member.user));
                const count = mine ? mine.users.length : (group.userCount ?? members.length);
                return (
                  <Table.Tr key={group.id} data-testid={`group-${group.id}`}>
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
                      <RowActions>
                        <RowEditButton
                          label={group.name}
                          disabled={Boolean(group.scimId)}
                          onClick={() => setEditing(serverGroup)}
                        />
                        <RowDeleteButton
                          label={group.name}
                          needsServer="Deleting a group"
                          disabled={Boolean(group.scimId)}
                          onClick={() => setDeleting(serverGroup)}
                        />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
          </ListTable>
        )}
      </QueryState>

      <Modal opened={creating} onClose={() => setCreating(false)} title="New group" size="lg">
        <GroupForm
          rootRoles={rootRoles}
          onCancel={() => setCreating(false)}
          onCreated={(name) => {
            setCreating(false);
            notices.announce(`Group ${name} created.`);
          }}
        />
      </Modal>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={`Edit ${editing?.name ?? ''}`}
        size="lg"
      >
        {editing ? (
          <GroupForm
            group={editing}
            rootRoles={rootRoles}
            onCancel={() => setEditing(null)}
            onSaved={(result) => {
              setEditing(null);
              notices.setQueued(result === 'queued');
            }}
          />
        ) : null}
      </Modal>

      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete the group ${deleting?.name ?? ''}?`}
        confirmLabel="Delete group"
        failure="The group was not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await write((api) => accessApi(api).deleteGroup(deleting.id));
        }}
      >
        Its members keep their own roles but lose the roles they had through this group.
      </ConfirmDialog>
    </>
  );
}
