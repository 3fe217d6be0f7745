import type { AdminCount, User, Users } from '../../../contract';
import { BUILT_IN_ROLE_IDS } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import type { AuditActor } from '../../lib/caller';
import { listRoles, rootRolesOfUsers, toRole, usersWithRootRole } from '../access';
import { deleteInactiveUsers, listInactiveUsers } from './inactive-users';
import { createResetLinks } from './reset-links';
import { createUserAccountService } from './user-account-service';
import { createUserLoginService } from './user-login-service';
import type { UserMail } from './user-mail';
import { createUserPasswordService } from './user-password-service';
import { existingUser, toUser } from './user-records';
import { getUser, getUsers, listUsers, searchUsers, type UserRecord } from './user-store';
import { createUserWriteService } from './user-write-service';

export { PASSWORD_MISMATCH } from './user-login-service';
export { SCIM_MANAGED_USER, toUser } from './user-records';

/** `q` shorter than this finds nothing (200 with an empty list), as Unleash does. */
const MIN_SEARCH_LENGTH = 2;
const SEARCH_LIMIT = 100;

export interface UserServiceHooks {
  /**
   * Called inside the transaction that changes a user's password: the auth domain ends the
   * user's sessions there, so an old session never outlives the credentials that opened it.
   */
  credentialsChanged(trx: Queryable, userId: number): Promise<void>;
  /** A login key reached the failure threshold and is locked for a while (for the log). */
  loginLocked?(info: { loginKey: string; failures: number; lockedForSeconds: number }): void;
  /** E-mail delivery of invite and reset links (the email domain); absent or disabled: none. */
  mail?: UserMail;
}

export type UserService = ReturnType<typeof createUserService>;

async function withRootRoles(db: Db, records: UserRecord[]): Promise<User[]> {
  const roles = await rootRolesOfUsers(
    db,
    records.map((r) => r.id),
  );
  return records.map((record) => toUser(record, roles.get(record.id)));
}

async function adminCount(db: Db): Promise<AdminCount> {
  const admins = await getUsers(db, await usersWithRootRole(db, [BUILT_IN_ROLE_IDS.Admin]));
  const people = admins.filter((user) => !user.isService);
  return {
    password: people.filter((user) => user.passwordHash !== null).length,
    noPassword: people.filter((user) => user.passwordHash === null).length,
    service: admins.length - people.length,
  };
}

/** Reads of people for the admin screens and for domains composing their own views. */
function createUserReadService(db: Db) {
  return {
    async list(): Promise<Users> {
      return {
        users: await withRootRoles(db, await listUsers(db, { service: false })),
        rootRoles: (await listRoles(db, ['root', 'root-custom'])).map((role) => toRole(role)),
      };
    },
    async get(id: number): Promise<User> {
      return (await withRootRoles(db, [await existingUser(db, id)]))[0] as User;
    },
    getMany: async (ids: readonly number[]): Promise<User[]> => withRootRoles(db, await getUsers(db, ids)),
    /** Raw records, for domains composing their own views (project access, groups). */
    records: (ids: readonly number[]) => getUsers(db, ids),
    record: (id: number) => getUser(db, id),
    async search(query: string | undefined): Promise<User[]> {
      const q = (query ?? '').trim();
      if (q.length < MIN_SEARCH_LENGTH) return [];
      return (await searchUsers(db, q, SEARCH_LIMIT)).map((record) => toUser(record));
    },
    inactive: () => listInactiveUsers(db),
    deleteInactive: (ids: readonly number[], actor: AuditActor) => deleteInactiveUsers(db, ids, actor),
    adminCount: () => adminCount(db),
  };
}

/**
 * Users (people; service accounts are the service-accounts domain's) and their passwords,
 * composed from one factory per capability.
 */
export function createUserService(db: Db, hooks: UserServiceHooks) {
  const mail = hooks.mail?.enabled ? hooks.mail : undefined;
  return {
    ...createUserReadService(db),
    ...createUserWriteService(db, mail),
    ...createResetLinks(db, mail),
    ...createUserPasswordService({ db, credentialsChanged: hooks.credentialsChanged }),
    ...createUserLoginService({ db, ...(hooks.loginLocked ? { loginLocked: hooks.loginLocked } : {}) }),
    ...createUserAccountService(db),
  };
}
