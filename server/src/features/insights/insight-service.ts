import type {
  CreationArchiveTrend,
  HealthReport,
  InstanceInsights,
  InstanceInsightsQuery,
  LifecycleTrends,
  ProjectDoraMetrics,
  ProjectInsights,
  ProjectStatus,
} from '../../../contract';
import type { Db } from '../../db/database';
import { badData } from '../../lib/errors';
import { listProjectFeatures } from '../feature-toggles';
import { createProjectService, membersAddedSince, projectFlagCounts } from '../projects';
import {
  dayToDateTime,
  flagHealth,
  flagTrends,
  isoWeek,
  leadTimes,
  lifecycleSummary,
  lifecycleTrends,
  parseInsightsRange,
  parseProjectList,
  projectFlagTrends,
  userTrends,
  utcDay,
} from './insight-calculations';
import {
  existingProjects,
  readCreationsByWeek,
  readEnvironmentTypeUpdatesByWeek,
  readLifecycleFlags,
  readLiveMetrics,
  readLiveSnapshot,
  readMetricsByWeek,
  readNewProductionFlagsByWeek,
  readProductionFlags,
  readProjectSnapshots,
  readProjectStatusNumbers,
  readUserSnapshots,
} from './insight-store';

const MEMBER_CHANGE_DAYS = 30;

/** Flag counts as Unleash's deprecated reports name them, with the health they give. */
async function flagStates(db: Db, project: string) {
  const counts = await projectFlagCounts(db, project);
  return {
    health: flagHealth(counts),
    states: {
      activeCount: counts.active,
      potentiallyStaleCount: counts.potentiallyStale,
      staleCount: counts.stale,
    },
  };
}

const weekFields = (weekStart: string) => ({ week: isoWeek(weekStart), date: dayToDateTime(weekStart) });
const byDateThenProject = <T extends { date: string; project: string }>(a: T, b: T) =>
  a.date.localeCompare(b.date) || a.project.localeCompare(b.project);

interface InsightDeps {
  db: Db;
  clock: () => Date;
}

/** What the insights answer; `hidden` are the projects the caller may not see. */
export function createInsightService(db: Db, clock: () => Date = () => new Date()) {
  const deps: InsightDeps = { db, clock };
  return {
    instanceInsights: (query: InstanceInsightsQuery, hidden: ReadonlySet<string>) =>
      instanceInsights(deps, query, hidden),
    lifecycle: (projectsParam: string | undefined, hidden: ReadonlySet<string>) =>
      lifecycle(deps, projectsParam, hidden),
    projectDora: (project: string) => projectDora(deps, project),
    projectHealthReport: (project: string) => projectHealthReport(deps, project),
    projectInsights: (project: string) => projectInsights(deps, project),
    projectStatus: (project: string) => projectStatus(deps, project),
  };
}

type WeekMetrics = Awaited<ReturnType<typeof readMetricsByWeek>>[number];

/** Today's metrics added to their week's row of the project (apps, flags: the larger count). */
function addWeekMetrics(stored: readonly WeekMetrics[], todays: readonly WeekMetrics[]): WeekMetrics[] {
  const rows = stored.map((row) => ({ ...row }));
  for (const today of todays) {
    const row = rows.find((r) => r.weekStart === today.weekStart && r.project === today.project);
    if (!row) {
      rows.push({ ...today });
      continue;
    }
    row.yes += today.yes;
    row.no += today.no;
    row.apps = Math.max(row.apps, today.apps);
    row.flags = Math.max(row.flags, today.flags);
    row.environments = Math.max(row.environments, today.environments);
  }
  return rows;
}

/** Rows of other days, with `today` as given. */
function replaceDay<T extends { day: string }>(rows: readonly T[], today: string, todays: readonly T[]): T[] {
  return [...rows.filter((row) => row.day !== today), ...todays];
}

async function instanceInsights(
  { db, clock }: InsightDeps,
  query: InstanceInsightsQuery,
  hidden: ReadonlySet<string>,
): Promise<InstanceInsights> {
  const now = clock();
  const today = utcDay(now);
  const { from, to } = parseInsightsRange(query, today);
  // Today's snapshot is taken at its first tick: when the period includes today, today is read
  // as it stands now, so "Flags" and "Active users" are right from the first minute (issue 33).
  const includesToday = today >= from && today <= to;
  const liveToday = includesToday ? readLiveSnapshot(db, today, now, hidden) : undefined;
  const liveMetrics = includesToday ? readLiveMetrics(db, today, hidden) : Promise.resolve([]);
  const [stored, storedUsers, live, creations, production, metrics, environmentTypes] = await Promise.all([
    readProjectSnapshots(db, from, to, hidden),
    readUserSnapshots(db, from, to),
    liveToday,
    readCreationsByWeek(db, from, to, hidden),
    readNewProductionFlagsByWeek(db, from, to, hidden),
    Promise.all([readMetricsByWeek(db, from, to, hidden), liveMetrics]).then(([stored, todays]) =>
      addWeekMetrics(stored, todays),
    ),
    readEnvironmentTypeUpdatesByWeek(db, from, to, hidden),
  ]);
  const snapshots = live ? replaceDay(stored, today, live.projects) : stored;
  const users = live ? replaceDay(storedUsers, today, [live.user]) : storedUsers;
  const creationArchive = new Map<string, CreationArchiveTrend>();
  const weekOf = (weekStart: string, project: string) => {
    const key = `${weekStart}\u0000${project}`;
    const trend = creationArchive.get(key) ?? {
      ...weekFields(weekStart),
      project,
      createdFlags: {},
      archivedFlags: 0,
    };
    creationArchive.set(key, trend);
    return trend;
  };
  for (const row of creations.created)
    weekOf(row.weekStart, row.project).createdFlags[row.type] = row.created;
  for (const row of creations.archived) weekOf(row.weekStart, row.project).archivedFlags = row.archived;
  return {
    userTrends: userTrends(users),
    flagTrends: flagTrends(snapshots),
    projectFlagTrends: projectFlagTrends(snapshots),
    metricsSummaryTrends: metrics
      .map((row) => ({
        ...weekFields(row.weekStart),
        project: row.project,
        totalRequests: row.yes + row.no,
        totalYes: row.yes,
        totalNo: row.no,
        totalApps: row.apps,
        totalFlags: row.flags,
        totalEnvironments: row.environments,
      }))
      .sort(byDateThenProject),
    environmentTypeTrends: environmentTypes
      .map((row) => ({
        ...weekFields(row.weekStart),
        environmentType: row.environmentType,
        totalUpdates: row.count,
      }))
      .sort((a, b) => a.date.localeCompare(b.date) || a.environmentType.localeCompare(b.environmentType)),
    lifecycleTrends: production
      .map((row) => ({
        ...weekFields(row.weekStart),
        project: row.project,
        newProductionFlags: row.count,
      }))
      .sort(byDateThenProject),
    creationArchiveTrends: [...creationArchive.values()].sort(byDateThenProject),
  };
}

