import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

const BOOTSTRAP_LOCK = 0x5359_4944; // "SYID"

/** Serialises first starts: instances starting together create the first user once. */
export async function lockBootstrap(trx: Queryable): Promise<void> {
  await sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`.execute(trx);
}
