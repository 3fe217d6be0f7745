import type { TokenUser } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import { ApiError, badData } from '../../lib/errors';
import { getRole, toRole } from '../access';
import { appendEvent } from '../events';
import { accountLoginKey, clearLoginAttempts } from './login-lockout-store';
import { newPasswordHash, verifyPassword } from './password-hash';
import { findUsableResetToken, useResetToken } from './reset-token-store';
import { assertNotScimManaged, existingUser, rootRoleOf } from './user-records';
import {
  clearPasswordChangeRequired,
  getUser,
  setPasswordHash,
  type UserRecord,
  userEventData,
} from './user-store';

export interface UserPasswordDeps {
  db: Db;
  /** Ends the user's sessions inside the transaction that changes the password. */
  credentialsChanged(trx: Queryable, userId: number): Promise<void>;
}

const invalidResetToken = () =>
  new ApiError('InvalidTokenError', 'The reset token is invalid, used or expired');

/** An admin sets a user's password. */
async function setPassword(deps: UserPasswordDeps, id: number, password: string): Promise<void> {
  const hash = await newPasswordHash(password);
  await inTransaction(deps.db, async (trx) => {
    assertNotScimManaged(await existingUser(trx, id));
    await setPasswordHash(trx, id, hash);
    await deps.credentialsChanged(trx, id);
    // An admin setting a password unlocks the account.
    await clearLoginAttempts(trx, accountLoginKey(id));
  });
}

/** The signed-in user changes their own password; the current one must be given when set. */
async function changeOwnPassword(
  deps: UserPasswordDeps,
  userId: number,
  body: { password: string; oldPassword?: string; confirmPassword?: string },
): Promise<void> {
  const user = await existingUser(deps.db, userId);
  if (user.isService) throw badData('Service accounts have no password');
  if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
    throw badData('The passwords do not match');
  }
  if (user.passwordHash !== null) {
    if (body.oldPassword === undefined) throw badData('The current password (oldPassword) is required');
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) {
      throw new ApiError('PasswordMismatch', 'The current password is wrong');
    }
  }
  const hash = await newPasswordHash(body.password);
  await inTransaction(deps.db, async (trx) => {
    await setPasswordHash(trx, userId, hash);
    await deps.credentialsChanged(trx, userId);
    if (user.passwordChangeRequired) await firstPasswordChosen(trx, user);
  });
}

/** The first admin replaced the generated password: the mark clears, with its audit event. */
async function firstPasswordChosen(trx: Queryable, user: UserRecord): Promise<void> {
  await clearPasswordChangeRequired(trx, user.id);
  const rootRole = await rootRoleOf(trx, user.id);
  const actor = user.username ?? user.email ?? String(user.id);
  await appendEvent(trx, {
    type: 'user-updated',
    createdBy: actor,
    createdByUserId: user.id,
    preData: { ...userEventData(user, rootRole), passwordChangeRequired: true },
    data: { ...userEventData(user, rootRole), passwordChangeRequired: false },
  });
}

async function validateResetToken(db: Db, token: string): Promise<TokenUser> {
  const found = await findUsableResetToken(db, token);
  const user = found && (await getUser(db, found.userId));
  if (!found || !user) throw invalidResetToken();
  const roleId = await rootRoleOf(db, user.id);
  const role = roleId !== undefined ? await getRole(db, roleId) : undefined;
  return {
    id: user.id,
    ...(user.name !== null ? { name: user.name } : {}),
    email: user.email ?? user.username ?? '',
    token,
    createdBy: found.createdBy,
    role: role ? toRole(role) : { id: 0, type: 'root', name: 'None' },
  };
}

/** Sets a password through a reset (or new-user) link; the link works once. */
async function resetPassword(deps: UserPasswordDeps, token: string, password: string): Promise<void> {
  const found = await findUsableResetToken(deps.db, token);
  if (!found) throw invalidResetToken();
  const hash = await newPasswordHash(password);
  await inTransaction(deps.db, async (trx) => {
    if (!(await useResetToken(trx, token))) throw invalidResetToken();
    await setPasswordHash(trx, found.userId, hash);
    await deps.credentialsChanged(trx, found.userId);
    // A reset link (handed out by an admin) unlocks the account.
    await clearLoginAttempts(trx, accountLoginKey(found.userId));
  });
}

/** Passwords set by an admin, by their owner, or through a reset (or new-user) link. */
export function createUserPasswordService(deps: UserPasswordDeps) {
  return {
    setPassword: (id: number, password: string) => setPassword(deps, id, password),
    changeOwnPassword: (
      userId: number,
      body: { password: string; oldPassword?: string; confirmPassword?: string },
    ) => changeOwnPassword(deps, userId, body),
    validateResetToken: (token: string) => validateResetToken(deps.db, token),
    resetPassword: (token: string, password: string) => resetPassword(deps, token, password),
    /** Checks a new password against the policy (400) and hashes it; do it before a transaction. */
    hashNewPassword: newPasswordHash,
  };
}
