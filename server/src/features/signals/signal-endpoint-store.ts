import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { definedFields, hasFields } from '../../db/update-fields';
import { nameExists } from '../../lib/errors';

/** Signal endpoints, their tokens (SHA-256 of the secret only) and the signals received. */

export interface SignalEndpointRecord {
  id: number;
  name: string;
  enabled: boolean;
  description: string | null;
  createdAt: Date;
  createdByUserId: number | null;
}

export interface SignalEndpointTokenRecord {
  id: number;
  signalEndpointId: number;
  name: string;
  createdAt: Date;
  createdByUserId: number | null;
}

export interface SignalRecord {
  id: number;
  source: 'signal-endpoint';
  sourceId: number;
  createdBySourceTokenId: number | null;
  tokenName: string | null;
  payload: Record<string, unknown>;
  createdAt: Date;
}

const endpointColumns = ['id', 'name', 'enabled', 'description', 'created_at', 'created_by_user_id'] as const;
const tokenColumns = ['id', 'signal_endpoint_id', 'name', 'created_at', 'created_by_user_id'] as const;
const signalColumns = [
  'id',
  'source',
  'source_id',
  'created_by_source_token_id',
  'token_name',
  'payload',
  'created_at',
] as const;

type EndpointRow = {
  id: number;
  name: string;
  enabled: boolean;
  description: string | null;
  created_at: Date;
  created_by_user_id: number | null;
};
type TokenRow = {
  id: number;
  signal_endpoint_id: number;
  name: string;
  created_at: Date;
  created_by_user_id: number | null;
};
type SignalRow = {
  id: number;
  source: string;
  source_id: number;
  created_by_source_token_id: number | null;
  token_name: string | null;
  payload: unknown;
  created_at: Date;
};

const toEndpoint = (row: EndpointRow): SignalEndpointRecord => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  description: row.description,
  createdAt: row.created_at,
  createdByUserId: row.created_by_user_id,
});
const toToken = (row: TokenRow): SignalEndpointTokenRecord => ({
  id: row.id,
  signalEndpointId: row.signal_endpoint_id,
  name: row.name,
  createdAt: row.created_at,
  createdByUserId: row.created_by_user_id,
});
export const toSignal = (row: SignalRow): SignalRecord => ({
  id: row.id,
  source: 'signal-endpoint',
  sourceId: row.source_id,
  createdBySourceTokenId: row.created_by_source_token_id,
  tokenName: row.token_name,
  payload: (row.payload ?? {}) as Record<string, unknown>,
  createdAt: row.created_at,
});

const endpointExists = (name: string) =>
  nameExists(`There already exists a signal endpoint with the name ${name}.`);

export async function listSignalEndpoints(db: Queryable): Promise<SignalEndpointRecord[]> {
  const rows = await db.selectFrom('signal_endpoints').select(endpointColumns).orderBy('id').execute();
  return rows.map(toEndpoint);
}

/** The endpoint whose `column` is `value`, if any. */
async function findSignalEndpoint(
  db: Queryable,
  column: 'id' | 'name',
  value: number | string,
): Promise<SignalEndpointRecord | undefined> {
  const row = await db
    .selectFrom('signal_endpoints')
    .select(endpointColumns)
    .where(column, '=', value)
    .executeTakeFirst();
  return row && toEndpoint(row);
}

export const getSignalEndpoint = (db: Queryable, id: number) => findSignalEndpoint(db, 'id', id);

export const getSignalEndpointByName = (db: Queryable, name: string) => findSignalEndpoint(db, 'name', name);

