import { sql } from 'kysely';
import type { LoginEvent } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/** SQL of the login_history table (migration 20261125194508_login_history). */

export interface NewLoginEntry {
  username: string;
  authType: string;
  successful: boolean;
  ip: string | null;
  failureReason: string | null;
  createdAt?: Date;
}

export interface LoginFilter {
  q?: string;
  successful?: boolean;
  limit: number;
  offset: number;
}

export async function insertLoginEntry(db: Queryable, entry: NewLoginEntry): Promise<void> {
  await db
    .insertInto('login_history')
    .values({
      username: entry.username,
      auth_type: entry.authType,
      successful: entry.successful,
      ip: entry.ip,
      failure_reason: entry.failureReason,
      ...(entry.createdAt ? { created_at: entry.createdAt } : {}),
    })
    .execute();
}

/** Newest first; `q` matches a part of the username or the IP address, in any letter case. */
export async function listLoginEntries(db: Queryable, filter: LoginFilter): Promise<LoginEvent[]> {
  let query = db
    .selectFrom('login_history')
    .select(['id', 'username', 'auth_type', 'successful', 'ip', 'failure_reason', 'created_at']);
  if (filter.q) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb(sql`lower(username)`, 'like', pattern), eb(sql`lower(ip)`, 'like', pattern)]),
    );
  }
  if (filter.successful !== undefined) query = query.where('successful', '=', filter.successful);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    username: row.username,
    auth_type: row.auth_type,
    created_at: row.created_at.toISOString(),
    successful: row.successful,
    ip: row.ip,
    failure_reason: row.failure_reason,
  }));
}

/**
 * The retention job's transaction-scoped advisory lock (key: 'login-history-retention' hashed),
 * taken without waiting; false when another instance holds it.
 */
export async function tryRetentionLock(trx: Queryable): Promise<boolean> {
  const locked = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtext('switchyard:login-history-retention')) as locked`.execute(trx);
  return locked.rows[0]?.locked === true;
}

export async function hasLoginEntriesBefore(db: Queryable, cutoff: Date): Promise<boolean> {
  const row = await db
    .selectFrom('login_history')
    .select('id')
    .where('created_at', '<', cutoff)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes at most `batch` entries older than `cutoff`; returns how many. */
export async function deleteLoginEntriesBefore(db: Queryable, cutoff: Date, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('login_history')
    .where(
      'id',
      'in',
      db.selectFrom('login_history').select('id').where('created_at', '<', cutoff).limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
