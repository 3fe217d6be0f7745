import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';

/** Personal access tokens (and service-account tokens): only the SHA-256 of each secret is kept. */

export interface PatRecord {
  id: number;
  userId: number;
  description: string;
  expiresAt: Date;
  seenAt: Date | null;
  createdAt: Date;
}

export const PAT_DESCRIPTION_EXISTS = 'PAT description already exists.';

const columns = ['id', 'user_id', 'description', 'expires_at', 'seen_at', 'created_at'] as const;

type Row = {
  id: number;
  user_id: number;
  description: string;
  expires_at: Date;
  seen_at: Date | null;
  created_at: Date;
};

const toRecord = (row: Row): PatRecord => ({
  id: row.id,
  userId: row.user_id,
  description: row.description,
  expiresAt: row.expires_at,
  seenAt: row.seen_at,
  createdAt: row.created_at,
});

export async function insertPat(
  db: Queryable,
  pat: {
    secretHash: string;
    userId: number;
    description: string;
    expiresAt: Date;
    createdByUserId: number | null;
  },
): Promise<PatRecord> {
  try {
    const row = await db
      .insertInto('personal_access_tokens')
      .values({
        secret_hash: pat.secretHash,
        user_id: pat.userId,
        description: pat.description,
        expires_at: pat.expiresAt,
        created_by_user_id: pat.createdByUserId,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(PAT_DESCRIPTION_EXISTS);
    throw error;
  }
}

export async function listPats(db: Queryable, userId: number): Promise<PatRecord[]> {
  const rows = await db
    .selectFrom('personal_access_tokens')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export async function countPats(db: Queryable, userId: number): Promise<number> {
  const row = await db
    .selectFrom('personal_access_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function getPat(db: Queryable, userId: number, id: number): Promise<PatRecord | undefined> {
  const row = await db
    .selectFrom('personal_access_tokens')
    .select(columns)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function findPatByHash(db: Queryable, secretHash: string): Promise<PatRecord | undefined> {
  const row = await db
    .selectFrom('personal_access_tokens')
    .select(columns)
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function deletePat(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('personal_access_tokens').where('id', '=', id).execute();
}

export async function markPatsSeen(db: Queryable, ids: readonly number[], seenAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('personal_access_tokens')
    .set({ seen_at: seenAt })
    .where('id', 'in', [...ids])
    // Several instances flush their own buffers: an older mark never overwrites a newer one.
    .where((eb) => eb.or([eb('seen_at', 'is', null), eb('seen_at', '<', seenAt)]))
    .execute();
}

/** The most recent use of any of each user's tokens. */
export async function latestPatUseOfUsers(
  db: Queryable,
  userIds: readonly number[],
): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('personal_access_tokens')
    .select(['user_id', (eb) => eb.fn.max('seen_at').as('seen_at')])
    .where('user_id', 'in', [...userIds])
    .where('seen_at', 'is not', null)
    .groupBy('user_id')
    .execute();
  return new Map(rows.filter((row) => row.seen_at).map((row) => [row.user_id, row.seen_at as Date]));
}
