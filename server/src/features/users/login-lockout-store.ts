import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';

/**
 * Per-account login backoff (issue 12 §6). Each attempt is counted before the password is
 * checked, under the row's lock, so a burst of parallel guesses (from any number of addresses
 * and instances) is cut at the threshold; a right password then deletes the row.
 */
export const LOGIN_FREE_FAILURES = 5;
/** Lock after the 5th failure: 30 s, doubling with each further failure, at most 15 minutes. */
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;
/** Failures older than this (without a lock in force) are forgotten. */
const FORGET_AFTER_MS = 60 * 60_000;

export type LoginClaim = { allowed: true; failures: number } | { allowed: false; retryAfterMs: number };

export function lockDurationMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - LOGIN_FREE_FAILURES));
}

/** Counts one attempt for `key`; refused while a lock is in force. */
export async function claimLoginAttempt(db: Db, key: string, now = new Date()): Promise<LoginClaim> {
  return inTransaction(db, async (trx) => {
    // One statement inserts or locks the row and returns it: an insert-if-missing followed by a
    // locked read lost the row when a successful sign-in deleted it in between (a 500).
    const row = await trx
      .insertInto('login_attempts')
      .values({ login_key: key, failures: 0, last_attempt_at: now, locked_until: null })
      .onConflict((oc) =>
        oc.column('login_key').doUpdateSet((eb) => ({ login_key: eb.ref('excluded.login_key') })),
      )
      .returning(['failures', 'last_attempt_at', 'locked_until'])
      .executeTakeFirstOrThrow();
    if (row.locked_until && row.locked_until.getTime() > now.getTime()) {
      return { allowed: false, retryAfterMs: row.locked_until.getTime() - now.getTime() };
    }
    const stale = now.getTime() - row.last_attempt_at.getTime() > FORGET_AFTER_MS;
    const failures = (stale ? 0 : row.failures) + 1;
    const lockMs = lockDurationMs(failures);
    await trx
      .updateTable('login_attempts')
      .set({
        failures,
        last_attempt_at: now,
        locked_until: lockMs > 0 ? new Date(now.getTime() + lockMs) : null,
      })
      .where('login_key', '=', key)
      .execute();
    return { allowed: true, failures };
  });
}

/** A successful login, a password reset or an admin's new password lifts the count and any lock. */
export async function clearLoginAttempts(db: Queryable, key: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('login_key', '=', key).execute();
}

export const accountLoginKey = (userId: number) => `user:${userId}`;
export const unknownLoginKey = (login: string) => `login:${login.trim().toLowerCase()}`;
