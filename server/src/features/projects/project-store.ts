import { sql } from 'kysely';
import type { CreateFeatureStrategy, FeatureNaming, Project, ProjectMode } from '../../../contract';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';
import { memberCounts } from './project-member-store';

export interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  mode: ProjectMode;
  defaultStickiness: string;
  featureLimit: number | null;
  featureNaming: FeatureNaming;
  linkTemplates: Array<{ title?: string | null; urlTemplate: string }>;
  createdAt: Date;
  updatedAt: Date;
  archivedAt: Date | null;
}

export const PROJECT_EXISTS = 'A project with this id already exists.';

type Raw = {
  id: string;
  name: string;
  description: string | null;
  mode: string;
  default_stickiness: string;
  feature_limit: number | null;
  feature_naming_pattern: string | null;
  feature_naming_example: string | null;
  feature_naming_description: string | null;
  link_templates: unknown;
  created_at: Date;
  updated_at: Date;
  archived_at: Date | null;
};

function toRow(raw: Raw): ProjectRow {
  return {
    id: raw.id,
    name: raw.name,
    description: raw.description,
    mode: raw.mode as ProjectMode,
    defaultStickiness: raw.default_stickiness,
    featureLimit: raw.feature_limit,
    featureNaming: {
      pattern: raw.feature_naming_pattern,
      example: raw.feature_naming_example,
      description: raw.feature_naming_description,
    },
    linkTemplates: Array.isArray(raw.link_templates)
      ? (raw.link_templates as ProjectRow['linkTemplates'])
      : [],
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    archivedAt: raw.archived_at,
  };
}

