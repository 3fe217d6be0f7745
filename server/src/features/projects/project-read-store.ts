import { sql } from 'kysely';
import type { Project } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { creatorName } from '../../lib/caller';
import { memberCounts } from './project-member-store';
import { projectOnboardingStatuses } from './project-onboarding-store';
import { projectHealth } from './project-rules';
import { toProjectRow } from './project-store';

/** The read model of projects: lists with their counts, health, overview numbers, flag creators. */
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
  const [counts, members, onboarding] = await Promise.all([
    projectCounts(db, ids),
    memberCounts(db, ids),
    projectOnboardingStatuses(db, ids),
  ]);
  return raws.map((raw) => {
    const row = toProjectRow(raw);
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
      onboardingStatus: onboarding.get(row.id) ?? { status: 'onboarding-started' },
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
  const onboarding = await projectOnboardingStatuses(db, [project]);
  return {
    stats: stats.rows[0]!,
    featureTypeCounts: typeCounts.map((row) => ({ type: row.type, count: Number(row.count) })),
    health: projectHealth(
      counts ?? { featureCount: 0, staleFeatureCount: 0, potentiallyStaleFeatureCount: 0 },
    ),
    onboardingStatus: onboarding.get(project) ?? { status: 'onboarding-started' },
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
  // Several admin tokens all stand for the one pseudo user: list each creator once.
  const creators = new Map<string, { id: number; name: string }>();
  for (const row of rows) {
    const creator = {
      id: row.created_by_user_id ?? 0,
      name: creatorName(row.created_by, row.created_by_user_id),
    };
    creators.set(`${creator.id}:${creator.name}`, creator);
  }
  return [...creators.values()];
}
