import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/queryable';

/**
 * Single-use password reset tokens (invite links of new users and reset links). The link holds
 * 32 random bytes; the table only their SHA-256.
 */

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export async function createResetToken(
  db: Queryable,
  userId: number,
  createdBy: string,
  ttlMs: number,
): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db
    .insertInto('reset_tokens')
    .values({
      token_hash: hash(token),
      user_id: userId,
      created_by: createdBy,
      expires_at: new Date(Date.now() + ttlMs),
    })
    .execute();
  return token;
}

export interface ResetTokenRecord {
  userId: number;
  createdBy: string | null;
}

/** The token's user if it exists, is unused and unexpired. */
export async function findUsableResetToken(
  db: Queryable,
  token: string,
): Promise<ResetTokenRecord | undefined> {
  const row = await db
    .selectFrom('reset_tokens')
    .select(['user_id', 'created_by'])
    .where('token_hash', '=', hash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row && { userId: row.user_id, createdBy: row.created_by };
}

/** Marks a token used; false when it was already used (a concurrent reset won the race). */
export async function useResetToken(db: Queryable, token: string): Promise<boolean> {
  const result = await db
    .updateTable('reset_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hash(token))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
