import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import type { ApiTokenType } from '../../lib/caller';
import type { ApiTokenRecord } from './api-token-rules';

/** API tokens and their projects. Secrets never reach this table: only their SHA-256. */

export interface NewApiToken {
  secretHash: string;
  prefix: string;
  tokenName: string;
  type: ApiTokenType;
  environment: string;
  projects: readonly string[];
  expiresAt: Date | null;
  createdByUserId: number | null;
  seeded: boolean;
}

function selectTokens(db: Queryable) {
  return db
    .selectFrom('api_tokens as t')
    .select([
      't.id',
      't.prefix',
      't.token_name',
      't.type',
      't.environment',
      't.alias',
      't.expires_at',
      't.seen_at',
      't.created_at',
      't.seeded',
      sql<
        string[]
      >`coalesce((select array_agg(p.project order by p.project) from api_token_projects p where p.token_id = t.id), '{}')`.as(
        'projects',
      ),
    ])
    .where('t.deleted_at', 'is', null);
}

type TokenRow = Awaited<ReturnType<ReturnType<typeof selectTokens>['executeTakeFirstOrThrow']>>;

function toRecord(row: TokenRow): ApiTokenRecord {
  return {
    id: row.id,
    prefix: row.prefix,
    tokenName: row.token_name,
    type: row.type,
    environment: row.environment,
    projects: row.projects.length > 0 ? row.projects : ['*'],
    alias: row.alias,
    expiresAt: row.expires_at,
    seenAt: row.seen_at,
    createdAt: row.created_at,
    seeded: row.seeded,
  };
}

/**
 * Inserts a token; returns undefined when its hash or prefix is already taken (the caller
 * generates another secret, or, for a seeded token, knows it exists already).
 */
export async function insertToken(db: Queryable, token: NewApiToken): Promise<ApiTokenRecord | undefined> {
  const inserted = await db
    .insertInto('api_tokens')
    .values({
      secret_hash: token.secretHash,
      prefix: token.prefix,
      token_name: token.tokenName,
      type: token.type,
      environment: token.environment,
      expires_at: token.expiresAt,
      created_by_user_id: token.createdByUserId,
      seeded: token.seeded,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return undefined;
  const projects = token.projects.length > 0 ? [...new Set(token.projects)] : ['*'];
  await db
    .insertInto('api_token_projects')
    .values(projects.map((project) => ({ token_id: inserted.id, project })))
    .execute();
  return findById(db, inserted.id);
}

export async function findById(db: Queryable, id: number): Promise<ApiTokenRecord | undefined> {
  const row = await selectTokens(db).where('t.id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function findByHash(db: Queryable, secretHash: string): Promise<ApiTokenRecord | undefined> {
  const row = await selectTokens(db).where('t.secret_hash', '=', secretHash).executeTakeFirst();
  return row && toRecord(row);
}

/** Every token among the given hashes, in one query (`POST /edge/validate` sends a list). */
export async function findByHashes(
  db: Queryable,
  secretHashes: readonly string[],
): Promise<Array<ApiTokenRecord & { secretHash: string }>> {
  if (secretHashes.length === 0) return [];
  const rows = await selectTokens(db)
    .select('t.secret_hash')
    .where('t.secret_hash', 'in', [...secretHashes])
    .execute();
  return rows.map((row) => ({ ...toRecord(row), secretHash: row.secret_hash }));
}

export async function findByPrefix(db: Queryable, prefix: string): Promise<ApiTokenRecord | undefined> {
  const row = await selectTokens(db).where('t.prefix', '=', prefix).executeTakeFirst();
  return row && toRecord(row);
}

export async function listTokens(
  db: Queryable,
  filter: { types?: readonly ApiTokenType[]; name?: string; project?: string; cdnOnly?: boolean } = {},
): Promise<ApiTokenRecord[]> {
  let query = selectTokens(db).orderBy('t.created_at', 'desc').orderBy('t.id', 'desc');
  if (filter.types) {
    if (filter.types.length === 0) return [];
    query = query.where('t.type', 'in', [...filter.types]);
  }
  if (filter.name !== undefined) query = query.where('t.token_name', '=', filter.name);
  if (filter.cdnOnly) {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('cdn_tokens as c').select('c.token_id').whereRef('c.token_id', '=', 't.id')),
    );
  }
  if (filter.project !== undefined) {
    const project = filter.project;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('api_token_projects as p')
          .select('p.token_id')
          .whereRef('p.token_id', '=', 't.id')
          .where('p.project', '=', project),
      ),
    );
  }
  return (await query.execute()).map(toRecord);
}

