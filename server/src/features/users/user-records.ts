import type { User } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { ApiError, notFound } from '../../lib/errors';
import { rootRolesOfUsers } from '../access';
import { avatarUrl } from '../events';
import { getUser, type UserRecord } from './user-store';

/** What the user services share: the wire view of a record and the checks every write makes. */
export function toUser(record: UserRecord, rootRole?: number): User {
  return {
    id: record.id,
    name: record.name,
    ...(record.email !== null ? { email: record.email } : {}),
    username: record.username,
    imageUrl: avatarUrl(record.email ?? record.username ?? String(record.id)),
    loginAttempts: record.loginAttempts,
    ...(rootRole !== undefined ? { rootRole } : {}),
    seenAt: record.seenAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
    accountType: record.isService ? 'Service Account' : 'User',
    scimId: record.scimId,
    // Only when set, so the wire shape stays Unleash's for everyone else.
    ...(record.passwordChangeRequired ? { passwordChangeRequired: true } : {}),
  };
}

export const SCIM_MANAGED_USER = 'This user is managed by your SCIM provider and cannot be changed manually';

/** SCIM-provisioned users change only through the SCIM API (issue 20), as in Unleash. */
export function assertNotScimManaged(user: UserRecord): void {
  if (user.scimId !== null) throw new ApiError('ForbiddenError', SCIM_MANAGED_USER);
}

export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

/** The user with this id; 404 when there is none. */
export async function existingUser(q: Queryable, id: number): Promise<UserRecord> {
  const user = await getUser(q, id);
  if (!user) throw notFound('No user found');
  return user;
}

export async function rootRoleOf(q: Queryable, userId: number): Promise<number | undefined> {
  return (await rootRolesOfUsers(q, [userId])).get(userId);
}
