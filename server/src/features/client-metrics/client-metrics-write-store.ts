import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { recordSightings } from '../feature-lifecycle';
import type { MetricsBatch } from './metrics-buffer';

export interface UnknownFlagRow {
  name: string;
  appName: string;
  environment: string;
  seenAt: Date;
}

/** Identifies a registered instance, as client_instances' primary key does. */
export function instanceKey(r: { appName: string; instanceId: string; environment: string }): string {
  return JSON.stringify([r.appName, r.instanceId, r.environment]);
}

/** Upserts the batch's applications; returns those it registered for the first time. */
async function writeApplications(trx: Queryable, batch: MetricsBatch): Promise<string[]> {
  const apps = new Map<string, { strategies: string[]; seenAt: Date }>();
  for (const r of batch.registrations) {
    const known = apps.get(r.appName);
    if (!known || known.seenAt < r.seenAt)
      apps.set(r.appName, { strategies: r.strategies, seenAt: r.seenAt });
  }
  if (!apps.size) return [];
  const names = [...apps.keys()];
  const { rows } = await sql<{ app_name: string; inserted: boolean }>`
    insert into client_applications (app_name, strategies, seen_at, updated_at)
    select name, strategies::jsonb, seen, now()
    from unnest(${names}::text[], ${names.map((n) => JSON.stringify(apps.get(n)!.strategies))}::text[],
                ${names.map((n) => apps.get(n)!.seenAt)}::timestamptz[]) as t(name, strategies, seen)
    on conflict (app_name) do update set
      seen_at = greatest(client_applications.seen_at, excluded.seen_at),
      strategies = case when jsonb_array_length(excluded.strategies) > 0
                        then excluded.strategies else client_applications.strategies end,
      updated_at = now()
    returning app_name, (xmax = 0) as inserted
  `.execute(trx);
  return rows.filter((row) => row.inserted).map((row) => row.app_name);
}

/** Upserts the batch's instances and the projects and environments each application uses. */
async function writeInstances(trx: Queryable, batch: MetricsBatch): Promise<void> {
  const regs = batch.registrations;
  if (!regs.length) return;
  await sql`
    insert into client_instances (app_name, instance_id, environment, sdk_version, sdk_type, client_ip, last_seen)
    select * from unnest(${regs.map((r) => r.appName)}::text[], ${regs.map((r) => r.instanceId)}::text[],
                         ${regs.map((r) => r.environment)}::text[], ${regs.map((r) => r.sdkVersion)}::text[],
                         ${regs.map((r) => r.sdkType)}::text[], ${regs.map((r) => r.clientIp)}::text[],
                         ${regs.map((r) => r.seenAt)}::timestamptz[])
    on conflict (app_name, instance_id, environment) do update set
      sdk_version = coalesce(excluded.sdk_version, client_instances.sdk_version),
      sdk_type = excluded.sdk_type,
      client_ip = coalesce(excluded.client_ip, client_instances.client_ip),
      last_seen = greatest(client_instances.last_seen, excluded.last_seen)
  `.execute(trx);
  const usage = regs.flatMap((r) =>
    r.projects.map((project) => [r.appName, project, r.environment] as const),
  );
  if (usage.length) {
    await sql`
      insert into client_applications_usage (app_name, project, environment)
      select * from unnest(${usage.map((u) => u[0])}::text[], ${usage.map((u) => u[1])}::text[],
                           ${usage.map((u) => u[2])}::text[])
      on conflict do nothing
    `.execute(trx);
  }
}

/** Moves each flag's last-seen time forward; first sightings move flags to pre-live / live (issue 14). */
async function writeLastSeen(trx: Queryable, batch: MetricsBatch): Promise<void> {
  const seen = batch.lastSeen;
  if (!seen.length) return;
  await sql`
    insert into feature_last_seen (feature_name, environment, last_seen_at)
    select * from unnest(${seen.map((s) => s.featureName)}::text[], ${seen.map((s) => s.environment)}::text[],
                         ${seen.map((s) => s.seenAt)}::timestamptz[])
    on conflict (feature_name, environment) do update set
      last_seen_at = greatest(feature_last_seen.last_seen_at, excluded.last_seen_at)
  `.execute(trx);
  await stampFlagsLastSeen(trx, seen);
  // First sightings move flags to pre-live / live (issue 14), in the batch's transaction.
  await recordSightings(trx, seen);
}

