import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { RunningExperiment } from './running-experiments';
import type { ExposureRow, HourlyRow, TrackBatch, UserEventRow } from './track-buffer';

/**
 * Every statement of the experiment data (issue 35 §1): the running experiments the hot paths
 * watch, the flush of tracked events and exposures, the per-variant sums the readout starts
 * from, and the retention deletes. The `experiments` table is only read here.
 */

/** The names in a jsonb list of `{name}` or `{eventName}` objects; anything else is skipped. */
function namesIn(list: unknown, field: 'name' | 'eventName'): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(list)) return names;
  for (const item of list) {
    const name = (item as Record<string, unknown> | null)?.[field];
    if (typeof name === 'string') names.add(name);
  }
  return names;
}

export async function loadRunningExperiments(db: Queryable): Promise<RunningExperiment[]> {
  const rows = await db
    .selectFrom('experiments')
    .select(['id', 'feature_name', 'environment', 'started_at', 'created_at', 'variants', 'metrics'])
    .where('status', '=', 'running')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    featureName: row.feature_name,
    environment: row.environment,
    startedAt: row.started_at ?? row.created_at,
    variants: namesIn(row.variants, 'name'),
    eventNames: namesIn(row.metrics, 'eventName'),
  }));
}

/** The event names stored per environment (the distinct-name bound counts them). */
export async function storedEventNames(db: Queryable): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('tracked_events_hourly')
    .select(['environment', 'event_name'])
    .groupBy(['environment', 'event_name'])
    .execute();
  const names = new Map<string, string[]>();
  for (const row of rows) {
    const list = names.get(row.environment);
    if (list) list.push(row.event_name);
    else names.set(row.environment, [row.event_name]);
  }
  return names;
}

// Rows are written sorted by key: two workers upserting the same rows lock them in one order.
const byKey =
  <T>(...keys: ((row: T) => string | number)[]) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

/** First exposures, to experiments still running; a user already exposed keeps the first one. */
async function writeExposures(trx: Queryable, rows: ExposureRow[]): Promise<void> {
  if (!rows.length) return;
  rows.sort(
    byKey(
      (r) => r.experimentId,
      (r) => r.userKey,
    ),
  );
  await sql`
    insert into experiment_exposures (experiment_id, user_key, variant, exposed_at)
    select t.experiment_id, t.user_key, t.variant, t.exposed_at
    from unnest(${rows.map((r) => r.experimentId)}::int[], ${rows.map((r) => r.userKey)}::text[],
                ${rows.map((r) => r.variant)}::text[], ${rows.map((r) => r.exposedAt)}::timestamptz[])
         with ordinality as t(experiment_id, user_key, variant, exposed_at, n)
    join experiments x on x.id = t.experiment_id and x.status = 'running'
      and t.exposed_at >= coalesce(x.started_at, x.created_at)
    order by t.n
    on conflict (experiment_id, user_key) do nothing
  `.execute(trx);
}

async function writeHourly(trx: Queryable, rows: HourlyRow[]): Promise<void> {
  if (!rows.length) return;
  rows.sort(
    byKey(
      (r) => r.eventName,
      (r) => r.environment,
      (r) => r.hour.getTime(),
    ),
  );
  await sql`
    insert into tracked_events_hourly as h (event_name, environment, hour, events, value_sum)
    select * from unnest(${rows.map((r) => r.eventName)}::text[], ${rows.map((r) => r.environment)}::text[],
                         ${rows.map((r) => r.hour)}::timestamptz[], ${rows.map((r) => r.events)}::bigint[],
                         ${rows.map((r) => r.valueSum)}::float8[])
    on conflict (event_name, environment, hour) do update set
      events = h.events + excluded.events,
      value_sum = h.value_sum + excluded.value_sum
  `.execute(trx);
}

/**
 * Adds users' events to the experiments of their environment whose metrics read them: after
 * the user's exposure and within the metric's window (the longest, when several metrics read
 * the same event), to `events`/`value_sum`; before it, or while the user is not exposed yet, to
 * `pre_events`/`pre_value_sum`, the CUPED covariate. Events past the window count nowhere.
 */
async function attributeUserEvents(trx: Queryable, rows: UserEventRow[]): Promise<void> {
  if (!rows.length) return;
  await sql`
    with ev as (
      select * from unnest(${rows.map((r) => r.environment)}::text[], ${rows.map((r) => r.userKey)}::text[],
                           ${rows.map((r) => r.eventName)}::text[], ${rows.map((r) => r.at)}::timestamptz[],
                           ${rows.map((r) => r.value)}::float8[]) as t(environment, user_key, event_name, at, value)
    ), windows as (
      select x.id as experiment_id, x.environment, m->>'eventName' as event_name,
             max((m->>'windowHours')::float8) as window_hours
      from experiments x
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(x.metrics) = 'array' then x.metrics else '[]'::jsonb end) m
      where x.status = 'running' and jsonb_typeof(m->'windowHours') = 'number'
      group by 1, 2, 3
    ), hits as (
      select w.experiment_id, ev.user_key, ev.event_name, ev.value,
             coalesce(ev.at >= e.exposed_at and ev.at < e.exposed_at + interval '1 hour' * w.window_hours, false) as inside,
             (e.exposed_at is null or ev.at < e.exposed_at) as before
      from ev
      join windows w on w.environment = ev.environment and w.event_name = ev.event_name
      left join experiment_exposures e on e.experiment_id = w.experiment_id and e.user_key = ev.user_key
    )
    insert into experiment_user_metrics as m
      (experiment_id, user_key, event_name, events, value_sum, pre_events, pre_value_sum)
    select experiment_id, user_key, event_name,
           count(*) filter (where inside), coalesce(sum(value) filter (where inside), 0),
           count(*) filter (where before), coalesce(sum(value) filter (where before), 0)
    from hits
    where inside or before
    group by experiment_id, user_key, event_name
    order by experiment_id, user_key, event_name
    on conflict (experiment_id, user_key, event_name) do update set
      events = m.events + excluded.events,
      value_sum = m.value_sum + excluded.value_sum,
      pre_events = m.pre_events + excluded.pre_events,
      pre_value_sum = m.pre_value_sum + excluded.pre_value_sum
  `.execute(trx);
}

