import type { ExposuresBody, TrackBody } from '../../../contract/tracking';
import type { Db } from '../../db/database';
import { isDataError } from '../../db/pg-errors';
import { ApiError } from '../../lib/errors';
import { loadRunningExperiments, storedEventNames, writeTrackBatch } from './experiment-data-store';
import { createExposureRecorder, type ExposureRecording } from './exposure-recorder';
import { createRunningExperiments, type RunningExperiments } from './running-experiments';
import { batchSize, TrackBuffer } from './track-buffer';
import { CallerBuckets, EventNameBudget, exposureInputs, TRACK_RATE, trackedEvents } from './track-rules';

/** Who sends: the API token's environment and id, the client IP, and the kind of SDK. */
export interface TrackCaller {
  environment: string;
  tokenId: number | null;
  ip: string;
  sdkType: 'frontend' | 'backend';
}

type Logger = { warn(details: object, message: string): void; error(details: object, message: string): void };

export interface ExperimentDataOptions {
  db: Db;
  logger: Logger;
  /** How often buffered events and exposures are written (METRICS_FLUSH_INTERVAL_SECONDS). */
  flushIntervalMs: number;
  /** How often the running experiments are read again (besides change notices). */
  refreshMs?: number;
  maxBufferedRows?: number;
  maxBufferedBytes?: number;
  rate?: {
    frontend: { capacity: number; perSecond: number };
    backend: { capacity: number; perSecond: number };
  };
  clock?: () => Date;
}

/** Stored event names are read again this often, so names past the retention free their place. */
const NAMES_RELOAD_MS = 3_600_000;

interface State {
  db: Db;
  logger: Logger;
  clock: () => Date;
  running: RunningExperiments;
  buffer: TrackBuffer;
  recorder: ExposureRecording;
  names: EventNameBudget;
  buckets: { frontend: CallerBuckets; backend: CallerBuckets };
  counters: {
    refusedForRate: number;
    refusedForNames: number;
    ignoredExposures: number;
    failedFlushes: number;
    lostRows: number;
  };
  flushing: Promise<void> | undefined;
  namesReadAt: number;
}

const rateLimited = (seconds: number) =>
  new ApiError('RateLimitError', `Too many events: try again in ${seconds} seconds.`, {
    headers: { 'retry-after': String(seconds) },
  });

function takeTokens(state: State, caller: TrackCaller, count: number, now: Date): void {
  const wait = state.buckets[caller.sdkType].take(`${caller.tokenId}|${caller.ip}`, count, now.getTime());
  if (wait > 0) {
    state.counters.refusedForRate += 1;
    throw rateLimited(wait);
  }
}

function track(state: State, body: TrackBody, caller: TrackCaller): void {
  const now = state.clock();
  const events = trackedEvents(body, now);
  takeTokens(state, caller, events.length, now);
  const { environment } = caller;
  if (
    !state.names.admit(
      environment,
      events.map((event) => event.eventName),
    )
  ) {
    state.counters.refusedForNames += 1;
    throw new ApiError(
      'RateLimitError',
      `This environment already keeps ${state.names.limit} distinct event names: send one of those, or wait until old ones age out.`,
    );
  }
  const read = state.running.current().eventNames.get(environment);
  for (const { eventName, userKey, at, value } of events) {
    state.buffer.addHourly(eventName, environment, at, 1, value);
    if (userKey !== null && read?.has(eventName)) {
      state.buffer.addUserEvent({ environment, userKey, eventName, at, value });
    }
  }
  flushSoonIfFull(state);
}

function recordExposures(state: State, body: ExposuresBody, caller: TrackCaller): void {
  const now = state.clock();
  const inputs = exposureInputs(body.exposures, now);
  takeTokens(state, caller, inputs.length, now);
  const flags = state.running.current().byEnvironment.get(caller.environment);
  for (const input of inputs) {
    const experiment = flags?.get(input.featureName);
    if (!experiment || !state.recorder.expose(experiment, input.userKey, input.variant, input.at)) {
      state.counters.ignoredExposures += 1;
    }
  }
  flushSoonIfFull(state);
}

function flushSoonIfFull(state: State): void {
  if (state.buffer.isFull) void flush(state, false).catch(() => {});
}

async function readNames(state: State): Promise<void> {
  state.namesReadAt = Date.now();
  state.names.replace(await storedEventNames(state.db), state.buffer.eventNames());
}