/** Writes every table of a batch; returns the applications it registered for the first time. */
async function writeBatch(trx: Queryable, batch: MetricsBatch): Promise<string[]> {
  const created = await writeApplications(trx, batch);
  await writeInstances(trx, batch);
  await writeCounts(trx, batch);
  await writeLastSeen(trx, batch);
  return created;
}

/**
 * Moves `lastSeenAt` of the flags and of their environments (the columns the admin API, search
 * filters and sorts read, as Unleash's `features.last_seen_at` and `feature_environments.last_seen_at`)
 * forward to the batch's sightings (issue 33). Two statements whatever the batch holds (the rows
 * are the buffer's, one per flag and environment, bounded by its size, of flags that exist); a row
 * is only written when its time moves forward, and rows are taken in name order so two servers
 * flushing at once lock them in the same order.
 */
async function stampFlagsLastSeen(
  trx: Queryable,
  seen: ReadonlyArray<{ featureName: string; environment: string; seenAt: Date }>,
): Promise<void> {
  const names = seen.map((s) => s.featureName);
  const environments = seen.map((s) => s.environment);
  const times = seen.map((s) => s.seenAt);
  await sql`
    with t as (
      select name, env, max(seen) as seen
      from unnest(${names}::text[], ${environments}::text[], ${times}::timestamptz[]) as u(name, env, seen)
      group by name, env
    ), locked as (
      select fe.feature_name, fe.environment, t.seen from feature_environments fe
      join t on t.name = fe.feature_name and t.env = fe.environment
      where fe.last_seen_at is null or fe.last_seen_at < t.seen
      order by fe.feature_name, fe.environment
      for update of fe
    )
    update feature_environments fe set last_seen_at = locked.seen
    from locked where fe.feature_name = locked.feature_name and fe.environment = locked.environment
  `.execute(trx);
  await sql`
    with t as (
      select name, max(seen) as seen
      from unnest(${names}::text[], ${times}::timestamptz[]) as u(name, seen)
      group by name
    ), locked as (
      select f.name, t.seen from features f join t on t.name = f.name
      where f.last_seen_at is null or f.last_seen_at < t.seen
      order by f.name
      for update of f
    )
    update features f set last_seen_at = locked.seen from locked where f.name = locked.name
  `.execute(trx);
}

/** The hourly counts and variant counts, added to the buckets already there. */
async function writeCounts(trx: Queryable, batch: MetricsBatch): Promise<void> {
  const counts = batch.counts;
  if (counts.length) {
    await sql`
      insert into client_metrics_env (feature_name, app_name, environment, timestamp, yes, no, last_reported_at)
      select * from unnest(${counts.map((c) => c.featureName)}::text[], ${counts.map((c) => c.appName)}::text[],
                           ${counts.map((c) => c.environment)}::text[], ${counts.map((c) => c.hour)}::timestamptz[],
                           ${counts.map((c) => c.yes)}::bigint[], ${counts.map((c) => c.no)}::bigint[],
                           ${counts.map((c) => c.seenAt)}::timestamptz[])
      on conflict (feature_name, app_name, environment, timestamp) do update set
        yes = client_metrics_env.yes + excluded.yes,
        no = client_metrics_env.no + excluded.no,
        last_reported_at = greatest(client_metrics_env.last_reported_at, excluded.last_reported_at)
    `.execute(trx);
  }
  const variants = batch.variants;
  if (variants.length) {
    await sql`
      insert into client_metrics_env_variants (feature_name, app_name, environment, timestamp, variant, count)
      select * from unnest(${variants.map((v) => v.featureName)}::text[], ${variants.map((v) => v.appName)}::text[],
                           ${variants.map((v) => v.environment)}::text[], ${variants.map((v) => v.hour)}::timestamptz[],
                           ${variants.map((v) => v.variant)}::text[], ${variants.map((v) => v.count)}::bigint[])
      on conflict (feature_name, app_name, environment, timestamp, variant) do update set
        count = client_metrics_env_variants.count + excluded.count
    `.execute(trx);
  }
}

/**
 * What a flush writes: registrations and hourly counts, one batch at a time, with `unnest` so
 * each table takes one statement however many rows a batch holds; the existence checks the
 * creation limits need; the bounded unknown-flags list.
 */