/** `projects`: comma-separated ids; unknown or invisible ones are refused alike (400). */
async function lifecycle(
  { db, clock }: InsightDeps,
  projectsParam: string | undefined,
  hidden: ReadonlySet<string>,
): Promise<LifecycleTrends> {
  const requested = parseProjectList(projectsParam);
  if (requested.length > 1000) throw badData('At most 1000 projects may be named.');
  if (requested.length > 0) {
    const known = await existingProjects(db, requested, hidden);
    const unknown = requested.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw badData(`Unknown projects: ${unknown.slice(0, 10).join(', ')}`, [
        { message: `no project named "${unknown[0]}"`, path: 'projects' },
      ]);
    }
  }
  const flags = await readLifecycleFlags(db, requested.length > 0 ? requested : null, hidden);
  return lifecycleTrends(flags, clock());
}

/** Lead time to production of a project's flags; the caller has checked the project exists. */
async function projectDora({ db }: InsightDeps, project: string): Promise<ProjectDoraMetrics> {
  return leadTimes(await readProductionFlags(db, project));
}

/**
 * The deprecated health report (getProjectHealthReport): the project overview with its active
 * flags; the caller has checked the project exists.
 */
async function projectHealthReport({ db }: InsightDeps, project: string): Promise<HealthReport> {
  const [overview, features, { health, states }] = await Promise.all([
    createProjectService(db).overview(project),
    listProjectFeatures(db, project),
    flagStates(db, project),
  ]);
  return {
    version: 1,
    name: overview.name,
    description: overview.description,
    mode: overview.mode,
    defaultStickiness: overview.defaultStickiness,
    featureLimit: overview.featureLimit,
    featureNaming: overview.featureNaming,
    members: overview.members,
    health,
    technicalDebt: 100 - health,
    environments: overview.environments.map(({ environment }) => ({ environment })),
    // Oldest first, as Unleash lists them (it reads them in table order).
    features: features.reverse(),
    favorite: overview.favorite,
    createdAt: overview.createdAt,
    updatedAt: overview.updatedAt,
    stats: overview.stats,
    ...states,
  };
}

/** The deprecated project insights (getProjectInsights); the caller has checked the project exists. */
async function projectInsights({ db, clock }: InsightDeps, project: string): Promise<ProjectInsights> {
  const since = new Date(clock().getTime() - MEMBER_CHANGE_DAYS * 86_400_000);
  const [overview, { health, states }, production, change] = await Promise.all([
    createProjectService(db).overview(project),
    flagStates(db, project),
    readProductionFlags(db, project),
    membersAddedSince(db, project, since),
  ]);
  return {
    stats: overview.stats,
    health: { rating: health, ...states },
    technicalDebt: { rating: 100 - health, ...states },
    leadTime: leadTimes(production),
    featureTypeCounts: overview.featureTypeCounts,
    members: { currentMembers: overview.members, change },
  };
}

/** The project status (Unleash's "Project status" view); the caller has checked the project exists. */
async function projectStatus({ db, clock }: InsightDeps, project: string): Promise<ProjectStatus> {
  const now = clock();
  const [{ activity, numbers }, flags] = await Promise.all([
    readProjectStatusNumbers(db, project, now),
    readLifecycleFlags(db, [project], new Set()),
  ]);
  const health = flagHealth({
    total: numbers.total,
    stale: numbers.stale,
    potentiallyStale: numbers.potentially_stale,
  });
  const summary = lifecycleSummary(flags, now);
  return {
    activityCountByDate: activity,
    health: { current: health },
    technicalDebt: { current: 100 - health },
    resources: { apiTokens: numbers.api_tokens, members: numbers.members, segments: numbers.segments },
    staleFlags: { total: numbers.stale + numbers.potentially_stale },
    lifecycleSummary: {
      ...summary,
      // Archived counts come from the flags themselves, which holds for flags archived before lifecycles existed.
      archived: { currentFlags: numbers.archived, last30Days: numbers.archived_last30 },
    },
  };
}