/** One flush: exposures first, so the events of the same flush find them. In the caller's transaction. */
export async function writeTrackBatch(trx: Queryable, batch: TrackBatch): Promise<void> {
  await writeExposures(trx, batch.exposures);
  await writeHourly(trx, batch.hourly);
  await attributeUserEvents(trx, batch.userEvents);
}

/** One variant's sums over its exposed users: y the per-user metric, x the pre-exposure covariate. */
export interface VariantSumsRow {
  variant: string;
  users: number;
  sum: number;
  sumSquares: number;
  xSum: number;
  xSquares: number;
  xySum: number;
}

/**
 * Per variant of an experiment, over its exposed users: the sums of the per-user metric y —
 * binomial: 1 when the user had the event in the window, else 0; mean: the sum of its values,
 * 0 for users without any — and of the covariate x, the same figure before exposure.
 */
export async function selectVariantSums(
  db: Queryable,
  experimentId: number,
  metric: { eventName: string; binomial: boolean },
): Promise<VariantSumsRow[]> {
  const { rows } = await sql<VariantSumsRow>`
    select variant, count(*)::int as users, sum(y) as sum, sum(y * y) as "sumSquares",
           sum(x) as "xSum", sum(x * x) as "xSquares", sum(x * y) as "xySum"
    from (
      select e.variant,
             case when ${metric.binomial}::boolean then (coalesce(m.events, 0) > 0)::int::float8
                  else coalesce(m.value_sum, 0) end as y,
             case when ${metric.binomial}::boolean then (coalesce(m.pre_events, 0) > 0)::int::float8
                  else coalesce(m.pre_value_sum, 0) end as x
      from experiment_exposures e
      left join experiment_user_metrics m
        on m.experiment_id = e.experiment_id and m.user_key = e.user_key and m.event_name = ${metric.eventName}
      where e.experiment_id = ${experimentId}
    ) per_user
    group by variant
    order by variant
  `.execute(db);
  return rows;
}

/** The variant names an experiment splits between, in their order; empty when there is no such experiment. */
export async function selectExperimentVariants(db: Queryable, experimentId: number): Promise<string[]> {
  const experiment = await db
    .selectFrom('experiments')
    .select('variants')
    .where('id', '=', experimentId)
    .executeTakeFirst();
  return [...namesIn(experiment?.variants, 'name')];
}

// ---- Retention ---------------------------------------------------------------------------------

export async function tryRetentionLock(trx: Queryable): Promise<boolean> {
  const locked = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtext('switchyard:experiment-data-retention')) as locked`.execute(
    trx,
  );
  return locked.rows[0]?.locked === true;
}

/** Experiments stopped before `cutoff` (their stop time, or their last update when it was not kept). */
const stoppedBefore = (cutoff: Date) =>
  sql`select id from experiments where status = 'stopped' and coalesce(stopped_at, updated_at) < ${cutoff}`;

/** Whether anything is past its retention: per-user rows of long-stopped experiments, old hourly counts. */
export async function hasExpiredData(
  db: Queryable,
  perUserCutoff: Date,
  hourlyCutoff: Date,
): Promise<boolean> {
  const { rows } = await sql<{ expired: boolean }>`
    select exists (select 1 from experiment_exposures where experiment_id in (${stoppedBefore(perUserCutoff)}))
        or exists (select 1 from experiment_user_metrics where experiment_id in (${stoppedBefore(perUserCutoff)}))
        or exists (select 1 from tracked_events_hourly where hour < ${hourlyCutoff}) as expired
  `.execute(db);
  return rows[0]?.expired === true;
}

/** Deletes at most `batch` rows of each kind past the retention; returns how many in all. */
export async function deleteExpiredData(
  db: Queryable,
  perUserCutoff: Date,
  hourlyCutoff: Date,
  batch: number,
): Promise<number> {
  const exposures = await sql`
    delete from experiment_exposures where (experiment_id, user_key) in (
      select experiment_id, user_key from experiment_exposures
      where experiment_id in (${stoppedBefore(perUserCutoff)}) limit ${batch})
  `.execute(db);
  const metrics = await sql`
    delete from experiment_user_metrics where (experiment_id, user_key, event_name) in (
      select experiment_id, user_key, event_name from experiment_user_metrics
      where experiment_id in (${stoppedBefore(perUserCutoff)}) limit ${batch})
  `.execute(db);
  const hourly = await sql`
    delete from tracked_events_hourly where (event_name, environment, hour) in (
      select event_name, environment, hour from tracked_events_hourly where hour < ${hourlyCutoff} limit ${batch})
  `.execute(db);
  return [exposures, metrics, hourly].reduce((sum, result) => sum + Number(result.numAffectedRows ?? 0), 0);
}