async function writeOnce(state: State, all: boolean): Promise<void> {
  const { buffer, counters, logger } = state;
  const batch = buffer.drain(all);
  const rows = batchSize(batch);
  if (rows === 0) return;
  try {
    await state.db.transaction().execute((trx) => writeTrackBatch(trx, batch));
  } catch (error) {
    if (isDataError(error)) {
      // Bounded input should never get here; if it does, retrying the same rows cannot help.
      counters.lostRows += rows;
      logger.error({ err: error, rows }, 'experiments: tracked events the database refused were dropped');
    } else {
      counters.failedFlushes += 1;
      buffer.restore(batch);
      logger.warn(
        { err: error, kept: rows },
        'experiments: writing tracked events failed; kept for the next attempt',
      );
    }
    throw error;
  }
  if (Date.now() - state.namesReadAt > NAMES_RELOAD_MS) await readNames(state).catch(() => {});
}

/** Writes what is due (everything when `all`). Concurrent callers share one write. */
function flush(state: State, all: boolean): Promise<void> {
  state.flushing ??= writeOnce(state, all).finally(() => {
    state.flushing = undefined;
  });
  return state.flushing;
}

/** Writes everything, user events received since the last flush included. */
async function flushAll(state: State): Promise<void> {
  await state.flushing?.catch(() => {});
  return flush(state, true);
}

/** Writes everything left, trying until `deadlineMs` while the database is away. */
async function drainForShutdown(state: State, deadlineMs: number): Promise<void> {
  const giveUpAt = Date.now() + deadlineMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
    try {
      await flushAll(state);
      return;
    } catch {
      if (state.buffer.size === 0 || Date.now() + delay > giveUpAt) break;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  if (state.buffer.size > 0) {
    state.logger.error(
      { lost: state.buffer.size },
      'experiments: tracked events could not be written before shutdown',
    );
  }
}

/**
 * Tracked events and exposures (issue 35 §1): checked at the door (400 for what the bounds
 * refuse, 429 past the caller's rate or the environment's distinct event names), buffered in
 * memory and written in the background, so the SDK APIs never wait for the database.
 */
export function createExperimentData(options: ExperimentDataOptions) {
  const { db, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const rate = options.rate ?? TRACK_RATE;
  const running = createRunningExperiments({
    load: () => loadRunningExperiments(db),
    refreshMs: options.refreshMs ?? Math.min(5000, options.flushIntervalMs),
    logger,
  });
  const buffer = new TrackBuffer(options.maxBufferedRows, options.maxBufferedBytes);
  const state: State = {
    db,
    logger,
    clock,
    running,
    buffer,
    recorder: createExposureRecorder(running, buffer, clock),
    names: new EventNameBudget(),
    buckets: {
      frontend: new CallerBuckets(rate.frontend.capacity, rate.frontend.perSecond),
      backend: new CallerBuckets(rate.backend.capacity, rate.backend.perSecond),
    },
    counters: { refusedForRate: 0, refusedForNames: 0, ignoredExposures: 0, failedFlushes: 0, lostRows: 0 },
    flushing: undefined,
    namesReadAt: Number.NEGATIVE_INFINITY,
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    /** The port the frontend API and OFREP record exposures through. */
    recorder: state.recorder,
    /** Something changed on the database (an experiment may have started or stopped). */
    changed: () => running.changed(),
    /** Reads the running experiments now. */
    refreshRunning: () => running.refresh(),
    track: (body: TrackBody, caller: TrackCaller) => track(state, body, caller),
    exposures: (body: ExposuresBody, caller: TrackCaller) => recordExposures(state, body, caller),
    /** Writes exposures, hourly counts and the user events that have settled for one flush. */
    flush: () => flush(state, false),
    flushAll: () => flushAll(state),
    start(): void {
      running.start();
      readNames(state).catch((error: unknown) =>
        logger.warn({ err: error }, 'experiments: reading event names failed'),
      );
      timer ??= setInterval(() => void flush(state, false).catch(() => {}), options.flushIntervalMs);
      timer.unref();
    },
    /** Stops the timers and writes everything left (SIGTERM, app close): a clean stop loses nothing. */
    async stop(deadlineMs = 5000): Promise<void> {
      running.stop();
      if (timer) clearInterval(timer);
      timer = undefined;
      await drainForShutdown(state, deadlineMs);
    },
    stats: () => ({
      buffered: buffer.size,
      bufferedBytes: buffer.approximateBytes,
      dropped: buffer.dropped,
      ...state.counters,
    }),
  };
}

export type ExperimentData = ReturnType<typeof createExperimentData>;
