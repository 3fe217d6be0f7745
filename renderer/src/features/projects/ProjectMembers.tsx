import { Badge, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { ListTable } from '../../components/ListTable/ListTable';
import { PendingBadge } from '../../components/PendingBadge/PendingBadge';
import { QueryState } from '../../components/QueryState/QueryState';
import type { OutboxEntry } from '../../offline/outbox';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import { loadProjectMembers, type ProjectAccess, type ShareTargets } from './project-api';
import {
  type MemberChange,
  type MemberKind,
  memberTarget,
  projectMemberEdit,
  rolesOf,
} from './project-edits';

interface MemberRow {
  kind: MemberKind;
  id: number;
  name: string;
  detail: string | null;
  roles: number[];
}

function memberRows(access: ProjectAccess): MemberRow[] {
  const users = access.users.map((user) => ({
    kind: 'user' as const,
    id: user.id,
    name: user.name || user.username || user.email || `User ${user.id}`,
    detail: user.email ?? user.username ?? null,
    roles: rolesOf(user),
  }));
  const groups = access.groups.map((group) => ({
    kind: 'group' as const,
    id: group.id,
    name: group.name ?? `Group ${group.id}`,
    detail: group.description ?? null,
    roles: rolesOf(group),
  }));
  return [...users, ...groups];
}

function candidates(targets: ShareTargets, members: readonly MemberRow[]) {
  const taken = new Set(members.map((member) => `${member.kind}:${member.id}`));
  const users = (targets.users ?? [])
    .filter((user) => !taken.has(`user:${user.id}`))
    .map((user) => ({
      value: `user:${user.id}`,
      label: `${user.name || user.username || user.email || `User ${user.id}`}${user.email ? ` (${user.email})` : ''}`,
    }));
  const groups = (targets.groups ?? [])
    .filter((group) => group.id !== undefined && !taken.has(`group:${group.id}`))
    .map((group) => ({ value: `group:${group.id}`, label: `Group: ${group.name}` }));
  return [...users, ...groups];
}

/** The server's members with their queued edits: a role change shows, a queued removal hides the row. */
function rowsWithPending(
  access: ProjectAccess,
  outbox: readonly OutboxEntry[],
  projectId: string,
): Array<{ row: MemberRow; entry?: OutboxEntry }> {
  const pendingFor = (kind: MemberKind, id: number) => {
    const target = memberTarget(projectId, kind, id);
    return outbox.filter((entry) => entry.kind === 'project-member' && entry.target === target).at(-1);
  };
  return memberRows(access).flatMap((row): Array<{ row: MemberRow; entry?: OutboxEntry }> => {
    const entry = pendingFor(row.kind, row.id);
    if (!entry) return [{ row, entry }];
    const mine = entry.mine as { roles: number[] } | null;
    return mine === null && entry.state.status === 'pending'
      ? []
      : [{ row: { ...row, roles: mine?.roles ?? row.roles }, entry }];
  });
}

/** Members added while offline: not on the server yet, shown by the edit's own summary. */
function queuedMemberAdds(access: ProjectAccess, outbox: readonly OutboxEntry[], projectId: string) {
  const onServer = new Set(memberRows(access).map((row) => memberTarget(projectId, row.kind, row.id)));
  return outbox.filter(
    (entry) =>
      entry.kind === 'project-member' &&
      entry.base === null &&
      entry.target.startsWith(`${projectId}/`) &&
      !onServer.has(entry.target),
  );
}

type SubmitMember = (key: string, change: MemberChange, roles: number[] | null) => Promise<boolean>;

/** Who may work in the project and with which project role: add, change the role, remove. */
export function ProjectMembers({
  projectId,
  onSaved,
}: {
  projectId: string;
  onSaved: (result: SubmitResult) => void;
}) {
  const { mutateAsync: submitEdit } = useEditMutation();
  const members = useServerData(`project-members:${projectId}`, (api) =>
    loadProjectMembers(api.client, projectId),
  );
  const outbox = useProfileOutbox();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [newMember, setNewMember] = useState('');
  const [newRole, setNewRole] = useState('');

  async function submit(key: string, change: MemberChange, roles: number[] | null) {
    setBusy(key);
    setError(null);
    try {
      onSaved(await submitEdit(projectMemberEdit(change, roles)));
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setBusy(null);
    }
  }

  return (
    <QueryState query={members} noun="project members">
      {({ access, targets }) => {
        const rows = rowsWithPending(access, outbox, projectId);
        const queuedAdds = queuedMemberAdds(access, outbox, projectId);
        const roles = access.roles;
        const roleName = (id: number) => roles.find((role) => role.id === id)?.name ?? `Role ${id}`;
        const roleOptions = roles.map((role) => ({ value: String(role.id), label: role.name }));
        return (
          <Stack gap="md">
            {error ? <ErrorNotice error={error} title="The members were not changed" /> : null}
            <ListTable minWidth={560} columns={['Member', 'Project role', '']}>
              {rows.map(({ row, entry }) => (
                <MemberTableRow
                  key={`${row.kind}:${row.id}`}
                  {...{ projectId, row, entry, roleOptions, roleName, busy, submit }}
                />
              ))}
              {queuedAdds.map((entry) => (
                <Table.Tr key={entry.id} data-testid={`queued-member-${entry.target}`}>
                  <Table.Td colSpan={3}>
                    <Group gap="xs">
                      <Text size="sm">{entry.summary}</Text>
                      <PendingBadge entry={entry} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
            {rows.length === 0 && queuedAdds.length === 0 ? (
              <Text c="dimmed" size="sm">
                No members yet: only root roles give access to this project.
              </Text>
            ) : null}
            <AddMemberForm
              options={candidates(targets, memberRows(access))}
              {...{ projectId, roleOptions, newMember, setNewMember, newRole, setNewRole, busy, submit }}
            />
          </Stack>
        );
      }}
    </QueryState>
  );
}

/** One member: name (and group badge, queued edit), the project role to change, Remove. */
function MemberTableRow({
  projectId,
  row,
  entry,
  roleOptions,
  roleName,
  busy,
  submit,
}: {
  projectId: string;
  row: MemberRow;
  entry: OutboxEntry | undefined;
  roleOptions: Array<{ value: string; label: string }>;
  roleName: (id: number) => string;
  busy: string | null;
  submit: SubmitMember;
}) {
  const key = `${row.kind}:${row.id}`;
  const change: MemberChange = {
    project: projectId,
    kind: row.kind,
    id: row.id,
    name: row.name,
    current: row.roles,
  };
  return (
    <Table.Tr data-testid={`member-${row.kind}-${row.id}`}>
      <Table.Td>
        <Group gap="xs">
          <Text fw={600}>{row.name}</Text>
          {row.kind === 'group' ? (
            <Badge variant="light" size="sm">
              group
            </Badge>
          ) : null}
          <PendingBadge entry={entry} />
        </Group>
        {row.detail ? (
          <Text size="sm" c="dimmed">
            {row.detail}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`Project role of ${row.name}`}
          data={roleOptions}
          value={String(row.roles[0] ?? '')}
          disabled={busy !== null}
          onChange={(e) => void submit(key, change, [Number(e.currentTarget.value)])}
        />
        {row.roles.length > 1 ? (
          <Text size="xs" c="dimmed">
            also {row.roles.slice(1).map(roleName).join(', ')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          aria-label={`Remove ${row.name} from the project`}
          loading={busy === `remove:${key}`}
          disabled={busy !== null}
          onClick={() => void submit(`remove:${key}`, change, null)}
        >
          Remove
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** Choose a user or group not yet a member and the role to give it. */
function AddMemberForm({
  projectId,
  options,
  roleOptions,
  newMember,
  setNewMember,
  newRole,
  setNewRole,
  busy,
  submit,
}: {
  projectId: string;
  options: Array<{ value: string; label: string }>;
  roleOptions: Array<{ value: string; label: string }>;
  newMember: string;
  setNewMember: (member: string) => void;
  newRole: string;
  setNewRole: (role: string) => void;
  busy: string | null;
  submit: SubmitMember;
}) {
  const chosenRole = newRole || roleOptions[0]?.value || '';
  async function add(event: FormEvent) {
    event.preventDefault();
    const [kind, rawId] = newMember.split(':') as [MemberKind, string];
    const label = options.find((option) => option.value === newMember)?.label ?? newMember;
    if (!newMember || !chosenRole) return;
    const done = await submit(
      'add',
      { project: projectId, kind, id: Number(rawId), name: label, current: null },
      [Number(chosenRole)],
    );
    if (done) setNewMember('');
  }

  return (
    <form onSubmit={add}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Add a member
        </Title>
        <Group align="flex-end" gap="xs">
          <NativeSelect
            label="User or group"
            data={[{ value: '', label: 'Choose…' }, ...options]}
            value={newMember}
            onChange={(e) => setNewMember(e.currentTarget.value)}
          />
          <NativeSelect
            label="Role"
            data={roleOptions}
            value={chosenRole}
            onChange={(e) => setNewRole(e.currentTarget.value)}
          />
          <Button type="submit" disabled={!newMember || busy !== null} loading={busy === 'add'}>
            Add member
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
