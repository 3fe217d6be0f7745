import type { BulkMetrics, ClientApplication, ClientMetrics, ToggleCounts } from '../../../contract';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/logger';
import type { ClientMetricsStore } from './client-metrics-store';
import { parseReportedDate } from './metrics-buffer';
import type { CreationLimits } from './metrics-flush';
import {
  createIngestionState,
  flushIngestion,
  flushSoonIfFull,
  type IngestionState,
  stopIngestion,
} from './metrics-ingestion-flush';
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

function register(
  state: IngestionState,
  appName: string,
  instanceId: string | undefined,
  sdkVersion: string | undefined,
  strategies: string[],
  reporter: SdkReporter,
): void {
  state.buffer.addRegistration({
    appName,
    instanceId: instanceId || 'default',
    environment: reportingEnvironment(reporter.environment),
    sdkVersion: sdkVersion ?? null,
    sdkType: reporter.sdkType,
    clientIp: reporter.clientIp,
    strategies,
    projects: reporter.projects,
    seenAt: state.clock(),
    budgetOwner: budgetOwnerOf(reporter),
  });
}

function registerMetrics(
  state: IngestionState,
  options: ClientMetricsServiceOptions,
  body: ClientMetrics,
  reporter: SdkReporter,
): void {
  assertStorableMetrics(body);
  const environment = reportingEnvironment(reporter.environment);
  const now = state.clock();
  // Reporting metrics also registers the instance, as Unleash does; first, so a full buffer
  // drops counts before it drops the knowledge that the application exists.
  register(state, body.appName, body.instanceId, body.sdkVersion, [], reporter);
  if (body.bucket) {
    const at = parseReportedDate(body.bucket.start, now);
    const toggles: Record<string, ToggleCounts> = body.bucket.toggles;
    state.buffer.addToggles(body.appName, environment, at, toggles, now);
  }
  // Passed through by the schema (additionalProperties) and validated by the receiver.
  const { impactMetrics } = body as { impactMetrics?: unknown };
  if (impactMetrics !== undefined)
    options.onImpactMetrics?.({ appName: body.appName, environment, impactMetrics });
  flushSoonIfFull(state);
}

/**
 * Edge's bulk post (API.md §2.6), as Unleash 8.2 takes it: every application is registered in
 * the environment it names (Edge forwards SDKs of several environments with one token), but
 * only the counts of the token's own environment are kept (`default` for a `*` token).
 */
function registerBulk(
  state: IngestionState,
  options: ClientMetricsServiceOptions,
  body: BulkMetrics,
  reporter: SdkReporter,
): void {
  assertStorableBulk(body);
  const { buffer } = state;
  const environment = reportingEnvironment(reporter.environment);
  const now = state.clock();
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
  flushSoonIfFull(state);
}

/**
 * The write side of what SDKs report: validation at the door, the in-memory buffer, and the
 * flush that writes it (metrics-ingestion-flush.ts: within the creation limits, row by row when
 * PostgreSQL refuses a batch, again with backoff when the database is away).
 */
export function createMetricsIngestion(options: ClientMetricsServiceOptions & { store: ClientMetricsStore }) {
  const state = createIngestionState(options);
  const flushIntervalMs = options.flushIntervalMs ?? 10_000;
  const flush = (): Promise<void> => flushIngestion(state);
  return {
    registerClient(body: ClientApplication, reporter: SdkReporter): void {
      assertStorableRegistration(body);
      register(state, body.appName, body.instanceId, body.sdkVersion, body.strategies, reporter);
      flushSoonIfFull(state);
    },
    registerMetrics: (body: ClientMetrics, reporter: SdkReporter): void =>
      registerMetrics(state, options, body, reporter),
    registerBulk: (body: BulkMetrics, reporter: SdkReporter): void =>
      registerBulk(state, options, body, reporter),
    /** Writes what is buffered. Concurrent callers share one write. */
    flush,
    start(): void {
      state.timer ??= setInterval(() => {
        flush().catch(() => {});
      }, flushIntervalMs);
      state.timer.unref();
    },
    /**
     * Stops the timers and writes what is left, so a clean shutdown loses nothing; while the
     * database is away it keeps trying until `deadlineMs` (then says how much was lost).
     */
    stop: (deadlineMs = 5000): Promise<void> => stopIngestion(state, deadlineMs),
    stats() {
      return {
        buffered: state.buffer.size,
        bufferedBytes: state.buffer.approximateBytes,
        dropped: state.buffer.dropped,
        ...state.counters,
      };
    },
  };
}
