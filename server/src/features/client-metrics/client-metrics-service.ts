import type {
  Application,
  ApplicationEnvironmentInstances,
  ApplicationFeatures,
  ApplicationOverview,
  Applications,
  CreateApplication,
  FeatureEnvironmentMetrics,
  FeatureMetrics,
  FeatureUsage,
  OutdatedSdks,
  UnknownFlags,
} from '../../../contract';
import type { AuditActor } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import { createProjectCatalog } from '../access';
import { appendEvent } from '../events';
import { type ApplicationRow, createClientMetricsStore, type MetricRow } from './client-metrics-store';
import { type ClientMetricsServiceOptions, createMetricsIngestion } from './metrics-ingestion';
import { groupOutdated } from './project-applications';

export {
  type ClientMetricsServiceOptions,
  reportingEnvironment,
  type SdkReporter,
} from './metrics-ingestion';

const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

/** An unknown flag (no project) is nobody's private data. */
const isHidden = (project: string | null | undefined, hidden: ReadonlySet<string>) =>
  project != null && hidden.has(project);

export function createClientMetricsService(options: ClientMetricsServiceOptions) {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const store = createClientMetricsStore(db);
  const catalog = createProjectCatalog(db);
  const ingestion = createMetricsIngestion({ ...options, store });

  function toMetric(row: MetricRow): FeatureEnvironmentMetrics {
    return {
      featureName: row.featureName,
      appName: row.appName,
      environment: row.environment,
      timestamp: row.timestamp.toISOString(),
      yes: row.yes,
      no: row.no,
      variants: row.variants,
    };
  }

  function toApplication(row: ApplicationRow, usage?: Map<string, string[]>): Application {
    return {
      appName: row.appName,
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
    hidden: ReadonlySet<string>,
    appName?: string,
  ): Promise<Map<string, Map<string, string[]>>> {
    const byApp = new Map<string, Map<string, string[]>>();
    for (const row of await store.listUsage(appName)) {
      if (hidden.has(row.project)) continue;
      const projects = byApp.get(row.appName) ?? new Map<string, string[]>();
      projects.set(row.project, [...(projects.get(row.project) ?? []), row.environment]);
      byApp.set(row.appName, projects);
    }
    return byApp;
  }
  /** Whether a flag lives in a project the caller may not see (one lookup, only when any is hidden). */
  async function isHiddenFeature(featureName: string, hidden: ReadonlySet<string>): Promise<boolean> {
    if (hidden.size === 0) return false;
    return isHidden(await catalog.projectOfFeature(featureName), hidden);
  }

  return {
    ...ingestion,

    /** Unleash's unknown-flags list: reported names no flag has, grouped by name. */
    async unknownFlags(): Promise<UnknownFlags> {
      const byName = new Map<
        string,
        { lastSeenAt: Date; apps: Map<string, Array<{ environment: string; seenAt: string }>> }
      >();
      for (const row of await store.listUnknownFlags()) {
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
    },

    async listApplications(
      query: {
        query?: string | undefined;
        offset?: number | undefined;
        limit?: number | undefined;
        sortOrder?: 'asc' | 'desc' | undefined;
      },
      hidden: ReadonlySet<string> = NOTHING_HIDDEN,
    ): Promise<Applications> {
      const { total, rows } = await store.listApplications({
        query: query.query,
        offset: query.offset ?? 0,
        limit: query.limit ?? 1000,
        sortOrder: query.sortOrder ?? 'asc',
      });
      const usage = await usageByApp(hidden);
      return {
        total,
        applications: rows.map((row) => toApplication(row, usage.get(row.appName) ?? new Map())),
      };
    },

    async getApplication(
      appName: string,
      hidden: ReadonlySet<string> = NOTHING_HIDDEN,
    ): Promise<Application> {
      const row = await store.getApplication(appName);
      if (!row) throw notFound(`Could not find application with appName ${appName}`);
      const usage = await usageByApp(hidden, appName);
      const instances = await store.listInstances(appName);
      const latest = instances.find((instance) => instance.sdkVersion);
      return {
        ...toApplication(row, usage.get(appName) ?? new Map()),
        ...(latest?.sdkVersion ? { sdkVersion: latest.sdkVersion } : {}),
      };
    },

    async createApplication(appName: string, input: CreateApplication, actor: AuditActor): Promise<void> {
      // The wire schema ignores unknown properties (as Unleash): only the known ones are kept.
      const { strategies, description, url, color, icon } = input;
      const body = Object.fromEntries(
        Object.entries({ strategies, description, url, color, icon }).filter(
          ([, value]) => value !== undefined,
        ),
      ) as CreateApplication;
      await db.transaction().execute(async (trx) => {
        const existed = await store.getApplication(appName);
        await store.upsertApplication(trx, appName, body, actor.createdBy);
        if (!existed) {
          await appendEvent(trx, { type: 'application-created', ...actor, data: { appName, ...body } });
        }
      });
    },

    async deleteApplication(appName: string, actor: AuditActor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await store.getApplication(appName);
        const deleted = await store.deleteApplication(trx, appName);
        // Unleash logs no event for this; Switchyard adds `application-deleted` so every mutation is audited.
        if (deleted) {
          await appendEvent(trx, {
            type: 'application-deleted',
            ...actor,
            preData: { application: before },
          });
        }
      });
    },

    async applicationOverview(
      appName: string,
      knownFlags: ReadonlySet<string>,
      hidden: ReadonlySet<string> = NOTHING_HIDDEN,
    ): Promise<ApplicationOverview> {
      const application = await store.getApplication(appName);
      if (!application) throw notFound(`Could not find application with appName ${appName}`);
      const [instances, usage, seenFeatures] = await Promise.all([
        store.listInstances(appName),
        store.listUsage(appName),
        store.featureUsageOf(appName),
      ]);
      // A private project's flags and the project itself stay out of sight of non-members.
      const seenFlags = seenFeatures
        .filter((flag) => !isHidden(flag.project, hidden))
        .map((flag) => flag.name);
      const environments = new Map<string, typeof instances>();
      for (const instance of instances) {
        environments.set(instance.environment, [...(environments.get(instance.environment) ?? []), instance]);
      }
      const missingFeatures = seenFlags.filter((flag) => !knownFlags.has(flag));
      const sdksOf = (list: typeof instances, type?: string) =>
        [
          ...new Set(
            list
              .filter((i) => !type || i.sdkType === type)
              .flatMap((i) => (i.sdkVersion ? [i.sdkVersion] : [])),
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
    },

    async applicationFeatures(
      appName: string,
      hidden: ReadonlySet<string> = NOTHING_HIDDEN,
    ): Promise<ApplicationFeatures> {
      if (!(await store.getApplication(appName))) {
        throw notFound(`Could not find application with appName ${appName}`);
      }
      const features = await store.featureUsageOf(appName);
      return {
        features: features
          .filter((feature) => !isHidden(feature.project, hidden))
          .map((feature) => ({ ...feature, lastSeen: feature.lastSeen.toISOString() })),
      };
    },

    async environmentInstances(
      appName: string,
      environment: string,
    ): Promise<ApplicationEnvironmentInstances> {
      const instances = await store.listInstances(appName, environment);
      return {
        instances: instances.map((i) => ({
          instanceId: i.instanceId,
          sdkVersion: i.sdkVersion,
          clientIp: i.clientIp,
          lastSeen: i.lastSeen.toISOString(),
        })),
      };
    },

    /** The SDK versions in use below Unleash's minimums, and who uses them (outdated-sdks.ts). */
    async sdkVersions(): Promise<OutdatedSdks> {
      return groupOutdated(await store.listSdkVersions());
    },

    async rawMetrics(
      featureName: string,
      hoursBack: number,
      hidden: ReadonlySet<string> = NOTHING_HIDDEN,
    ): Promise<FeatureMetrics> {
      const since = new Date(clock().getTime() - hoursBack * 3_600_000);
      const rows = (await isHiddenFeature(featureName, hidden))
        ? []
        : await store.featureMetrics(featureName, since);
      return { version: 1, maturity: 'stable', data: rows.map(toMetric) };
    },

    async featureUsage(
      featureName: string,
      hidden: ReadonlySet<string> = NOTHING_HIDDEN,
    ): Promise<FeatureUsage> {
      // A private project's flag answers as a flag no SDK reported on would: nothing to show.
      const rows = (await isHiddenFeature(featureName, hidden))
        ? []
        : await store.featureMetrics(featureName, new Date(clock().getTime() - 3_600_000));
      return {
        version: 1,
        maturity: 'stable',
        featureName,
        lastHourUsage: rows.map(toMetric),
        seenApplications: [...new Set(rows.map((r) => r.appName))].sort(),
      };
    },
  };
}

export type ClientMetricsService = ReturnType<typeof createClientMetricsService>;
