import type {
  Application,
  ApplicationEnvironmentInstances,
  ApplicationFeatures,
  ApplicationOverview,
  Applications,
  CreateApplication,
  UnknownFlags,
} from '../../../contract';
import type { AuditActor } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { appendEvent } from '../events';
import { type ClientMetricsDeps, isHidden, NOTHING_HIDDEN } from './client-metrics-read-service';
import type { ApplicationRow } from './client-metrics-store';

function toApplication(row: ApplicationRow, usage?: Map<string, string[]>): Application {
  return {
    appName: row.appName,
    ...(row.sdkVersion ? { sdkVersion: row.sdkVersion } : {}),
    ...(row.seenAt ? { lastSeen: row.seenAt.toISOString() } : {}),
    strategies: row.strategies,
    ...(row.description ? { description: row.description } : {}),
    ...(row.url ? { url: row.url } : {}),
    ...(row.color ? { color: row.color } : {}),
    ...(row.icon ? { icon: row.icon } : {}),
    ...(usage ? { usage: [...usage].map(([project, environments]) => ({ project, environments })) } : {}),
  };
}

/** Where applications use flags, less the private projects the caller may not see (issue 24). */
async function usageByApp(
  deps: ClientMetricsDeps,
  hidden: ReadonlySet<string>,
  appName?: string,
): Promise<Map<string, Map<string, string[]>>> {
  const byApp = new Map<string, Map<string, string[]>>();
  for (const row of await deps.store.listUsage(appName)) {
    if (hidden.has(row.project)) continue;
    const projects = byApp.get(row.appName) ?? new Map<string, string[]>();
    projects.set(row.project, [...(projects.get(row.project) ?? []), row.environment]);
    byApp.set(row.appName, projects);
  }
  return byApp;
}

/** Unleash's unknown-flags list: reported names no flag has, grouped by name. */
export async function unknownFlags(deps: ClientMetricsDeps): Promise<UnknownFlags> {
  const byName = new Map<
    string,
    { lastSeenAt: Date; apps: Map<string, Array<{ environment: string; seenAt: string }>> }
  >();
  for (const row of await deps.store.listUnknownFlags()) {
    const flag = byName.get(row.name) ?? { lastSeenAt: row.seenAt, apps: new Map() };
    if (row.seenAt > flag.lastSeenAt) flag.lastSeenAt = row.seenAt;
    const environments = flag.apps.get(row.appName) ?? [];
    environments.push({ environment: row.environment, seenAt: row.seenAt.toISOString() });
    flag.apps.set(row.appName, environments);
    byName.set(row.name, flag);
  }
  return {
    unknownFlags: [...byName].map(([name, flag]) => ({
      name,
      lastSeenAt: flag.lastSeenAt.toISOString(),
      lastEventAt: null,
      reports: [...flag.apps].map(([appName, environments]) => ({ appName, environments })),
    })),
  };
}

export async function listApplications(
  deps: ClientMetricsDeps,
  query: {
    query?: string | undefined;
    offset?: number | undefined;
    limit?: number | undefined;
    sortOrder?: 'asc' | 'desc' | undefined;
  },
  hidden: ReadonlySet<string> = NOTHING_HIDDEN,
): Promise<Applications> {
  const { total, rows } = await deps.store.listApplications({
    query: query.query,
    offset: query.offset ?? 0,
    limit: query.limit ?? 1000,
    sortOrder: query.sortOrder ?? 'asc',
  });
  const usage = await usageByApp(deps, hidden);
  return {
    total,
    applications: rows.map((row) => toApplication(row, usage.get(row.appName) ?? new Map())),
  };
}

export async function getApplication(
  deps: ClientMetricsDeps,
  appName: string,
  hidden: ReadonlySet<string> = NOTHING_HIDDEN,
): Promise<Application> {
  const row = await deps.store.getApplication(appName);
  if (!row) throw notFound(`Could not find application with appName ${appName}`);
  const usage = await usageByApp(deps, hidden, appName);
  return toApplication(row, usage.get(appName) ?? new Map());
}

