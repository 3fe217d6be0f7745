import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';

/** Read-only counts over other domains' tables for the instance statistics (one query each). */

const INSTANCE_SETTING = 'instanceInfo';
const DAY_MS = 24 * 3600 * 1000;

const count = async (query: { executeTakeFirst(): Promise<{ count: unknown } | undefined> }) =>
  Number((await query.executeTakeFirst())?.count ?? 0);

/** The installation's id, made on first use; every instance reads the same one. */
export async function instanceId(db: Db): Promise<string> {
  const read = async () =>
    (
      (
        await db
          .selectFrom('settings')
          .select('content')
          .where('name', '=', INSTANCE_SETTING)
          .executeTakeFirst()
      )?.content as { id?: unknown } | undefined
    )?.id;
  const existing = await read();
  if (typeof existing === 'string') return existing;
  await db
    .insertInto('settings')
    .values({ name: INSTANCE_SETTING, content: JSON.stringify({ id: randomUUID() }) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const made = await read();
  return typeof made === 'string' ? made : 'unknown';
}

export const countRows = (
  db: Queryable,
  table:
    | 'projects'
    | 'context_fields'
    | 'roles'
    | 'groups'
    | 'environments'
    | 'segments'
    | 'strategies'
    | 'client_applications',
) => count(db.selectFrom(table).select((eb) => eb.fn.countAll().as('count')));

export const countPeople = (db: Queryable) =>
  count(
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('is_service', '=', false),
  );

export const countPeopleSeenSince = (db: Queryable, now: Date, days: number) =>
  count(
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('is_service', '=', false)
      .where('seen_at', '>=', new Date(now.getTime() - days * DAY_MS)),
  );

/** People whose root role is the built-in Viewer: they can read, never change anything. */
export const countViewers = (db: Queryable) =>
  count(
    db
      .selectFrom('role_user')
      .innerJoin('roles', 'roles.id', 'role_user.role_id')
      .innerJoin('users', 'users.id', 'role_user.user_id')
      .select((eb) => eb.fn.count('role_user.user_id').distinct().as('count'))
      .where('roles.type', '=', 'root')
      .where('roles.name', '=', 'Viewer')
      .where('users.is_service', '=', false),
  );

export const countLiveFlags = (db: Queryable) =>
  count(
    db
      .selectFrom('features')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('archived_at', 'is', null),
  );

/** Audit events in an environment of type production, within the last `days`. */
export const countProductionChanges = (db: Queryable, now: Date, days: number) =>
  count(
    db
      .selectFrom('events')
      .innerJoin('environments', 'environments.name', 'events.environment')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('environments.type', '=', 'production')
      .where('events.created_at', '>=', new Date(now.getTime() - days * DAY_MS)),
  );

export const countEventsOfType = (db: Queryable, type: string) =>
  count(
    db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('type', '=', type),
  );

/** Applications with an instance seen within the last `days`. */
export const countAppsSeenSince = (db: Queryable, now: Date, days: number) =>
  count(
    db
      .selectFrom('client_instances')
      .select((eb) => eb.fn.count('app_name').distinct().as('count'))
      .where('last_seen', '>=', new Date(now.getTime() - days * DAY_MS)),
  );

/** Metric buckets of the previous UTC day: flag yes/no rows and variant rows. */
export async function previousDayBuckets(db: Queryable, now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const yesterday = new Date(today.getTime() - DAY_MS);
  const [enabledCount, variantCount] = await Promise.all([
    count(
      db
        .selectFrom('client_metrics_env')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('timestamp', '>=', yesterday)
        .where('timestamp', '<', today),
    ),
    count(
      db
        .selectFrom('client_metrics_env_variants')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('timestamp', '>=', yesterday)
        .where('timestamp', '<', today),
    ),
  ]);
  return { enabledCount, variantCount };
}

/** Usable API tokens (not deleted, not expired) by type. */
export async function countApiTokens(db: Queryable, now: Date) {
  const rows = await db
    .selectFrom('api_tokens')
    .select(['type', (eb) => eb.fn.countAll().as('count')])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .groupBy('type')
    .execute();
  const of = (type: string) => Number(rows.find((row) => row.type === type)?.count ?? 0);
  return { admin: of('admin'), client: of('client'), frontend: of('frontend') };
}

export const countReleaseDefinitions = (db: Queryable, discriminator: 'template' | 'plan') =>
  count(
    db
      .selectFrom('release_plan_definitions')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('discriminator', '=', discriminator),
  );

/** The largest strategy list of one flag in one environment, and the largest constraint lists. */
export async function strategyMaxima(db: Queryable) {
  const result = await sql<{ strategies: number | null; constraints: number | null; values: number | null }>`
    select
      (select max(n) from (select count(*) as n from feature_strategies group by feature_name, environment) s) as strategies,
      (select max(jsonb_array_length(constraints)) from feature_strategies where jsonb_typeof(constraints) = 'array') as constraints,
      (select max(jsonb_array_length(c -> 'values'))
         from feature_strategies, jsonb_array_elements(case when jsonb_typeof(constraints) = 'array' then constraints else '[]'::jsonb end) c
        where jsonb_typeof(c -> 'values') = 'array') as values
  `.execute(db);
  const row = result.rows[0];
  return {
    maxEnvironmentStrategies: Number(row?.strategies ?? 0),
    maxConstraints: Number(row?.constraints ?? 0),
    maxConstraintValues: Number(row?.values ?? 0),
  };
}
