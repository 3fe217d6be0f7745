import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/queryable';

/**
 * Login sessions. The `unleash-session` cookie carries 32 random bytes; the table only their
 * SHA-256, so a database leak yields no usable session.
 */

const hash = (sessionId: string) => createHash('sha256').update(sessionId, 'utf8').digest('hex');

export async function createSession(
  db: Queryable,
  userId: number,
  ttlMs: number,
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db
    .insertInto('sessions')
    .values({ id_hash: hash(id), user_id: userId, expires_at: expiresAt })
    .execute();
  return { id, expiresAt };
}

/** The user of a live session. */
export async function findSessionUser(db: Queryable, sessionId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('id_hash', '=', hash(sessionId))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id;
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hash(sessionId)).execute();
}

export async function deleteSessionsOfUser(db: Queryable, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
}

export async function countSessionsOfUser(db: Queryable, userId: number): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
