import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import type { Edit, Snapshot } from '../../offline/outbox';
import {
  accessApi,
  type Group,
  type InviteLink,
  type RoleBody,
  type RoleWithPermissions,
  type ServiceAccount,
  type User,
} from './access-api';

/**
 * The access objects the console edits through the outbox (console.submitEdit), each with the
 * snapshot replay compares: only the fields these screens edit, so a new `seenAt` is no conflict.
 * Creations and anything whose answer carries a secret stay online-only and are not here.
 */
type AccessEdit = Omit<Edit, 'profileId'>;

const orNull = (value: string | null | undefined) => (value ? value : null);

export const userSnapshot = (user: Pick<User, 'name' | 'email' | 'rootRole'>) => ({
  name: orNull(user.name?.trim()),
  email: orNull(user.email?.trim()),
  rootRole: user.rootRole ?? null,
});
export type UserSnapshot = ReturnType<typeof userSnapshot>;

export function userEdit(user: User, next: { name: string; email: string; rootRole: number }): AccessEdit {
  const label = user.name || user.username || user.email || `#${user.id}`;
  return {
    kind: 'user',
    target: String(user.id),
    summary: `Update the user ${label}`,
    request: {
      method: 'PUT',
      path: `/api/admin/user-admin/${user.id}`,
      body: { name: next.name.trim(), email: next.email.trim(), rootRole: next.rootRole },
    },
    base: userSnapshot(user),
    mine: userSnapshot(next),
  };
}

/** A permission as a comparable key: `NAME` or, for environment permissions, `NAME@environment`. */
export const permissionKey = (permission: { name?: string; environment?: string | null }) =>
  permission.environment ? `${permission.name}@${permission.environment}` : `${permission.name}`;

export function permissionFromKey(key: string): { name: string; environment?: string } {
  const at = key.indexOf('@');
  return at < 0 ? { name: key } : { name: key.slice(0, at), environment: key.slice(at + 1) };
}

export const roleSnapshot = (role: {
  name: string;
  description?: string | null | undefined;
  type: string;
  permissions: ReadonlyArray<{ name?: string; environment?: string | null }>;
}) => ({
  name: role.name.trim(),
  description: orNull(role.description?.trim()),
  type: role.type,
  permissions: [...new Set(role.permissions.map(permissionKey))].sort(),
});

export function roleBody(draft: {
  name: string;
  description: string;
  type: 'root-custom' | 'custom';
  permissions: readonly string[];
}): RoleBody {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    type: draft.type,
    permissions: [...draft.permissions].sort().map(permissionFromKey),
  };
}

export function roleEdit(role: RoleWithPermissions, body: RoleBody): AccessEdit {
  return {
    kind: 'role',
    target: String(role.id),
    summary: `Update the role ${role.name}`,
    request: { method: 'PUT', path: `/api/admin/roles/${role.id}`, body },
    base: roleSnapshot(role),
    mine: roleSnapshot({ ...body, type: body.type ?? role.type, permissions: body.permissions ?? [] }),
  };
}

/** SSO group names as the identity provider sends them: trimmed, no blanks, each once, in order. */
export const ssoMappings = (values: readonly string[] | undefined) => [
  ...new Set((values ?? []).map((value) => value.trim()).filter((value) => value !== '')),
];

export const groupSnapshot = (group: {
  name: string;
  description?: string | null | undefined;
  rootRole?: number | null | undefined;
  mappingsSSO?: readonly string[] | undefined;
  userIds: readonly number[];
}) => ({
  name: group.name.trim(),
  description: orNull(group.description?.trim()),
  rootRole: group.rootRole ?? null,
  mappingsSSO: ssoMappings(group.mappingsSSO),
  users: [...new Set(group.userIds)].sort((a, b) => a - b),
});

export const groupUserIds = (group: Group) => (group.users ?? []).map((member) => member.user.id);

export function groupEdit(
  group: Group & { id: number },
  next: {
    name: string;
    description: string;
    rootRole: number | null;
    mappingsSSO: readonly string[];
    userIds: readonly number[];
  },
): AccessEdit {
  const mine = groupSnapshot(next);
  return {
    kind: 'group',
    target: String(group.id),
    summary: `Update the group ${group.name}`,
    request: {
      method: 'PUT',
      path: `/api/admin/groups/${group.id}`,
      body: {
        name: mine.name,
        description: mine.description,
        mappingsSSO: mine.mappingsSSO,
        rootRole: mine.rootRole,
        users: mine.users.map((id) => ({ user: { id } })),
      },
    },
    base: groupSnapshot({ ...group, userIds: groupUserIds(group) }),
    mine,
  };
}

export const serviceAccountSnapshot = (account: Pick<ServiceAccount, 'name' | 'rootRole'>) => ({
  name: orNull(account.name?.trim()),
  rootRole: account.rootRole ?? null,
});

export function serviceAccountEdit(
  account: ServiceAccount,
  next: { name: string; rootRole: number },
): AccessEdit {
  return {
    kind: 'service-account',
    target: String(account.id),
    summary: `Update the service account ${account.name ?? account.username ?? `#${account.id}`}`,
    request: {
      method: 'PUT',
      path: `/api/admin/service-account/${account.id}`,
      body: { name: next.name.trim(), rootRole: next.rootRole },
    },
    base: serviceAccountSnapshot(account),
    mine: serviceAccountSnapshot(next),
  };
}

export const inviteLinkSnapshot = (link: Pick<InviteLink, 'enabled' | 'expiresAt'>) => ({
  enabled: link.enabled,
  expiresAt: new Date(link.expiresAt).toISOString(),
});

export function inviteLinkEdit(
  link: InviteLink,
  change: { enabled: boolean } | { expiresAt: string },
): AccessEdit {
  const summary =
    'enabled' in change
      ? `${change.enabled ? 'Enable' : 'Disable'} the invite link ${link.name}`
      : `Let the invite link ${link.name} expire on ${new Date(change.expiresAt).toLocaleDateString()}`;
  return {
    kind: 'invite-link',
    target: link.secret,
    summary,
    request: {
      method: 'PUT',
      path: `/api/admin/invite-link/tokens/${encodeURIComponent(link.secret)}`,
      body: change,
    },
    base: inviteLinkSnapshot(link),
    mine: inviteLinkSnapshot({ ...link, ...change }),
  };
}

async function orNullIfMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isApiError(error, 'NotFoundError')) return null;
    throw error;
  }
}

type Reader = (api: AdminApi, target: string) => Promise<Snapshot | null>;

/** How replay reads each access object back from the server; gathered in app/resource-readers.ts. */
export const ACCESS_READERS: Record<string, Reader> = {
  user: async (api, id) => {
    const user = await orNullIfMissing(() => accessApi(api).getUser(Number(id)));
    return user ? userSnapshot(user) : null;
  },
  role: async (api, id) => {
    const role = await orNullIfMissing(() => accessApi(api).getRole(Number(id)));
    return role ? roleSnapshot(role) : null;
  },
  group: async (api, id) => {
    const group = await orNullIfMissing(() => accessApi(api).getGroup(Number(id)));
    return group ? groupSnapshot({ ...group, userIds: groupUserIds(group) }) : null;
  },
  'service-account': async (api, id) => {
    const { serviceAccounts } = await accessApi(api).listServiceAccounts();
    const account = serviceAccounts.find((candidate) => candidate.id === Number(id));
    return account ? serviceAccountSnapshot(account) : null;
  },
  'invite-link': async (api, secret) => {
    const link = await orNullIfMissing(() => accessApi(api).getInviteLink(secret));
    return link ? inviteLinkSnapshot(link) : null;
  },
};
