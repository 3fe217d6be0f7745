import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import {
  ACTIVE_USER_DAYS,
  addDays,
  type LifecycleFlag,
  type ProjectSnapshot,
  SNAPSHOT_RETENTION_DAYS,
  type UserSnapshot,
} from './insight-calculations';

type Queryable = Kysely<Database>;

/** Projects a caller may not see: every read below leaves their rows out. */
type Hidden = ReadonlySet<string>;

function notHidden(column: string, hidden: Hidden) {
  return hidden.size === 0 ? sql`true` : sql`${sql.ref(column)} not in (${sql.join([...hidden])})`;
}

/** Half-open bounds of a period of whole UTC days [from, to]. */
function bounds(from: string, to: string) {
  return { start: `${from}T00:00:00.000Z`, end: `${addDays(to, 1)}T00:00:00.000Z` };
}

/**
 * Members of a project as Unleash counts them: users with a project role, directly or through a
 * group. `project` is a column reference or a value.
 */
const membersOf = (project: unknown) => sql<number>`(
  select count(distinct m.user_id) from (
    select ru.user_id from role_user ru where ru.project = ${project}
    union
    select gu.user_id from group_role gr join group_user gu on gu.group_id = gr.group_id
    where gr.project = ${project}
  ) m)::int`;

const userCounts = (activeSince: Date) =>
  sql`count(*)::int as total, (count(*) filter (where seen_at >= ${activeSince}))::int as active`;

/** A project's flags (not archived, stale, potentially stale), members and days to production. */
const projectState = sql`
      (select count(*) from features f where f.project = p.id and f.archived_at is null)::int,
      (select count(*) from features f where f.project = p.id and f.archived_at is null and f.stale)::int,
      (select count(*) from features f
        where f.project = p.id and f.archived_at is null and f.potentially_stale and not f.stale)::int,
      ${membersOf(sql.ref('p.id'))},
      (select avg(extract(epoch from (l.entered_at - f.created_at)) / 86400)
        from features f join feature_lifecycles l on l.feature = f.name and l.stage = 'live'
        where f.project = p.id)`;

/** The SDK metrics of one UTC day per project: counts, and how many apps, flags and environments. */
const metricsOfDay = (day: string) => sql`
      select f.project, sum(cm.yes) as yes, sum(cm.no) as no, count(distinct cm.app_name)::int as apps,
        count(distinct cm.feature_name)::int as flags, count(distinct cm.environment)::int as environments
      from client_metrics_env cm join features f on f.name = cm.feature_name
      where cm.timestamp >= ${`${day}T00:00:00.000Z`} and cm.timestamp < ${`${addDays(day, 1)}T00:00:00.000Z`}
      group by f.project`;

/**
 * Records day `day` once across instances: the day row's primary key decides which transaction
 * writes it (a concurrent one waits for the first to commit, then inserts nothing). Prunes rows
 * past the retention in the same transaction. Returns whether this call wrote the snapshot.
 */
export async function takeDailySnapshot(trx: Queryable, day: string, now: Date): Promise<boolean> {
  const activeSince = new Date(now.getTime() - ACTIVE_USER_DAYS * 86_400_000);
  const inserted = await sql<{ day: string }>`
    insert into insight_snapshot_days (day, users_total, users_active)
    select ${day}::date, ${userCounts(activeSince)}
    from users where not is_service
    on conflict (day) do nothing
    returning day::text`.execute(trx);
  if (inserted.rows.length === 0) return false;
  await sql`
    insert into insight_project_snapshots (day, project, total, stale, potentially_stale, users, time_to_production,
      metrics_yes, metrics_no, metrics_apps, metrics_flags, metrics_environments)
    select ${day}::date, p.id,
      ${projectState},
      coalesce(m.yes, 0), coalesce(m.no, 0), coalesce(m.apps, 0), coalesce(m.flags, 0), coalesce(m.environments, 0)
    from projects p
    left join (${metricsOfDay(addDays(day, -1))}) m on m.project = p.id
    where p.archived_at is null`.execute(trx);
  await trx
    .deleteFrom('insight_snapshot_days')
    .where('day', '<', addDays(day, -SNAPSHOT_RETENTION_DAYS))
    .execute();
  return true;
}

export async function hasSnapshot(db: Queryable, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('insight_snapshot_days')
    .select('day')
    .where('day', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

export async function readProjectSnapshots(
  db: Queryable,
  from: string,
  to: string,
  hidden: Hidden,
): Promise<ProjectSnapshot[]> {
  const { rows } = await sql<{
    day: string;
    project: string;
    total: number;
    stale: number;
    potentially_stale: number;
    users: number;
    time_to_production: number | null;
  }>`
    select day::text as day, project, total, stale, potentially_stale, users, time_to_production
    from insight_project_snapshots
    where day between ${from}::date and ${to}::date and ${notHidden('project', hidden)}
    order by day, project`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    project: row.project,
    total: row.total,
    stale: row.stale,
    potentiallyStale: row.potentially_stale,
    users: row.users,
    timeToProduction: row.time_to_production === null ? null : Math.round(Number(row.time_to_production)),
  }));
}

