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
  UnknownFlags,
} from '../../../contract';
import type { Db } from '../../db/database';
import { type AuditActor, SYSTEM_ACTOR } from '../../lib/caller';
import { notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { appendEvent } from '../events';
import { type ApplicationRow, createClientMetricsStore, type MetricRow } from './client-metrics-store';
import { type MetricsBatch, MetricsBuffer, parseReportedDate } from './metrics-buffer';
import {
  batchRows,
  CreationBudget,
  type CreationLimits,
  DEFAULT_CREATION_LIMITS,
  prepareBatch,
  writeBisecting,
} from './metrics-flush';
import {
  assertStorableBulk,
  assertStorableMetrics,
  assertStorableRegistration,
} from './sdk-report-validation';

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
  /** Upper bound of the buffer's estimated memory, with the same effect. */
  maxBufferedBytes?: number;
  /** What SDK callers may create per window (applications, instances, unknown-flag rows). */
  creationLimits?: Partial<CreationLimits>;
  /** Longest wait between two attempts after a failed flush. */
  maxRetryDelayMs?: number;
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
  const buffer = new MetricsBuffer(options.maxBufferedKeys ?? 50_000, options.maxBufferedBytes);
  const limits = { ...DEFAULT_CREATION_LIMITS, ...options.creationLimits };
  const budgets = {
    applications: new CreationBudget(limits.newApplicationsPerWindow, limits.windowMs),
    instances: new CreationBudget(limits.newInstancesPerWindow, limits.windowMs),
  };
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 4000;
  const counters = { refusedApplications: 0, refusedInstances: 0, invalidRows: 0, failedFlushes: 0 };
  let timer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelayMs = 0;
  let stopped = false;
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

  /** One transaction per (sub-)batch, with the `application-created` events it causes. */
  function writeTransaction(batch: MetricsBatch): Promise<void> {
    return store.writeBatch(batch, async (trx, appNames) => {
      for (const appName of appNames) {
        await appendEvent(trx, { type: 'application-created', ...SYSTEM_ACTOR, data: { appName } });
      }
    });
  }

  /** Puts back what could not be written; past the buffer's bounds the oldest rows are dropped. */
  function keepForRetry(batches: MetricsBatch[], error: unknown) {
    const droppedBefore = buffer.dropped;
    for (const batch of batches) buffer.restore(batch, clock());
    const lost = buffer.dropped - droppedBefore;
    counters.failedFlushes += 1;
    logger.warn(
      { err: error, kept: batches.reduce((sum, b) => sum + batchRows(b), 0), lost },
      'writing client metrics failed; kept for the next attempt',
    );
    if (lost > 0)
      logger.warn({ lost, dropped: buffer.dropped }, 'client metrics buffer full: oldest reports dropped');
    scheduleRetry();
  }

  function scheduleRetry() {
    if (stopped || retryTimer) return;
    retryDelayMs = Math.min(maxRetryDelayMs, Math.max(250, retryDelayMs * 2));
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      flush().catch(() => {});
    }, retryDelayMs);
    retryTimer.unref();
  }

  async function writeOnce(): Promise<void> {
    if (buffer.size === 0) return;
    const drained = buffer.drain();
    const now = clock();
    let prepared: Awaited<ReturnType<typeof prepareBatch>>;
    try {
      prepared = await prepareBatch(drained, store, budgets, now);
    } catch (error) {
      keepForRetry([drained], error);
      throw error;
    }
    counters.refusedApplications += prepared.refusedApplications;
    counters.refusedInstances += prepared.refusedInstances;
    if (prepared.refusedApplications || prepared.refusedInstances) {
      logger.warn(
        { applications: prepared.refusedApplications, instances: prepared.refusedInstances, ...limits },
        'SDK reports over the creation limits were dropped',
      );
    }
    const outcome = await writeBisecting(prepared.batch, writeTransaction, (row, error) => {
      counters.invalidRows += 1;
      logger.warn({ err: error, row }, 'a client metrics row the database refused was dropped');
    });
    if (outcome.unwritten.length) {
      keepForRetry(outcome.unwritten, outcome.error);
      throw outcome.error;
    }
    retryDelayMs = 0;
    const unknownFlags = prepared.unknownFlags.slice(0, limits.unknownFlagRows);
    try {
      await store.recordUnknownFlags(unknownFlags, limits.unknownFlagRows);
    } catch (error) {
      // Diagnostics only: losing them must not hold back the metrics.
      logger.warn({ err: error, rows: unknownFlags.length }, 'recording unknown flags failed');
    }
    if (now.getTime() - lastCleanup > 3_600_000) {
      lastCleanup = now.getTime();
      await store.deleteMetricsBefore(new Date(now.getTime() - retentionMs));
      await store.forgetUnknownFlagsThatExist();
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
      assertStorableRegistration(body);
      register(body.appName, body.instanceId, body.sdkVersion, body.strategies, reporter);
      flushSoonIfFull();
    },

    registerMetrics(body: ClientMetrics, reporter: SdkReporter): void {
      assertStorableMetrics(body);
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
      assertStorableBulk(body);
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

    /**
     * Stops the timers and writes what is left, so a clean shutdown loses nothing; while the
     * database is away it keeps trying until `deadlineMs` (then says how much was lost).
     */
    async stop(deadlineMs = 5000): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      if (retryTimer) clearTimeout(retryTimer);
      timer = undefined;
      retryTimer = undefined;
      const giveUpAt = Date.now() + deadlineMs;
      let delay = 100;
      for (;;) {
        try {
          await flush();
          return;
        } catch {
          if (Date.now() + delay > giveUpAt) break;
          await new Promise((resolve) => setTimeout(resolve, delay));
          delay = Math.min(delay * 2, 1000);
        }
      }
      logger.error({ lost: buffer.size }, 'client metrics could not be written before shutdown');
    },

    stats() {
      return {
        buffered: buffer.size,
        bufferedBytes: buffer.approximateBytes,
        dropped: buffer.dropped,
        ...counters,
      };
    },

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
