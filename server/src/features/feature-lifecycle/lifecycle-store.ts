import { sql } from 'kysely';
import {
  type CurrentLifecycle,
  type FeatureLifecycle,
  type FeatureLifecycleCount,
  LIFECYCLE_STAGES,
  type LifecycleStage,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';

/**
 * A flag's current stage is the furthest stage it holds a row for: completing and archiving add
 * a row, uncompleting and reviving take it away again, and a late SDK sighting of a completed
 * flag cannot pull it back to pre-live.
 */
const STAGE_RANK = sql.raw(
  `case stage ${LIFECYCLE_STAGES.map((stage, rank) => `when '${stage}' then ${rank}`).join(' ')} end`,
);

export interface LifecycleFlag {
  name: string;
  project: string;
  archived: boolean;
}

/** The flag, locked for the rest of the transaction so stage changes of one flag serialise. */
export async function lockLifecycleFlag(db: Queryable, name: string): Promise<LifecycleFlag | undefined> {
  const row = await db
    .selectFrom('features')
    .select(['name', 'project', 'archived_at'])
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirst();
  return row && { name: row.name, project: row.project, archived: row.archived_at !== null };
}

export async function findLifecycleFlag(db: Queryable, name: string): Promise<LifecycleFlag | undefined> {
  const row = await db
    .selectFrom('features')
    .select(['name', 'project', 'archived_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { name: row.name, project: row.project, archived: row.archived_at !== null };
}

/** Records that a flag entered a stage; a stage it holds already keeps its first entry time. */
export async function enterStage(db: Queryable, feature: string, stage: LifecycleStage): Promise<void> {
  await db
    .insertInto('feature_lifecycles')
    .values({ feature, stage })
    .onConflict((oc) => oc.columns(['feature', 'stage']).doNothing())
    .execute();
}

/** Marks a flag completed with the owner's decision; a completed flag keeps its first one. */
export async function enterCompleted(
  db: Queryable,
  feature: string,
  status: string,
  statusValue: string | null,
): Promise<void> {
  await db
    .insertInto('feature_lifecycles')
    .values({ feature, stage: 'completed', status, status_value: statusValue })
    .onConflict((oc) => oc.columns(['feature', 'stage']).doNothing())
    .execute();
}

/** Takes a stage away; answers whether the flag held it. */
export async function leaveStage(db: Queryable, feature: string, stage: LifecycleStage): Promise<boolean> {
  const rows = await db
    .deleteFrom('feature_lifecycles')
    .where('feature', '=', feature)
    .where('stage', '=', stage)
    .returning('stage')
    .execute();
  return rows.length > 0;
}

export async function clearStages(db: Queryable, feature: string): Promise<void> {
  await db.deleteFrom('feature_lifecycles').where('feature', '=', feature).execute();
}

/** The stages a flag entered, in the order it entered them. */
export async function listStages(db: Queryable, feature: string): Promise<FeatureLifecycle> {
  const rows = await db
    .selectFrom('feature_lifecycles')
    .select(['stage', 'entered_at', 'status'])
    .where('feature', '=', feature)
    .orderBy('entered_at')
    .orderBy(sql`${STAGE_RANK}`)
    .execute();
  return rows.map((row) => ({
    stage: row.stage as LifecycleStage,
    ...(row.status === null ? {} : { status: row.status }),
    enteredStageAt: row.entered_at.toISOString(),
  }));
}

/** Each flag's current stage, for the flags among `names` that have one. */
export async function currentStages(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, CurrentLifecycle>> {
  if (!names.length) return new Map();
  const { rows } = await sql<{
    feature: string;
    stage: LifecycleStage;
    entered_at: Date;
    status: string | null;
  }>`
    select distinct on (feature) feature, stage, entered_at, status
    from feature_lifecycles
    where feature = any(${[...names]}::text[])
    order by feature, ${STAGE_RANK} desc`.execute(db);
  return new Map(
    rows.map((row) => [
      row.feature,
      {
        stage: row.stage,
        ...(row.status === null ? {} : { status: row.status }),
        enteredStageAt: row.entered_at.toISOString(),
      },
    ]),
  );
}

/** SQL for "the flag `f.name` is now in one of these stages", for the flag search. */
export function inCurrentStage(stages: readonly string[]) {
  return sql<boolean>`(
    select l.stage from feature_lifecycles l where l.feature = f.name
    order by ${STAGE_RANK} desc limit 1) = any(${[...stages]}::text[])`;
}

/** How many flags are in each stage now, leaving out the projects the caller may not see. */
export async function countByStage(
  db: Queryable,
  hiddenProjects: ReadonlySet<string>,
): Promise<FeatureLifecycleCount> {
  const hidden = [...hiddenProjects];
  const { rows } = await sql<{ stage: LifecycleStage; flags: string }>`
    select current.stage, count(*) as flags
    from features f
    cross join lateral (
      select stage from feature_lifecycles l where l.feature = f.name
      order by ${STAGE_RANK} desc limit 1) current
    where not (f.project = any(${hidden}::text[]))
    group by current.stage`.execute(db);
  const count = (stage: LifecycleStage) => Number(rows.find((row) => row.stage === stage)?.flags ?? 0);
  return {
    initial: count('initial'),
    preLive: count('pre-live'),
    live: count('live'),
    completed: count('completed'),
    archived: count('archived'),
  };
}

export interface Sighting {
  featureName: string;
  environment: string;
  seenAt: Date;
}

/**
 * SDK sightings from one metrics flush, in one statement: seen in any known environment is
 * pre-live, seen in a production environment where the flag is on is live. Only first sightings
 * write (stages already held are skipped before inserting); archived flags and unknown flags or
 * environments write nothing.
 */
export async function recordSightings(db: Queryable, sightings: readonly Sighting[]): Promise<void> {
  if (!sightings.length) return;
  await sql`
    insert into feature_lifecycles (feature, stage, entered_at)
    select s.feature, st.stage, min(s.seen)
    from unnest(${sightings.map((s) => s.featureName)}::text[], ${sightings.map((s) => s.environment)}::text[],
                ${sightings.map((s) => s.seenAt)}::timestamptz[]) as s(feature, environment, seen)
    join features f on f.name = s.feature and f.archived_at is null
    join environments e on e.name = s.environment
    left join feature_environments fe on fe.feature_name = s.feature and fe.environment = s.environment
    cross join (values ('pre-live'), ('live')) as st(stage)
    where (st.stage = 'pre-live' or (e.type = 'production' and coalesce(fe.enabled, false)))
      and not exists (select 1 from feature_lifecycles l where l.feature = s.feature and l.stage = st.stage)
    group by s.feature, st.stage
    on conflict (feature, stage) do nothing`.execute(db);
}
