import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import type { AuditActor } from '../../lib/caller';
import { rootRolesOfUsers, setUserRootRole } from '../access';
import { appendEvent } from '../events';
import {
  countUsers,
  deleteUserRow,
  insertUser,
  listUsers,
  type UserRecord,
  updateUserFields,
  userEventData,
} from './user-store';

export interface NewAccount {
  name: string | null;
  username: string | null;
  email: string | null;
  passwordHash: string | null;
  isService: boolean;
  /** Set for the first admin's generated password (issue 33 §1). */
  passwordChangeRequired?: boolean;
}

/**
 * Creates an account with a root role inside the caller's transaction: first start, invite
 * sign-ups and service accounts (which pass their own event type). 409 when the username or
 * e-mail is taken.
 */
async function createAccount(
  trx: Queryable,
  input: NewAccount,
  rootRoleId: number,
  actor: AuditActor,
  eventType = 'user-created',
): Promise<UserRecord> {
  const user = await insertUser(trx, { ...input, createdByUserId: actor.createdByUserId });
  await setUserRootRole(trx, user.id, rootRoleId, actor.createdByUserId);
  await appendEvent(trx, { type: eventType, ...actor, data: userEventData(user, rootRoleId) });
  return user;
}

/** Accounts as other domains (bootstrap, sign-up, service accounts, stats) handle them. */
export function createUserAccountService(db: Db) {
  return {
    createAccount,
    /** Renames an account (service accounts) inside the caller's transaction. */
    rename: (trx: Queryable, id: number, name: string) => updateUserFields(trx, id, { name }),
    /** Deletes an account inside the caller's transaction (the caller writes its event). */
    deleteAccount: (trx: Queryable, id: number) => deleteUserRow(trx, id),
    listServiceAccounts: () => listUsers(db, { service: true }),
    rootRolesOf: (ids: readonly number[]) => rootRolesOfUsers(db, ids),
    count: () => countUsers(db),
    countIn: (q: Queryable) => countUsers(q),
  };
}