/** The hash of a token, to invalidate its cache entry after a change. */
export async function hashOf(db: Queryable, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('api_tokens').select('secret_hash').where('id', '=', id).executeTakeFirst();
  return row?.secret_hash;
}

export async function updateExpiry(db: Queryable, id: number, expiresAt: Date | null): Promise<void> {
  await db.updateTable('api_tokens').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

/** Deletes a token; a seeded one keeps a tombstone so the next start does not recreate it. */
export async function deleteToken(db: Queryable, token: ApiTokenRecord): Promise<void> {
  if (token.seeded) {
    await db.updateTable('api_tokens').set({ deleted_at: new Date() }).where('id', '=', token.id).execute();
    await db.deleteFrom('api_token_projects').where('token_id', '=', token.id).execute();
  } else {
    await db.deleteFrom('api_tokens').where('id', '=', token.id).execute();
  }
}

export async function markTokensSeen(db: Queryable, ids: readonly number[], seenAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('api_tokens')
    .set({ seen_at: seenAt })
    .where('id', 'in', [...ids])
    // Several instances flush their own buffers: an older mark never overwrites a newer one.
    .where((eb) => eb.or([eb('seen_at', 'is', null), eb('seen_at', '<', seenAt)]))
    .execute();
}

/** Every live token keyed by its secret's hash, up to `limit`, and the newest event id they reflect. */
export interface TokenSnapshot {
  tokens: Map<string, ApiTokenRecord>;
  /** The newest event id when the tokens were read (0 without events). */
  eventId: number;
  /** More live tokens exist than `limit`: the ones left out are looked up on use. */
  truncated: boolean;
}

/**
 * All live tokens in one snapshot (issue 31: the SDK APIs authenticate from memory). The tokens
 * and the newest event id are read in one REPEATABLE READ transaction, so a token change
 * committed after the read has a newer event id than the one returned. The most recently used
 * tokens come first, so a limit keeps those.
 */
export async function loadTokenSnapshot(db: Db, limit: number): Promise<TokenSnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const rows = await selectTokens(trx)
        .select('t.secret_hash')
        .orderBy(sql`t.seen_at desc nulls last`)
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(limit + 1)
        .execute();
      const newest = await trx
        .selectFrom('events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const tokens = new Map<string, ApiTokenRecord>();
      for (const row of rows.slice(0, limit)) tokens.set(row.secret_hash, toRecord(row));
      return { tokens, eventId: Number(newest?.id ?? 0), truncated: rows.length > limit };
    });
}

/**
 * Events committed after `afterId`: the newest id among them (or `afterId`), and whether one of
 * them changed API tokens. A range on the primary key: cheap enough to ask every second.
 */
export async function tokenEventsAfter(
  db: Queryable,
  afterId: number,
): Promise<{ eventId: number; tokens: boolean }> {
  const row = await db
    .selectFrom('events')
    .select([
      (eb) => eb.fn.max('id').as('newest'),
      sql<boolean>`coalesce(bool_or(type like 'api-token-%'), false)`.as('tokens'),
    ])
    .where('id', '>', afterId)
    .executeTakeFirst();
  return { eventId: row?.newest == null ? afterId : Number(row.newest), tokens: row?.tokens === true };
}