/**
 * Today as it is now, in the snapshots' shape (issue 33): the day's snapshot is taken at its
 * first tick, so flags created and users signed in since would only count tomorrow.
 */
export async function readLiveSnapshot(
  db: Queryable,
  day: string,
  now: Date,
  hidden: Hidden,
): Promise<{ user: UserSnapshot; projects: ProjectSnapshot[] }> {
  const activeSince = new Date(now.getTime() - ACTIVE_USER_DAYS * 86_400_000);
  const [users, projects] = await Promise.all([
    sql<{ total: number; active: number }>`
      select ${userCounts(activeSince)} from users where not is_service`.execute(db),
    sql<{
      project: string;
      total: number;
      stale: number;
      potentially_stale: number;
      users: number;
      time_to_production: number | null;
    }>`
      select project, total, stale, potentially_stale, users, time_to_production
      from (select p.id as project, ${projectState} from projects p
            where p.archived_at is null and ${notHidden('p.id', hidden)})
        as s(project, total, stale, potentially_stale, users, time_to_production)
      order by project`.execute(db),
  ]);
  const user = users.rows[0] ?? { total: 0, active: 0 };
  return {
    user: { day, total: user.total, active: user.active },
    projects: projects.rows.map((row) => ({
      day,
      project: row.project,
      total: row.total,
      stale: row.stale,
      potentiallyStale: row.potentially_stale,
      users: row.users,
      timeToProduction: row.time_to_production === null ? null : Math.round(Number(row.time_to_production)),
    })),
  };
}

export async function readUserSnapshots(db: Queryable, from: string, to: string): Promise<UserSnapshot[]> {
  const { rows } = await sql<UserSnapshot>`
    select day::text as day, users_total as total, users_active as active
    from insight_snapshot_days where day between ${from}::date and ${to}::date order by day`.execute(db);
  return rows;
}

/** Monday of the ISO week of a timestamp column, in UTC, as 'YYYY-MM-DD'. */
const weekStart = (column: string) =>
  sql<string>`(date_trunc('week', ${sql.ref(column)} at time zone 'UTC'))::date::text`;

export interface WeeklyCreations {
  weekStart: string;
  project: string;
  type: string;
  created: number;
}

export async function readCreationsByWeek(db: Queryable, from: string, to: string, hidden: Hidden) {
  const { start, end } = bounds(from, to);
  const created = await sql<WeeklyCreations>`
    select ${weekStart('created_at')} as "weekStart", project, type, count(*)::int as created
    from features where created_at >= ${start} and created_at < ${end} and ${notHidden('project', hidden)}
    group by 1, 2, 3`.execute(db);
  const archived = await sql<{ weekStart: string; project: string; archived: number }>`
    select ${weekStart('archived_at')} as "weekStart", project, count(*)::int as archived
    from features where archived_at >= ${start} and archived_at < ${end} and ${notHidden('project', hidden)}
    group by 1, 2`.execute(db);
  return { created: created.rows, archived: archived.rows };
}

/** Flags entering the live stage (first seen in production), per week and project. */
export async function readNewProductionFlagsByWeek(db: Queryable, from: string, to: string, hidden: Hidden) {
  const { start, end } = bounds(from, to);
  const { rows } = await sql<{ weekStart: string; project: string; count: number }>`
    select ${weekStart('l.entered_at')} as "weekStart", f.project, count(*)::int as count
    from feature_lifecycles l join features f on f.name = l.feature
    where l.stage = 'live' and l.entered_at >= ${start} and l.entered_at < ${end} and ${notHidden('f.project', hidden)}
    group by 1, 2`.execute(db);
  return rows;
}

/**
 * SDK metrics per week and project, from the snapshots (each holds the day before its own):
 * requests summed; apps, flags and environments as the week's busiest day counted them.
 */
/**
 * Today's SDK metrics so far, per project, as `readMetricsByWeek` gives a week's: the snapshot
 * records a day's metrics only the day after (issue 33).
 */
export async function readLiveMetrics(db: Queryable, day: string, hidden: Hidden) {
  const { rows } = await sql<{
    weekStart: string;
    project: string;
    yes: string;
    no: string;
    apps: number;
    flags: number;
    environments: number;
  }>`
    select (date_trunc('week', ${day}::date))::date::text as "weekStart", m.project, m.yes, m.no, m.apps, m.flags,
      m.environments
    from (${metricsOfDay(day)}) m
    where ${notHidden('m.project', hidden)} and (m.yes > 0 or m.no > 0)`.execute(db);
  return rows.map((row) => ({ ...row, yes: Number(row.yes), no: Number(row.no) }));
}

