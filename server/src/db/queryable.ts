import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** A query handle: the pool or an open transaction, so the same store code serves both. */
export type Queryable = Kysely<Database> | Transaction<Database>;
