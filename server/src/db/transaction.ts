import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `work` in a transaction: a new one on the pool, or the caller's when `db` already is
 * one, so an operation applied inside a larger unit of work (a change request) joins it.
 */
export async function inTransaction<T>(
  db: Kysely<Database> | Transaction<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}