export async function readMetricsByWeek(db: Queryable, from: string, to: string, hidden: Hidden) {
  const { rows } = await sql<{
    weekStart: string;
    project: string;
    yes: number;
    no: number;
    apps: number;
    flags: number;
    environments: number;
  }>`
    select (date_trunc('week', day - 1))::date::text as "weekStart", project,
      sum(metrics_yes)::bigint as yes, sum(metrics_no)::bigint as no, max(metrics_apps)::int as apps,
      max(metrics_flags)::int as flags, max(metrics_environments)::int as environments
    from insight_project_snapshots
    where day - 1 between ${from}::date and ${to}::date and ${notHidden('project', hidden)}
      and (metrics_yes > 0 or metrics_no > 0)
    group by 1, 2`.execute(db);
  return rows.map((row) => ({ ...row, yes: Number(row.yes), no: Number(row.no) }));
}

/** Flag changes made in an environment (events naming one), per week and environment type. */
export async function readEnvironmentTypeUpdatesByWeek(
  db: Queryable,
  from: string,
  to: string,
  hidden: Hidden,
) {
  const { start, end } = bounds(from, to);
  const { rows } = await sql<{ weekStart: string; environmentType: string; count: number }>`
    select ${weekStart('e.created_at')} as "weekStart", env.type as "environmentType", count(*)::int as count
    from events e join environments env on env.name = e.environment
    where e.created_at >= ${start} and e.created_at < ${end} and e.feature_name is not null
      and (e.project is null or ${notHidden('e.project', hidden)})
    group by 1, 2`.execute(db);
  return rows;
}

/** Every lifecycle stage of the flags of `projects` (all visible ones when null), archived flags included. */
export async function readLifecycleFlags(
  db: Queryable,
  projects: readonly string[] | null,
  hidden: Hidden,
): Promise<LifecycleFlag[]> {
  const { rows } = await sql<{ name: string; type: string; stage: string; entered_at: Date }>`
    select f.name, f.type, l.stage, l.entered_at
    from features f join feature_lifecycles l on l.feature = f.name
    where ${projects === null ? sql`true` : sql`f.project in (${sql.join(projects.length ? [...projects] : [''])})`}
      and ${notHidden('f.project', hidden)}
    order by f.name`.execute(db);
  const byFlag = new Map<string, { type: string; stages: { stage: string; enteredAt: Date }[] }>();
  for (const row of rows) {
    const flag = byFlag.get(row.name) ?? { type: row.type, stages: [] };
    flag.stages.push({ stage: row.stage, enteredAt: row.entered_at });
    byFlag.set(row.name, flag);
  }
  return [...byFlag.values()];
}

/** Which of `ids` exist and are visible (archived projects included: their history still counts). */
export async function existingProjects(
  db: Queryable,
  ids: readonly string[],
  hidden: Hidden,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id).filter((id) => !hidden.has(id)));
}

export async function readProjectStatusNumbers(db: Queryable, project: string, now: Date) {
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000);
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const activity = await sql<{ date: string; count: number }>`
    select (created_at at time zone 'UTC')::date::text as date, count(*)::int as count
    from events where project = ${project} and created_at >= ${yearAgo}
    group by 1 order by 1`.execute(db);
  const numbers = await sql<{
    total: number;
    stale: number;
    potentially_stale: number;
    archived: number;
    archived_last30: number;
    api_tokens: number;
    members: number;
    segments: number;
  }>`
    select
      (select count(*) from features where project = ${project} and archived_at is null)::int as total,
      (select count(*) from features where project = ${project} and archived_at is null and stale)::int as stale,
      (select count(*) from features
        where project = ${project} and archived_at is null and potentially_stale and not stale)::int as potentially_stale,
      (select count(*) from features where project = ${project} and archived_at is not null)::int as archived,
      (select count(*) from features where project = ${project} and archived_at >= ${monthAgo})::int as archived_last30,
      (select count(distinct t.id) from api_tokens t join api_token_projects tp on tp.token_id = t.id
        where tp.project = ${project} and t.deleted_at is null)::int as api_tokens,
      ${membersOf(project)} as members,
      (select count(*) from segments where segment_project_id = ${project})::int as segments`.execute(db);
  return { activity: activity.rows, numbers: numbers.rows[0]! };
}

/** Flags of a project (not archived) that reached the live stage, with when they were created and went live. */
export async function readProductionFlags(db: Queryable, project: string) {
  return db
    .selectFrom('features as f')
    .innerJoin('feature_lifecycles as l', (join) =>
      join.onRef('l.feature', '=', 'f.name').on('l.stage', '=', 'live'),
    )
    .select(['f.name', 'f.created_at as createdAt', 'l.entered_at as liveAt'])
    .where('f.project', '=', project)
    .where('f.archived_at', 'is', null)
    .orderBy('f.name')
    .execute();
}