export async function countSignalEndpoints(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('signal_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertSignalEndpoint(
  db: Queryable,
  values: { name: string; enabled: boolean; description: string | null; createdByUserId: number | null },
): Promise<SignalEndpointRecord> {
  try {
    const row = await db
      .insertInto('signal_endpoints')
      .values({
        name: values.name,
        enabled: values.enabled,
        description: values.description,
        created_by_user_id: values.createdByUserId,
      })
      .returning(endpointColumns)
      .executeTakeFirstOrThrow();
    return toEndpoint(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw endpointExists(values.name);
    throw error;
  }
}

export async function updateSignalEndpoint(
  db: Queryable,
  id: number,
  changes: { name?: string; enabled?: boolean; description?: string | null },
): Promise<SignalEndpointRecord | undefined> {
  // Nothing to change (`{}`): the endpoint as it is, or undefined when there is none.
  if (!hasFields(changes)) return getSignalEndpoint(db, id);
  try {
    const row = await db
      .updateTable('signal_endpoints')
      .set(definedFields(changes))
      .where('id', '=', id)
      .returning(endpointColumns)
      .executeTakeFirst();
    return row && toEndpoint(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw endpointExists(changes.name ?? '');
    throw error;
  }
}

export async function deleteSignalEndpoint(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('signal_endpoints').where('id', '=', id).execute();
}

/** Tokens of the given endpoints (all when `ids` is undefined), oldest first. */
export async function listSignalEndpointTokens(
  db: Queryable,
  ids?: readonly number[],
): Promise<SignalEndpointTokenRecord[]> {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('signal_endpoint_tokens').select(tokenColumns).orderBy('id');
  if (ids) query = query.where('signal_endpoint_id', 'in', ids);
  return (await query.execute()).map(toToken);
}

export async function countSignalEndpointTokens(db: Queryable, signalEndpointId: number): Promise<number> {
  const row = await db
    .selectFrom('signal_endpoint_tokens')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('signal_endpoint_id', '=', signalEndpointId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The token of an endpoint whose `column` is `value`, if any. */
async function findTokenOfEndpoint(
  db: Queryable,
  signalEndpointId: number,
  column: 'id' | 'secret_hash',
  value: number | string,
): Promise<SignalEndpointTokenRecord | undefined> {
  const row = await db
    .selectFrom('signal_endpoint_tokens')
    .select(tokenColumns)
    .where('signal_endpoint_id', '=', signalEndpointId)
    .where(column, '=', value)
    .executeTakeFirst();
  return row && toToken(row);
}

export const getSignalEndpointToken = (db: Queryable, signalEndpointId: number, id: number) =>
  findTokenOfEndpoint(db, signalEndpointId, 'id', id);

export async function insertSignalEndpointToken(
  db: Queryable,
  values: { signalEndpointId: number; name: string; secretHash: string; createdByUserId: number | null },
): Promise<SignalEndpointTokenRecord> {
  const row = await db
    .insertInto('signal_endpoint_tokens')
    .values({
      signal_endpoint_id: values.signalEndpointId,
      name: values.name,
      secret_hash: values.secretHash,
      created_by_user_id: values.createdByUserId,
    })
    .returning(tokenColumns)
    .executeTakeFirstOrThrow();
  return toToken(row);
}

export async function renameSignalEndpointToken(
  db: Queryable,
  id: number,
  name: string,
): Promise<SignalEndpointTokenRecord | undefined> {
  const row = await db
    .updateTable('signal_endpoint_tokens')
    .set({ name })
    .where('id', '=', id)
    .returning(tokenColumns)
    .executeTakeFirst();
  return row && toToken(row);
}

export async function deleteSignalEndpointToken(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('signal_endpoint_tokens').where('id', '=', id).execute();
}

/** The token of an endpoint whose secret hashes to `secretHash`, if any. */
export const findSignalEndpointToken = (db: Queryable, signalEndpointId: number, secretHash: string) =>
  findTokenOfEndpoint(db, signalEndpointId, 'secret_hash', secretHash);

/** Stores a signal and drops the endpoint's oldest beyond `keep`, in the caller's transaction. */
export async function insertSignal(
  db: Queryable,
  values: { sourceId: number; tokenId: number; tokenName: string; payload: unknown },
  keep: number,
): Promise<SignalRecord> {
  const row = await db
    .insertInto('signals')
    .values({
      source: 'signal-endpoint',
      source_id: values.sourceId,
      created_by_source_token_id: values.tokenId,
      token_name: values.tokenName,
      payload: JSON.stringify(values.payload),
    })
    .returning(signalColumns)
    .executeTakeFirstOrThrow();
  await sql`DELETE FROM signals WHERE source = 'signal-endpoint' AND source_id = ${values.sourceId}
    AND id <= (SELECT id FROM signals WHERE source = 'signal-endpoint' AND source_id = ${values.sourceId}
               ORDER BY id DESC OFFSET ${keep} LIMIT 1)`.execute(db);
  return toSignal(row);
}

export async function listSignalsOfEndpoint(
  db: Queryable,
  signalEndpointId: number,
  page: { limit: number; offset: number },
): Promise<SignalRecord[]> {
  const rows = await db
    .selectFrom('signals')
    .select(signalColumns)
    .where('source', '=', 'signal-endpoint')
    .where('source_id', '=', signalEndpointId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toSignal);
}

/**
 * Claims up to `limit` unprocessed signals for this instance: SKIP LOCKED lets several instances
 * claim side by side, and `processed_at` makes each signal processed exactly once.
 */
export async function claimSignals(db: Queryable, limit: number): Promise<SignalRecord[]> {
  const rows = await db
    .updateTable('signals')
    .set({ processed_at: new Date() })
    .where(
      'id',
      'in',
      db
        .selectFrom('signals')
        .select('id')
        .where('processed_at', 'is', null)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(signalColumns)
    .execute();
  return rows.map(toSignal).sort((a, b) => a.id - b.id);
}

/** Locks an endpoint's row (undefined: no such endpoint), so token creations on it are serialised. */
export async function lockSignalEndpoint(db: Queryable, id: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('signal_endpoints').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}