export async function createApplication(
  deps: ClientMetricsDeps,
  appName: string,
  input: CreateApplication,
  actor: AuditActor,
): Promise<void> {
  // The wire schema ignores unknown properties (as Unleash): only the known ones are kept.
  const { strategies, description, url, color, icon } = input;
  const body = Object.fromEntries(
    Object.entries({ strategies, description, url, color, icon }).filter(([, value]) => value !== undefined),
  ) as CreateApplication;
  await deps.db.transaction().execute(async (trx) => {
    const existed = await deps.store.getApplication(appName);
    await deps.store.upsertApplication(trx, appName, body, actor.createdBy);
    if (!existed) {
      await appendEvent(trx, { type: 'application-created', ...actor, data: { appName, ...body } });
    }
  });
}

export async function deleteApplication(
  deps: ClientMetricsDeps,
  appName: string,
  actor: AuditActor,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await deps.store.getApplication(appName);
    const deleted = await deps.store.deleteApplication(trx, appName);
    // Unleash logs no event for this; Switchyard adds `application-deleted` so every mutation is audited.
    if (deleted) {
      await appendEvent(trx, {
        type: 'application-deleted',
        ...actor,
        preData: { application: before },
      });
    }
  });
}

export async function applicationOverview(
  deps: ClientMetricsDeps,
  appName: string,
  knownFlags: ReadonlySet<string>,
  hidden: ReadonlySet<string> = NOTHING_HIDDEN,
): Promise<ApplicationOverview> {
  const application = await deps.store.getApplication(appName);
  if (!application) throw notFound(`Could not find application with appName ${appName}`);
  const [instances, usage, seenFeatures] = await Promise.all([
    deps.store.listInstances(appName),
    deps.store.listUsage(appName),
    deps.store.featureUsageOf(appName),
  ]);
  // A private project's flags and the project itself stay out of sight of non-members.
  const seenFlags = seenFeatures.filter((flag) => !isHidden(flag.project, hidden)).map((flag) => flag.name);
  const environments = new Map<string, typeof instances>();
  for (const instance of instances) {
    environments.set(instance.environment, [...(environments.get(instance.environment) ?? []), instance]);
  }
  const missingFeatures = seenFlags.filter((flag) => !knownFlags.has(flag));
  const sdksOf = (list: typeof instances, type?: string) =>
    [
      ...new Set(
        list.filter((i) => !type || i.sdkType === type).flatMap((i) => (i.sdkVersion ? [i.sdkVersion] : [])),
      ),
    ].sort();
  return {
    projects: [...new Set(usage.map((u) => u.project))].filter((project) => !hidden.has(project)).sort(),
    featureCount: seenFlags.length,
    environments: [...environments].map(([name, list]) => ({
      name,
      instanceCount: list.length,
      sdks: sdksOf(list),
      frontendSdks: sdksOf(list, 'frontend'),
      backendSdks: sdksOf(list, 'backend'),
      lastSeen: list[0]?.lastSeen.toISOString() ?? null,
      issues: { missingFeatures },
    })),
    issues: { missingStrategies: [] },
  };
}

export async function applicationFeatures(
  deps: ClientMetricsDeps,
  appName: string,
  hidden: ReadonlySet<string> = NOTHING_HIDDEN,
): Promise<ApplicationFeatures> {
  if (!(await deps.store.getApplication(appName))) {
    throw notFound(`Could not find application with appName ${appName}`);
  }
  const features = await deps.store.featureUsageOf(appName);
  return {
    features: features
      .filter((feature) => !isHidden(feature.project, hidden))
      .map((feature) => ({ ...feature, lastSeen: feature.lastSeen.toISOString() })),
  };
}

export async function environmentInstances(
  deps: ClientMetricsDeps,
  appName: string,
  environment: string,
): Promise<ApplicationEnvironmentInstances> {
  const instances = await deps.store.listInstances(appName, environment);
  return {
    instances: instances.map((i) => ({
      instanceId: i.instanceId,
      sdkVersion: i.sdkVersion,
      clientIp: i.clientIp,
      lastSeen: i.lastSeen.toISOString(),
    })),
  };
}
