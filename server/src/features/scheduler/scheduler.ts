import type { Db } from '../../db/database';
import { ApiError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { JobKind } from './job-kind';

/** Jobs run per kind and tick at most; the rest waits for the next tick (bounded work). */
export const DEFAULT_JOBS_PER_TICK = 50;
/** A failure reason is stored and shown: longer error messages are cut. */
export const MAX_FAILURE_REASON_LENGTH = 1000;

export interface SchedulerOptions {
  db: Db;
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own row type; the scheduler never reads rows.
  kinds: readonly JobKind<any>[];
  intervalMs: number;
  logger: Pick<Logger, 'warn' | 'error'>;
  jobsPerTick?: number;
  /**
   * Asked at each tick: while true, kinds that change flags are not claimed, so their due rows
   * stay pending (not failed) and run at the first tick after it turns false (maintenance mode).
   */
  holdFlagChanges?: () => Promise<boolean>;
}

export interface Scheduler {
  /** Runs due jobs now (also what every interval does); resolves when this tick is over. */
  tick(): Promise<number>;
  /** No new tick or job starts; resolves once the job in flight has committed or rolled back. */
  stop(): Promise<void>;
}

/**
 * The durable scheduler: every instance polls, and each due row runs in its own transaction
 * that claimed it with `FOR UPDATE SKIP LOCKED`, so across instances on one PostgreSQL a row
 * runs exactly once, and a row that came due while every instance was down runs at the first
 * tick after start. A failed job's work rolls back and the row is marked failed in a new
 * transaction with the reason.
 */
export function startScheduler(options: SchedulerOptions): Scheduler {
  const jobsPerTick = options.jobsPerTick ?? DEFAULT_JOBS_PER_TICK;
  let stopped = false;
  let inFlight: Promise<number> | undefined;

  let holding = false;
  const runTick = async (): Promise<number> => {
    let ran = 0;
    const hold =
      options.kinds.some((kind) => kind.changesFlags) && (await options.holdFlagChanges?.()) === true;
    if (hold !== holding) {
      holding = hold;
      // Said once when it starts and once when it ends, not at every tick.
      options.logger.warn(
        { kinds: options.kinds.filter((kind) => kind.changesFlags).map((kind) => kind.name) },
        hold
          ? 'maintenance mode is on: scheduled jobs that change flags wait, pending, until it is off'
          : 'maintenance mode is off: scheduled jobs that change flags run again',
      );
    }
    for (const kind of options.kinds) {
      if (hold && kind.changesFlags) continue;
      for (let index = 0; index < jobsPerTick && !stopped; index++) {
        if (!(await runOneDueJob(options, kind))) break;
        ran++;
      }
    }
    return ran;
  };

  const tick = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    // Ticks never overlap within an instance: a slow tick makes the next one wait its turn.
    inFlight ??= runTick()
      .catch((error: unknown) => {
        options.logger.warn({ err: error }, 'scheduler tick failed: retrying at the next tick');
        return 0;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  // Wake at start: rows that came due while the server was down run now.
  void tick();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}

/** Claims and runs one due row of `kind`; false when none is due. */
async function runOneDueJob<Row>(options: SchedulerOptions, kind: JobKind<Row>): Promise<boolean> {
  let claimed: Row | undefined;
  try {
    await options.db.transaction().execute(async (trx) => {
      [claimed] = await kind.claimDue(trx, 1);
      if (claimed !== undefined) await kind.run(trx, claimed);
    });
    return claimed !== undefined;
  } catch (error) {
    // The claim itself failed (database unavailable): nothing ran, try at the next tick.
    if (claimed === undefined) throw error;
    await recordFailure(options, kind, claimed, failureReason(error));
    return true;
  }
}

async function recordFailure<Row>(
  options: SchedulerOptions,
  kind: JobKind<Row>,
  row: Row,
  reason: string,
): Promise<void> {
  options.logger.warn({ job: kind.name, ...kind.describe(row), reason }, 'scheduled job failed');
  try {
    await options.db.transaction().execute(async (trx) => {
      if (await kind.markFailed(trx, row, reason)) await kind.onFailure?.(trx, row, reason);
    });
  } catch (error) {
    // The row stays due and is tried again at the next tick.
    options.logger.error(
      { err: error, job: kind.name, ...kind.describe(row) },
      'recording a scheduled job failure failed',
    );
  }
}

/** The reason shown to people: a client-facing error's message, else the error's message, bounded. */
export function failureReason(error: unknown): string {
  const message =
    error instanceof ApiError
      ? error.message
      : error instanceof Error
        ? error.message || error.name
        : String(error);
  // NUL cannot be stored in a text column.
  const clean = message.replaceAll('\u0000', '');
  return clean.length > MAX_FAILURE_REASON_LENGTH
    ? `${clean.slice(0, MAX_FAILURE_REASON_LENGTH - 1)}…`
    : clean || 'unknown error';
}
