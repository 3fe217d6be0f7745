import type { Db } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { runActionSetsFor } from './action-executor';
import { claimSignals } from './signal-endpoint-store';

const CLAIM_BATCH = 20;

export interface SignalProcessor {
  /** Processes soon, off the caller's path (after a signal is stored). */
  nudge(): void;
  /** Processes every unclaimed signal now; resolves when done (tests, the poll). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs the action sets of received signals, asynchronously: the incoming POST only stores the
 * signal. Signals are claimed with SKIP LOCKED, so with several instances each is processed by
 * exactly one; the poll picks up what another instance stored or what came in while none ran.
 */
export function startSignalProcessor({
  db,
  logger,
  intervalMs,
}: {
  db: Db;
  logger: Pick<Logger, 'error'>;
  intervalMs: number;
}): SignalProcessor {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function processAll(): Promise<void> {
    for (;;) {
      const signals = await claimSignals(db, CLAIM_BATCH);
      for (const signal of signals) {
        try {
          await runActionSetsFor(db, signal);
        } catch (error) {
          logger.error({ err: error, signalId: signal.id }, 'could not run the action sets of a signal');
        }
      }
      if (signals.length < CLAIM_BATCH || stopped) return;
    }
  }

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await processAll().catch((error) => logger.error({ err: error }, 'could not claim signals'));
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const timer = setInterval(() => void drain(), intervalMs);
  timer.unref();

  return {
    nudge: () => void setImmediate(() => void drain()),
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
