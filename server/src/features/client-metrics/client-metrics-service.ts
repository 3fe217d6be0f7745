import type {
  Application,
  ApplicationEnvironmentInstances,
  ApplicationFeatures,
  ApplicationOverview,
  Applications,
  BulkMetrics,
  ClientApplication,
  ClientMetrics,
  CreateApplication,
  FeatureEnvironmentMetrics,
  FeatureMetrics,
  FeatureUsage,
  ToggleCounts,
} from '../../../contract';
import type { Db } from '../../db/database';
import { type AuditActor, SYSTEM_ACTOR } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { appendEvent } from '../events';
import { type ApplicationRow, createClientMetricsStore, type MetricRow } from './client-metrics-store';
import { MetricsBuffer, parseReportedDate } from './metrics-buffer';

/** Who is reporting, as the API token and the request tell it (never the body: Unleash ignores it). */
export interface SdkReporter {
  environment: string;
  projects: string[];
  clientIp: string | null;
  sdkType: 'backend' | 'frontend';
}

export interface ClientMetricsServiceOptions {
  db: Db;
  logger: Logger;
  /** How often buffered reports are written. */
  flushIntervalMs?: number;
  /** Upper bound of distinct buffered keys; past it a flush starts early and new keys wait. */
  maxBufferedKeys?: number;
  /** How long hourly buckets are kept. */
  retentionHours?: number;
  clock?: () => Date;
}

/** A `*` token reports into Unleash's `default` environment (API.md §2.4). */
export function reportingEnvironment(tokenEnvironment: string): string {
  return tokenEnvironment === '*' ? 'default' : tokenEnvironment;
}