export function createClientMetricsWriteStore(db: Db) {
  return {
    /**
     * All tables of a batch in one transaction, with the events it causes (`onCreated` runs in
     * the same transaction): a failed flush leaves nothing half-written.
     */
    async writeBatch(
      batch: MetricsBatch,
      onCreated: (trx: Queryable, appNames: string[]) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const created = await writeBatch(trx, batch);
        if (created.length) await onCreated(trx, created);
      });
    },

    async deleteMetricsBefore(cutoff: Date): Promise<void> {
      await db.deleteFrom('client_metrics_env').where('timestamp', '<', cutoff).execute();
      await db.deleteFrom('client_metrics_env_variants').where('timestamp', '<', cutoff).execute();
    },
    ...existenceChecks(db),
    ...unknownFlagWrites(db),
  };
}

/** Which flags, applications and instances exist already (the creation limits count new ones). */
function existenceChecks(db: Db) {
  return {
    /** Which of these names are flags (archived ones included: Unleash counts them as known). */
    async existingFlagNames(names: readonly string[]): Promise<Set<string>> {
      if (!names.length) return new Set();
      const rows = await db
        .selectFrom('features')
        .select('name')
        .where('name', '=', sql<string>`any(${[...names]}::text[])`)
        .execute();
      return new Set(rows.map((row) => row.name));
    },

    async existingApplications(names: readonly string[]): Promise<Set<string>> {
      if (!names.length) return new Set();
      const rows = await db
        .selectFrom('client_applications')
        .select('app_name')
        .where('app_name', '=', sql<string>`any(${[...names]}::text[])`)
        .execute();
      return new Set(rows.map((row) => row.app_name));
    },

    /** Keys (see `instanceKey`) of the instances among these that are registered already. */
    async existingInstances(
      instances: ReadonlyArray<{ appName: string; instanceId: string; environment: string }>,
    ): Promise<Set<string>> {
      if (!instances.length) return new Set();
      const { rows } = await sql<{ app_name: string; instance_id: string; environment: string }>`
        select i.app_name, i.instance_id, i.environment from client_instances i
        join unnest(${instances.map((r) => r.appName)}::text[], ${instances.map((r) => r.instanceId)}::text[],
                    ${instances.map((r) => r.environment)}::text[]) as t(app_name, instance_id, environment)
          using (app_name, instance_id, environment)
      `.execute(db);
      return new Set(
        rows.map((r) =>
          instanceKey({ appName: r.app_name, instanceId: r.instance_id, environment: r.environment }),
        ),
      );
    },
  };
}

/** The bounded list of flags SDKs asked for that do not exist. */
function unknownFlagWrites(db: Db) {
  return {
    /** Records reports of flags that do not exist, keeping only the `keep` most recently seen. */
    async recordUnknownFlags(rows: readonly UnknownFlagRow[], keep: number): Promise<void> {
      if (!rows.length) return;
      await db.transaction().execute(async (trx) => {
        await sql`
          insert into unknown_flags (name, app_name, environment, seen_at)
          select * from unnest(${rows.map((r) => r.name)}::text[], ${rows.map((r) => r.appName)}::text[],
                               ${rows.map((r) => r.environment)}::text[], ${rows.map((r) => r.seenAt)}::timestamptz[])
          on conflict (name, app_name, environment) do update set
            seen_at = greatest(unknown_flags.seen_at, excluded.seen_at)
        `.execute(trx);
        await sql`
          delete from unknown_flags where (name, app_name, environment) in (
            select name, app_name, environment from unknown_flags
            order by seen_at desc, name, app_name, environment offset ${keep})
        `.execute(trx);
      });
    },

    /** The list without the names that became flags since they were reported. */
    async listUnknownFlags(): Promise<UnknownFlagRow[]> {
      const rows = await db
        .selectFrom('unknown_flags as u')
        .select(['u.name', 'u.app_name', 'u.environment', 'u.seen_at'])
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('features as f').select('f.name').whereRef('f.name', '=', 'u.name'))),
        )
        .orderBy('seen_at', 'desc')
        .orderBy('name')
        .execute();
      return rows.map((r) => ({
        name: r.name,
        appName: r.app_name,
        environment: r.environment,
        seenAt: r.seen_at,
      }));
    },

    /** A flag created after it was reported is no longer unknown. */
    async forgetUnknownFlagsThatExist(): Promise<void> {
      await sql`delete from unknown_flags u using features f where f.name = u.name`.execute(db);
    },
  };
}