/** The project as events record it. */
export function projectEventData(row: ProjectRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    mode: row.mode,
    defaultStickiness: row.defaultStickiness,
    featureLimit: row.featureLimit,
    featureNaming: row.featureNaming,
    linkTemplates: row.linkTemplates,
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

export async function getProject(db: Queryable, id: string, lock = false): Promise<ProjectRow | undefined> {
  let query = db.selectFrom('projects').selectAll().where('id', '=', id);
  if (lock) query = query.forNoKeyUpdate();
  const raw = await query.executeTakeFirst();
  return raw ? toRow(raw) : undefined;
}

export async function insertProject(
  db: Queryable,
  row: Omit<ProjectRow, 'createdAt' | 'updatedAt' | 'archivedAt'>,
) {
  try {
    await db
      .insertInto('projects')
      .values({
        id: row.id,
        name: row.name,
        description: row.description,
        mode: row.mode,
        default_stickiness: row.defaultStickiness,
        feature_limit: row.featureLimit,
        feature_naming_pattern: row.featureNaming.pattern,
        feature_naming_example: row.featureNaming.example ?? null,
        feature_naming_description: row.featureNaming.description ?? null,
        link_templates: JSON.stringify(row.linkTemplates),
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(PROJECT_EXISTS);
    throw error;
  }
}

export async function updateProject(db: Queryable, row: ProjectRow): Promise<void> {
  await db
    .updateTable('projects')
    .set({
      name: row.name,
      description: row.description,
      mode: row.mode,
      default_stickiness: row.defaultStickiness,
      feature_limit: row.featureLimit,
      feature_naming_pattern: row.featureNaming.pattern,
      feature_naming_example: row.featureNaming.example ?? null,
      feature_naming_description: row.featureNaming.description ?? null,
      link_templates: JSON.stringify(row.linkTemplates),
      archived_at: row.archivedAt,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', row.id)
    .execute();
}

export async function deleteProject(db: Queryable, id: string): Promise<void> {
  // Archived flags go with their project; their environments, strategies and tags cascade.
  await db.deleteFrom('features').where('project', '=', id).execute();
  await db.deleteFrom('projects').where('id', '=', id).execute();
}

export async function countActiveFeatures(db: Queryable, project: string): Promise<number> {
  const row = await db
    .selectFrom('features')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project', '=', project)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface ProjectEnvironmentRow {
  environment: string;
  defaultStrategy: CreateFeatureStrategy | null;
}

export async function getProjectEnvironments(
  db: Queryable,
  project: string,
): Promise<ProjectEnvironmentRow[]> {
  const rows = await db
    .selectFrom('project_environments as pe')
    .innerJoin('environments as e', 'e.name', 'pe.environment_name')
    .select(['pe.environment_name', 'pe.default_strategy'])
    .where('pe.project_id', '=', project)
    .orderBy('e.sort_order')
    .orderBy('e.name')
    .execute();
  return rows.map((row) => ({
    environment: row.environment_name,
    defaultStrategy: (row.default_strategy as CreateFeatureStrategy | null) ?? null,
  }));
}

/** Turns change requests on for project environments (project create's `changeRequestEnvironments`). */
export async function insertChangeRequestSettings(
  db: Queryable,
  project: string,
  settings: ReadonlyArray<{ name: string; requiredApprovals: number }>,
): Promise<void> {
  if (settings.length === 0) return;
  await db
    .insertInto('change_request_settings')
    .values(settings.map((s) => ({ project, environment: s.name, required_approvals: s.requiredApprovals })))
    .execute();
}

export async function addProjectEnvironment(
  db: Queryable,
  project: string,
  environment: string,
): Promise<void> {
  await db
    .insertInto('project_environments')
    .values({ project_id: project, environment_name: environment })
    .onConflict((oc) => oc.doNothing())
    .execute();
  // Every flag of the project gets its (disabled) state in the new environment.
  await sql`
    insert into feature_environments (feature_name, environment, enabled)
    select name, ${environment}, false from features where project = ${project}
    on conflict do nothing`.execute(db);
}

export async function removeProjectEnvironment(
  db: Queryable,
  project: string,
  environment: string,
): Promise<void> {
  await db
    .deleteFrom('project_environments')
    .where('project_id', '=', project)
    .where('environment_name', '=', environment)
    .execute();
  await db
    .deleteFrom('feature_strategies')
    .where('project_name', '=', project)
    .where('environment', '=', environment)
    .execute();
  await sql`
    delete from feature_environments fe using features f
    where f.name = fe.feature_name and f.project = ${project} and fe.environment = ${environment}`.execute(
    db,
  );
}

export async function setProjectEnvironmentDefaultStrategy(
  db: Queryable,
  project: string,
  environment: string,
  strategy: CreateFeatureStrategy,
): Promise<void> {
  await db
    .updateTable('project_environments')
    .set({ default_strategy: JSON.stringify(strategy) })
    .where('project_id', '=', project)
    .where('environment_name', '=', environment)
    .execute();
}

interface ProjectCounts {
  featureCount: number;
  staleFeatureCount: number;
  potentiallyStaleFeatureCount: number;
  archivedFeatureCount: number;
  lastUpdatedAt: Date | null;
}

export async function projectCounts(
  db: Queryable,
  ids?: readonly string[],
): Promise<Map<string, ProjectCounts>> {
  let query = db
    .selectFrom('features')
    .select((eb) => [
      'project',
      eb.fn.count<number>('name').filterWhere('archived_at', 'is', null).as('active'),
      eb.fn
        .count<number>('name')
        .filterWhere((w) => w.and([w('archived_at', 'is', null), w('stale', '=', true)]))
        .as('stale'),
      eb.fn
        .count<number>('name')
        .filterWhere((w) =>
          w.and([w('archived_at', 'is', null), w('potentially_stale', '=', true), w('stale', '=', false)]),
        )
        .as('potentiallyStale'),
      eb.fn.count<number>('name').filterWhere('archived_at', 'is not', null).as('archived'),
    ])
    .groupBy('project');
  if (ids) query = query.where('project', 'in', ids.length ? [...ids] : ['']);
  const [rows, updates] = await Promise.all([
    query.execute(),
    db
      .selectFrom('events')
      .select((eb) => ['project', eb.fn.max('created_at').as('last')])
      .where('project', 'is not', null)
      .groupBy('project')
      .execute(),
  ]);
  const lastByProject = new Map(updates.map((row) => [row.project!, row.last as Date | null]));
  const counts = new Map<string, ProjectCounts>();
  for (const row of rows) {
    counts.set(row.project, {
      featureCount: Number(row.active),
      staleFeatureCount: Number(row.stale),
      potentiallyStaleFeatureCount: Number(row.potentiallyStale),
      archivedFeatureCount: Number(row.archived),
      lastUpdatedAt: lastByProject.get(row.project) ?? null,
    });
  }
  for (const [project, last] of lastByProject) {
    if (!counts.has(project)) {
      counts.set(project, {
        featureCount: 0,
        staleFeatureCount: 0,
        potentiallyStaleFeatureCount: 0,
        archivedFeatureCount: 0,
        lastUpdatedAt: last,
      });
    }
  }
  return counts;
}

/** A project's active flags by state; a stale flag is not counted again as potentially stale. */
export async function projectFlagCounts(db: Queryable, project: string) {
  const counts = (await projectCounts(db, [project])).get(project);
  const total = counts?.featureCount ?? 0;
  const stale = counts?.staleFeatureCount ?? 0;
  const potentiallyStale = counts?.potentiallyStaleFeatureCount ?? 0;
  return { total, stale, potentiallyStale, active: total - stale - potentiallyStale };
}

/** Health as Unleash shows it: the share of active flags that are neither stale nor potentially stale. */
export function projectHealth(
  counts: Pick<ProjectCounts, 'featureCount' | 'staleFeatureCount' | 'potentiallyStaleFeatureCount'>,
) {
  if (counts.featureCount === 0) return 100;
  const unhealthy = counts.staleFeatureCount + counts.potentiallyStaleFeatureCount;
  return Math.round((100 * (counts.featureCount - unhealthy)) / counts.featureCount);
}

export async function listProjects(
  db: Queryable,
  archived: boolean,
  hiddenProjects: ReadonlySet<string> = new Set(),
): Promise<Project[]> {
  const raws = await db
    .selectFrom('projects')
    .selectAll()
    .where('archived_at', archived ? 'is not' : 'is', null)
    .$if(hiddenProjects.size > 0, (q) => q.where('id', 'not in', [...hiddenProjects]))
    .orderBy('name')
    .execute();
  const ids = raws.map((raw) => raw.id);
  const [counts, members] = await Promise.all([projectCounts(db, ids), memberCounts(db, ids)]);
  return raws.map((raw) => {
    const row = toRow(raw);
    const count = counts.get(row.id) ?? {
      featureCount: 0,
      staleFeatureCount: 0,
      potentiallyStaleFeatureCount: 0,
      archivedFeatureCount: 0,
      lastUpdatedAt: null,
    };
    const health = projectHealth(count);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      health,
      technicalDebt: 100 - health,
      featureCount: count.featureCount,
      staleFeatureCount: count.staleFeatureCount,
      potentiallyStaleFeatureCount: count.potentiallyStaleFeatureCount,
      archivedFeatureCount: count.archivedFeatureCount,
      memberCount: members.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastUpdatedAt: count.lastUpdatedAt?.toISOString() ?? null,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      lastReportedFlagUsage: null,
      mode: row.mode,
      defaultStickiness: row.defaultStickiness,
      favorite: false,
      owners: [{ ownerType: 'system' }],
    };
  });
}

/** The numbers of the project overview: flag counts by type and 30-day activity windows. */
export async function projectOverviewNumbers(db: Queryable, project: string) {
  const stats = await sql<{
    created_current: number;
    created_past: number;
    archived_current: number;
    archived_past: number;
    activity_current: number;
    activity_past: number;
  }>`
    select
      (select count(*) from features where project = ${project} and created_at >= now() - interval '30 days')::int as created_current,
      (select count(*) from features where project = ${project} and created_at < now() - interval '30 days' and created_at >= now() - interval '60 days')::int as created_past,
      (select count(*) from features where project = ${project} and archived_at >= now() - interval '30 days')::int as archived_current,
      (select count(*) from features where project = ${project} and archived_at < now() - interval '30 days' and archived_at >= now() - interval '60 days')::int as archived_past,
      (select count(*) from events where project = ${project} and created_at >= now() - interval '30 days')::int as activity_current,
      (select count(*) from events where project = ${project} and created_at < now() - interval '30 days' and created_at >= now() - interval '60 days')::int as activity_past`.execute(
    db,
  );
  const typeCounts = await db
    .selectFrom('features')
    .select((eb) => ['type', eb.fn.countAll<number>().as('count')])
    .where('project', '=', project)
    .where('archived_at', 'is', null)
    .groupBy('type')
    .orderBy('type')
    .execute();
  const counts = (await projectCounts(db, [project])).get(project);
  const latest = await db
    .selectFrom('features')
    .select('name')
    .where('project', '=', project)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    stats: stats.rows[0]!,
    featureTypeCounts: typeCounts.map((row) => ({ type: row.type, count: Number(row.count) })),
    health: projectHealth(
      counts ?? { featureCount: 0, staleFeatureCount: 0, potentiallyStaleFeatureCount: 0 },
    ),
    latestFeature: latest?.name,
  };
}

/** Who has created flags in a project. */
export async function listFlagCreators(db: Queryable, project: string) {
  const rows = await db
    .selectFrom('features')
    .select(['created_by', 'created_by_user_id'])
    .distinct()
    .where('project', '=', project)
    .where('created_by', 'is not', null)
    .orderBy('created_by')
    .execute();
  return rows.map((row) => ({ id: row.created_by_user_id ?? 0, name: row.created_by! }));
}
