import type { BulkMetrics, ClientApplication, ClientMetrics, ToggleCounts } from '../../../contract';
import type { Db } from '../../db/database';
import { SYSTEM_ACTOR } from '../../lib/caller';
import type { Logger } from '../../lib/logger';
import { appendEvent } from '../events';
import type { ClientMetricsStore } from './client-metrics-store';
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
  /** The reporting API token's id: new applications are budgeted per token (issue 31). */
  tokenId: number | null;
}

/** The budget a reporter's new applications and instances are charged to. */
export function budgetOwnerOf(reporter: SdkReporter): string {
  return reporter.tokenId === null ? 'no-token' : `token:${reporter.tokenId}`;
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
  /** Receives the `impactMetrics` of each report (issue 14: release-plan safeguards read them). */
  onImpactMetrics?: (report: { appName: string; environment: string; impactMetrics: unknown }) => void;
  /**
   * Receives the `impactMetrics` of an Edge bulk post: several applications, and for an
   * all-environments token several environments, told apart by the samples' labels.
   */
  onBulkImpactMetrics?: (report: {
    environment: string;
    allEnvironments: boolean;
    impactMetrics: unknown;
  }) => void;
}

/** A `*` token reports into Unleash's `default` environment (API.md §2.4). */
export function reportingEnvironment(tokenEnvironment: string): string {
  return tokenEnvironment === '*' ? 'default' : tokenEnvironment;
}

/**
 * The write side of what SDKs report: validation at the door, the in-memory buffer, and the
 * flush that writes it (within the creation limits, row by row when PostgreSQL refuses a batch,
 * again with backoff when the database is away).
 */
export function createMetricsIngestion(options: ClientMetricsServiceOptions & { store: ClientMetricsStore }) {
  const { logger, store } = options;
  const clock = options.clock ?? (() => new Date());
  const flushIntervalMs = options.flushIntervalMs ?? 10_000;
  const retentionMs = (options.retentionHours ?? 24 * 7) * 3_600_000;
  const buffer = new MetricsBuffer(options.maxBufferedKeys ?? 50_000, options.maxBufferedBytes);
  const limits = { ...DEFAULT_CREATION_LIMITS, ...options.creationLimits };
  const budgets = {
    applications: new CreationBudget(limits.newApplicationsPerWindow, limits.windowMs),
    instances: new CreationBudget(limits.newInstancesPerWindow, limits.windowMs),
  };
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 4000;
  const counters = {
    refusedApplications: 0,
    refusedInstances: 0,
    /** Registrations (instance rows) dropped: their new application, or new instance, was over budget. */
    registrationsOverApplicationBudget: 0,
    registrationsOverInstanceBudget: 0,
    invalidRows: 0,
    failedFlushes: 0,
  };
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
      budgetOwner: budgetOwnerOf(reporter),
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
    counters.registrationsOverApplicationBudget += prepared.droppedRegistrations.application;
    counters.registrationsOverInstanceBudget += prepared.droppedRegistrations.instance;
    if (prepared.refusedApplications || prepared.refusedInstances) {
      logger.warn(
        { applications: prepared.refusedApplications, instances: prepared.refusedInstances, ...limits },
        'SDK registrations over the creation limits were dropped (their flag metrics are kept)',
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
      // Passed through by the schema (additionalProperties) and validated by the receiver.
      const { impactMetrics } = body as { impactMetrics?: unknown };
      if (impactMetrics !== undefined)
        options.onImpactMetrics?.({ appName: body.appName, environment, impactMetrics });
      flushSoonIfFull();
    },

    /**
     * Edge's bulk post (API.md §2.6), as Unleash 8.2 takes it: every application is registered in
     * the environment it names (Edge forwards SDKs of several environments with one token), but
     * only the counts of the token's own environment are kept (`default` for a `*` token).
     */
    registerBulk(body: BulkMetrics, reporter: SdkReporter): void {
      assertStorableBulk(body);
      const environment = reportingEnvironment(reporter.environment);
      const now = clock();
      for (const metric of body.metrics) {
        if (metric.environment !== environment) continue;
        const at = parseReportedDate(metric.timestamp, now);
        buffer.addToggle(metric.featureName, metric.appName, metric.environment, at, metric, now);
      }
      for (const app of body.applications) {
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
          budgetOwner: budgetOwnerOf(reporter),
        });
      }
      // Passed through by the schema (additionalProperties), as in registerMetrics.
      const { impactMetrics } = body as { impactMetrics?: unknown };
      if (impactMetrics !== undefined) {
        options.onBulkImpactMetrics?.({
          environment,
          allEnvironments: reporter.environment === '*',
          impactMetrics,
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
  };
}
