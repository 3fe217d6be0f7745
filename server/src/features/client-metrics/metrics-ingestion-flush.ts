import { SYSTEM_ACTOR } from '../../lib/caller';
import type { Logger } from '../../lib/logger';
import { appendEvent } from '../events';
import type { ClientMetricsStore } from './client-metrics-store';
import { type MetricsBatch, MetricsBuffer } from './metrics-buffer';
import {
  batchRows,
  CreationBudget,
  type CreationLimits,
  DEFAULT_CREATION_LIMITS,
  prepareBatch,
  writeBisecting,
} from './metrics-flush';

/** The buffer of SDK reports and the state of the flush that writes it. */
export interface IngestionState {
  readonly logger: Logger;
  readonly store: ClientMetricsStore;
  readonly clock: () => Date;
  readonly retentionMs: number;
  readonly buffer: MetricsBuffer;
  readonly limits: CreationLimits;
  readonly budgets: { applications: CreationBudget; instances: CreationBudget };
  readonly maxRetryDelayMs: number;
  readonly counters: {
    refusedApplications: number;
    refusedInstances: number;
    /** Registrations (instance rows) dropped: their new application, or new instance, was over budget. */
    registrationsOverApplicationBudget: number;
    registrationsOverInstanceBudget: number;
    invalidRows: number;
    failedFlushes: number;
  };
  timer: NodeJS.Timeout | undefined;
  retryTimer: NodeJS.Timeout | undefined;
  retryDelayMs: number;
  stopped: boolean;
  flushing: Promise<void> | undefined;
  lastCleanup: number;
}

export function createIngestionState(options: {
  logger: Logger;
  store: ClientMetricsStore;
  clock?: () => Date;
  retentionHours?: number;
  maxBufferedKeys?: number;
  maxBufferedBytes?: number;
  creationLimits?: Partial<CreationLimits>;
  maxRetryDelayMs?: number;
}): IngestionState {
  const limits = { ...DEFAULT_CREATION_LIMITS, ...options.creationLimits };
  return {
    logger: options.logger,
    store: options.store,
    clock: options.clock ?? (() => new Date()),
    retentionMs: (options.retentionHours ?? 24 * 7) * 3_600_000,
    buffer: new MetricsBuffer(options.maxBufferedKeys ?? 50_000, options.maxBufferedBytes),
    limits,
    budgets: {
      applications: new CreationBudget(limits.newApplicationsPerWindow, limits.windowMs),
      instances: new CreationBudget(limits.newInstancesPerWindow, limits.windowMs),
    },
    maxRetryDelayMs: options.maxRetryDelayMs ?? 4000,
    counters: {
      refusedApplications: 0,
      refusedInstances: 0,
      registrationsOverApplicationBudget: 0,
      registrationsOverInstanceBudget: 0,
      invalidRows: 0,
      failedFlushes: 0,
    },
    timer: undefined,
    retryTimer: undefined,
    retryDelayMs: 0,
    stopped: false,
    flushing: undefined,
    lastCleanup: 0,
  };
}

/** Writes what is buffered. Concurrent callers share one write. */
export function flushIngestion(state: IngestionState): Promise<void> {
  state.flushing ??= writeOnce(state).finally(() => {
    state.flushing = undefined;
  });
  return state.flushing;
}

export function flushSoonIfFull(state: IngestionState): void {
  if (state.buffer.isFull) void flushIngestion(state);
}

/** One transaction per (sub-)batch, with the `application-created` events it causes. */
function writeTransaction(store: ClientMetricsStore, batch: MetricsBatch): Promise<void> {
  return store.writeBatch(batch, async (trx, appNames) => {
    for (const appName of appNames) {
      await appendEvent(trx, { type: 'application-created', ...SYSTEM_ACTOR, data: { appName } });
    }
  });
}

/** Puts back what could not be written; past the buffer's bounds the oldest rows are dropped. */
function keepForRetry(state: IngestionState, batches: MetricsBatch[], error: unknown): void {
  const { buffer, logger } = state;
  const droppedBefore = buffer.dropped;
  for (const batch of batches) buffer.restore(batch);
  const lost = buffer.dropped - droppedBefore;
  state.counters.failedFlushes += 1;
  logger.warn(
    { err: error, kept: batches.reduce((sum, b) => sum + batchRows(b), 0), lost },
    'writing client metrics failed; kept for the next attempt',
  );
  if (lost > 0)
    logger.warn({ lost, dropped: buffer.dropped }, 'client metrics buffer full: oldest reports dropped');
  scheduleRetry(state);
}

function scheduleRetry(state: IngestionState): void {
  if (state.stopped || state.retryTimer) return;
  state.retryDelayMs = Math.min(state.maxRetryDelayMs, Math.max(250, state.retryDelayMs * 2));
  state.retryTimer = setTimeout(() => {
    state.retryTimer = undefined;
    flushIngestion(state).catch(() => {});
  }, state.retryDelayMs);
  state.retryTimer.unref();
}

async function writeOnce(state: IngestionState): Promise<void> {
  const { buffer, counters, logger, limits, store } = state;
  if (buffer.size === 0) return;
  const drained = buffer.drain();
  const now = state.clock();
  let prepared: Awaited<ReturnType<typeof prepareBatch>>;
  try {
    prepared = await prepareBatch(drained, store, state.budgets, now);
  } catch (error) {
    keepForRetry(state, [drained], error);
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
  const outcome = await writeBisecting(
    prepared.batch,
    (batch) => writeTransaction(store, batch),
    (row, error) => {
      counters.invalidRows += 1;
      logger.warn({ err: error, row }, 'a client metrics row the database refused was dropped');
    },
  );
  if (outcome.unwritten.length) {
    keepForRetry(state, outcome.unwritten, outcome.error);
    throw outcome.error;
  }
  state.retryDelayMs = 0;
  await afterWrite(state, prepared.unknownFlags, now);
}

/** The unknown flags recorded (diagnostics) and, once an hour, old buckets removed. */
async function afterWrite(
  state: IngestionState,
  reported: Awaited<ReturnType<typeof prepareBatch>>['unknownFlags'],
  now: Date,
): Promise<void> {
  const { store, limits } = state;
  const unknownFlags = reported.slice(0, limits.unknownFlagRows);
  try {
    await store.recordUnknownFlags(unknownFlags, limits.unknownFlagRows);
  } catch (error) {
    // Diagnostics only: losing them must not hold back the metrics.
    state.logger.warn({ err: error, rows: unknownFlags.length }, 'recording unknown flags failed');
  }
  if (now.getTime() - state.lastCleanup > 3_600_000) {
    state.lastCleanup = now.getTime();
    await store.deleteMetricsBefore(new Date(now.getTime() - state.retentionMs));
    await store.forgetUnknownFlagsThatExist();
  }
}

/**
 * Stops the timers and writes what is left, so a clean shutdown loses nothing; while the
 * database is away it keeps trying until `deadlineMs` (then says how much was lost).
 */
export async function stopIngestion(state: IngestionState, deadlineMs: number): Promise<void> {
  state.stopped = true;
  if (state.timer) clearInterval(state.timer);
  if (state.retryTimer) clearTimeout(state.retryTimer);
  state.timer = undefined;
  state.retryTimer = undefined;
  const giveUpAt = Date.now() + deadlineMs;
  let delay = 100;
  for (;;) {
    try {
      await flushIngestion(state);
      return;
    } catch {
      if (Date.now() + delay > giveUpAt) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 1000);
    }
  }
  state.logger.error({ lost: state.buffer.size }, 'client metrics could not be written before shutdown');
}
