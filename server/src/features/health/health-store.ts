import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

/** One round trip to the database: resolves when it answers, rejects when it fails. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await sql`select 1`.execute(db);
}
