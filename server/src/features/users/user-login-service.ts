import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { ApiError } from '../../lib/errors';
import { LOGIN_FAILURE, recordLogin as recordAttempt } from '../login-history';
import {
  accountLoginKey,
  claimLoginAttempt,
  clearLoginAttempts,
  lockDurationMs,
  unknownLoginKey,
} from './login-lockout-store';
import { verifyPassword } from './password-hash';
import { findByLogin, getUser, recordLogin, type UserRecord } from './user-store';

export const PASSWORD_MISMATCH =
  'The combination of password and username you provided is invalid. If you have forgotten your password, ask your administrator for a reset link.';

export interface UserLoginDeps {
  db: Db;
  /** A login key reached the failure threshold and is locked for a while (for the log). */
  loginLocked?(info: { loginKey: string; failures: number; lockedForSeconds: number }): void;
}

function lockedError(retryAfterMs: number): ApiError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new ApiError(
    'RateLimitError',
    `Too many failed logins for this account: try again in ${seconds} seconds.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/**
 * Checks a password login; 401 PasswordMismatch for any failure, in constant-ish time. Each
 * attempt, refused or not, goes to the login history with the client's address.
 */
async function verifyLogin(
  deps: UserLoginDeps,
  login: string,
  password: string,
  client: { ip: string | null },
): Promise<UserRecord> {
  const { db } = deps;
  const user = await findByLogin(db, login);
  const attempt = { username: login, authType: 'password' as const, ip: client.ip };
  const failed = (failureReason: string) =>
    recordAttempt(db, { ...attempt, successful: false, failureReason });
  // Per account, whatever address the guesses come from; unknown logins are counted alike
  // so that a lock never tells whether an account exists.
  const loginKey = user ? accountLoginKey(user.id) : unknownLoginKey(login);
  const claim = await claimLoginAttempt(db, loginKey);
  if (!claim.allowed) {
    await failed(LOGIN_FAILURE.locked);
    throw lockedError(claim.retryAfterMs);
  }
  const usable = user && !user.isService && !user.deactivated ? user.passwordHash : null;
  const ok = await verifyPassword(password, usable);
  if (!user || !ok) {
    if (user) await recordLogin(db, user.id, false);
    await failed(
      !user
        ? LOGIN_FAILURE.unknownUser
        : usable === null
          ? LOGIN_FAILURE.noPassword
          : LOGIN_FAILURE.wrongPassword,
    );
    const lockMs = lockDurationMs(claim.failures);
    if (lockMs > 0) {
      deps.loginLocked?.({ loginKey, failures: claim.failures, lockedForSeconds: lockMs / 1000 });
    }
    throw new ApiError('PasswordMismatch', PASSWORD_MISMATCH);
  }
  await clearLoginAttempts(db, loginKey);
  await recordLogin(db, user.id, true);
  await recordAttempt(db, { ...attempt, successful: true });
  return (await getUser(db, user.id)) as UserRecord;
}

/** Sign-ins: password logins with their lockout and history, and single sign-on's lookups. */
export function createUserLoginService(deps: UserLoginDeps) {
  return {
    verifyLogin: (login: string, password: string, client: { ip: string | null }) =>
      verifyLogin(deps, login, password, client),
    /** A sign-in that did not go through a password (single sign-on): seen now, attempts reset. */
    recordSuccessfulLogin: (q: Queryable, id: number) => recordLogin(q, id, true),
    /** The account whose username or e-mail this is (single sign-on matches people by e-mail). */
    findByLogin: (q: Queryable, login: string) => findByLogin(q, login),
  };
}