export function createClientMetricsService(options: ClientMetricsServiceOptions) {
  const { db, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const flushIntervalMs = options.flushIntervalMs ?? 10_000;
  const retentionMs = (options.retentionHours ?? 24 * 7) * 3_600_000;
  const store = createClientMetricsStore(db);
  const buffer = new MetricsBuffer(options.maxBufferedKeys ?? 50_000);
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let lastCleanup = 0;

  function register(
    appName: string,
    instanceId: string | undefined,
    sdkVersion: string | undefined,
    strategies: string[],
    reporter: SdkReporter,
  ) {
    buffer.addRegistration({
      appName,
      instanceId: instanceId || 'default',
      environment: reportingEnvironment(reporter.environment),
      sdkVersion: sdkVersion ?? null,
      sdkType: reporter.sdkType,
      clientIp: reporter.clientIp,
      strategies,
      projects: reporter.projects,
      seenAt: clock(),
    });
  }

  function flushSoonIfFull() {
    if (buffer.isFull) void flush();
  }

  async function writeOnce(): Promise<void> {
    if (buffer.size === 0) return;
    const batch = buffer.drain();
    try {
      await store.writeBatch(batch, async (trx, appNames) => {
        for (const appName of appNames) {
          await appendEvent(trx, { type: 'application-created', ...SYSTEM_ACTOR, data: { appName } });
        }
      });
    } catch (error) {
      // Keep the counts for the next attempt rather than losing them; the buffer stays bounded.
      buffer.restore(batch, clock());
      logger.error({ err: error }, 'writing client metrics failed; will retry');
      throw error;
    }
    const now = clock().getTime();
    if (now - lastCleanup > 3_600_000) {
      lastCleanup = now;
      await store.deleteMetricsBefore(new Date(now - retentionMs));
    }
  }

  /** Writes what is buffered. Concurrent callers share one write. */
  function flush(): Promise<void> {
    flushing ??= writeOnce().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

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

  async function usageByApp(appName?: string): Promise<Map<string, Map<string, string[]>>> {
    const byApp = new Map<string, Map<string, string[]>>();
    for (const row of await store.listUsage(appName)) {
      const projects = byApp.get(row.appName) ?? new Map<string, string[]>();
      projects.set(row.project, [...(projects.get(row.project) ?? []), row.environment]);
      byApp.set(row.appName, projects);
    }
    return byApp;
  }

  return {
    registerClient(body: ClientApplication, reporter: SdkReporter): void {
      register(body.appName, body.instanceId, body.sdkVersion, body.strategies, reporter);
      flushSoonIfFull();
    },

    registerMetrics(body: ClientMetrics, reporter: SdkReporter): void {
      const environment = reportingEnvironment(reporter.environment);
      const now = clock();
      // Reporting metrics also registers the instance, as Unleash does; first, so a full buffer
      // drops counts before it drops the knowledge that the application exists.
      register(body.appName, body.instanceId, body.sdkVersion, [], reporter);
      if (body.bucket) {
        const at = parseReportedDate(body.bucket.start, now);
        const toggles: Record<string, ToggleCounts> = body.bucket.toggles;
        buffer.addToggles(body.appName, environment, at, toggles, now);
      }
      flushSoonIfFull();
    },

    /** Edge's bulk post: only metrics for the token's own environment count (API.md §2.6). */
    registerBulk(body: BulkMetrics, reporter: SdkReporter): void {
      const environment = reportingEnvironment(reporter.environment);
      const now = clock();
      for (const metric of body.metrics) {
        if (reporter.environment !== '*' && metric.environment !== environment) continue;
        const at = parseReportedDate(metric.timestamp, now);
        buffer.addToggle(metric.featureName, metric.appName, metric.environment, at, metric, now);
      }
      for (const app of body.applications) {
        if (reporter.environment !== '*' && app.environment !== environment) continue;
        buffer.addRegistration({
          appName: app.appName,
          instanceId: app.instanceId,
          environment: app.environment,
          sdkVersion: app.sdkVersion ?? null,
          sdkType: app.sdkType === 'frontend' ? 'frontend' : 'backend',
          clientIp: reporter.clientIp,
          strategies: app.strategies ?? [],
          projects: app.projects ?? reporter.projects,
          seenAt: now,
        });
      }
      flushSoonIfFull();
    },

    flush,

    start(): void {
      timer ??= setInterval(() => {
        flush().catch(() => {});
      }, flushIntervalMs);
      timer.unref();
    },

    /** Stops the timer and writes what is left, so a clean shutdown loses nothing. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush().catch(() => {});
    },

    stats() {
      return { buffered: buffer.size, dropped: buffer.dropped };
    },

    async listApplications(query: {
      query?: string | undefined;
      offset?: number | undefined;
      limit?: number | undefined;
      sortOrder?: 'asc' | 'desc' | undefined;
    }): Promise<Applications> {
      const { total, rows } = await store.listApplications({
        query: query.query,
        offset: query.offset ?? 0,
        limit: query.limit ?? 1000,
        sortOrder: query.sortOrder ?? 'asc',
      });
      const usage = await usageByApp();
      return {
        total,
        applications: rows.map((row) => toApplication(row, usage.get(row.appName) ?? new Map())),
      };
    },

    async getApplication(appName: string): Promise<Application> {
      const row = await store.getApplication(appName);
      if (!row) throw notFound(`Could not find application with appName ${appName}`);
      const usage = await usageByApp(appName);
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
    ): Promise<ApplicationOverview> {
      const application = await store.getApplication(appName);
      if (!application) throw notFound(`Could not find application with appName ${appName}`);
      const [instances, usage, seenFlags] = await Promise.all([
        store.listInstances(appName),
        store.listUsage(appName),
        store.featuresSeenBy(appName),
      ]);
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
        projects: [...new Set(usage.map((u) => u.project))].sort(),
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

    async applicationFeatures(appName: string): Promise<ApplicationFeatures> {
      if (!(await store.getApplication(appName))) {
        throw notFound(`Could not find application with appName ${appName}`);
      }
      const features = await store.featureUsageOf(appName);
      return {
        features: features.map((feature) => ({ ...feature, lastSeen: feature.lastSeen.toISOString() })),
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

    /** SDK versions in use and who uses them; the console compares them with the latest releases. */
    async sdkVersions(): Promise<{ sdks: Array<{ sdkVersion: string; applications: string[] }> }> {
      const bySdk = new Map<string, Set<string>>();
      for (const { appName, sdkVersion } of await store.listSdkVersions()) {
        bySdk.set(sdkVersion, (bySdk.get(sdkVersion) ?? new Set()).add(appName));
      }
      return {
        sdks: [...bySdk]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([sdkVersion, apps]) => ({ sdkVersion, applications: [...apps].sort() })),
      };
    },

    async rawMetrics(featureName: string, hoursBack: number): Promise<FeatureMetrics> {
      const since = new Date(clock().getTime() - hoursBack * 3_600_000);
      const rows = await store.featureMetrics(featureName, since);
      return { version: 1, maturity: 'stable', data: rows.map(toMetric) };
    },

    async featureUsage(featureName: string): Promise<FeatureUsage> {
      const rows = await store.featureMetrics(featureName, new Date(clock().getTime() - 3_600_000));
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
