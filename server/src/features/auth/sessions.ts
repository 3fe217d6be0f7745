import type { Queryable } from '../../db/queryable';
import {
  countSessionsOfUser,
  deleteExpiredSessions,
  deleteSession as deleteSessionRow,
  deleteSessionsOfUser as deleteSessionRowsOfUser,
  createSession as insertSession,
} from './session-store';

/**
 * Sessions as other domains (single sign-on, SCIM, password changes) and the login routes use
 * them: functions of this domain's surface, so that no other domain holds the session store.
 */
export const createSession = (q: Queryable, userId: number, ttlMs: number) => insertSession(q, userId, ttlMs);
export const deleteSession = (q: Queryable, sessionId: string) => deleteSessionRow(q, sessionId);
export const deleteSessionsOfUser = (q: Queryable, userId: number) => deleteSessionRowsOfUser(q, userId);
export const activeSessionsOf = (q: Queryable, userId: number) => countSessionsOfUser(q, userId);

/** A new session for a password login; expired sessions are swept first. */
export async function openSession(q: Queryable, userId: number, ttlMs: number) {
  await deleteExpiredSessions(q);
  return insertSession(q, userId, ttlMs);
}
