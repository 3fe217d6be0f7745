import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type BlastRadiusSettings, DEFAULT_SENSITIVE_FIELDS } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import type { StoredContext } from './context-privacy';

export const SAMPLING_SETTING = 'blastRadiusSampling';
/** The HMAC key of sensitive fields: made once per installation, never sent to any client. */
const SECRET_SETTING = 'blastRadiusHmacSecret';

export const DEFAULT_SAMPLING_SETTINGS: BlastRadiusSettings = {
  enabled: true,
  retentionDays: 7,
  sensitiveFields: DEFAULT_SENSITIVE_FIELDS,
  sensitiveMode: 'hash',
};

export async function readSamplingSettings(db: Queryable): Promise<BlastRadiusSettings> {
  const row = await db
    .selectFrom('settings')
    .select('content')
    .where('name', '=', SAMPLING_SETTING)
    .executeTakeFirst();
  const content = row?.content as Partial<BlastRadiusSettings> | undefined;
  return { ...DEFAULT_SAMPLING_SETTINGS, ...(content && typeof content === 'object' ? content : {}) };
}

/** Whether the settings row exists (the event says created or updated). */
export async function hasSamplingSettings(db: Queryable): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('name')
    .where('name', '=', SAMPLING_SETTING)
    .executeTakeFirst();
  return row !== undefined;
}

export async function writeSamplingSettings(db: Queryable, settings: BlastRadiusSettings): Promise<void> {
  const content = JSON.stringify(settings);
  await db
    .insertInto('settings')
    .values({ name: SAMPLING_SETTING, content })
    .onConflict((oc) => oc.column('name').doUpdateSet({ content }))
    .execute();
}

/** The installation's HMAC secret, made on first use; every instance reads the same one. */
export async function samplingSecret(db: Db): Promise<string> {
  const read = async () =>
    (await db.selectFrom('settings').select('content').where('name', '=', SECRET_SETTING).executeTakeFirst())
      ?.content as string | undefined;
  const existing = await read();
  if (typeof existing === 'string') return existing;
  await db
    .insertInto('settings')
    .values({ name: SECRET_SETTING, content: JSON.stringify(randomBytes(32).toString('hex')) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const made = await read();
  if (typeof made !== 'string') throw new Error('blast-radius secret missing after insert');
  return made;
}

export interface SampleRow {
  hash: string;
  context: StoredContext;
}

/**
 * Adds one environment's batch (a context seen again only moves its last_seen_at) and prunes the
 * oldest beyond `maxRows`. Under a per-environment advisory lock, so several instances flushing
 * at once cannot together leave more than the bound.
 */
export async function storeSampledContexts(
  db: Db,
  environment: string,
  rows: readonly SampleRow[],
  maxRows: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`blast-radius:${environment}`}))`.execute(trx);
    await trx
      .insertInto('blast_radius_contexts')
      .values(
        rows.map((row) => ({ environment, context_hash: row.hash, context: JSON.stringify(row.context) })),
      )
      .onConflict((oc) =>
        oc.columns(['environment', 'context_hash']).doUpdateSet({ last_seen_at: sql`now()` }),
      )
      .execute();
    await sql`
      delete from blast_radius_contexts
      where environment = ${environment} and context_hash in (
        select context_hash from blast_radius_contexts where environment = ${environment}
        order by last_seen_at desc, context_hash offset ${maxRows})`.execute(trx);
  });
}

export async function deleteExpiredContexts(db: Queryable, retentionDays: number): Promise<number> {
  const result = await db
    .deleteFrom('blast_radius_contexts')
    .where('last_seen_at', '<', sql<Date>`now() - make_interval(days => ${retentionDays})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAllContexts(db: Queryable): Promise<void> {
  await db.deleteFrom('blast_radius_contexts').execute();
}

/** The most recently seen contexts of an environment, at most `limit`. */
export async function listRecentContexts(
  db: Queryable,
  environment: string,
  limit: number,
): Promise<StoredContext[]> {
  const rows = await db
    .selectFrom('blast_radius_contexts')
    .select('context')
    .where('environment', '=', environment)
    .orderBy('last_seen_at', 'desc')
    .orderBy('context_hash')
    .limit(limit)
    .execute();
  return rows.map((row) => row.context as StoredContext);
}

export async function countContextsByEnvironment(
  db: Queryable,
): Promise<Array<{ environment: string; contexts: number }>> {
  const rows = await db
    .selectFrom('blast_radius_contexts')
    .select(['environment', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('environment')
    .orderBy('environment')
    .execute();
  return rows.map((row) => ({ environment: row.environment, contexts: Number(row.count) }));
}
