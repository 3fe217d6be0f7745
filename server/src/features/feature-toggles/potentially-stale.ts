import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { Logger } from '../../lib/logger';
import { type Actor, appendEvent } from '../events';
import { notifyFlagPotentiallyStale } from '../notifications';
import { tryPotentiallyStaleLock, updatePotentiallyStale } from './potentially-stale-store';

/** Changes the server makes on its own are attributed to the system user, as Unleash does. */
const SYSTEM: Actor = { name: 'system', userId: -1337 };

/** How often the server re-evaluates which flags have outlived their type's expected lifetime. */
export const POTENTIALLY_STALE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Marks active flags "potentially stale" once they are older than their feature type's
 * lifetime (shared/unleash/API.md §7.2) and clears the mark when the lifetime grows or goes
 * (null or 0: never). Each newly marked flag gets a `feature-potentially-stale-on` event in the
 * same transaction, and its creator a notification. Idempotent, and one instance at a time runs it
 * (a transaction-scoped advisory lock; the others skip that turn). Returns the names of
 * the flags newly marked.
 */
export async function markPotentiallyStaleFlags(db: Db, now: Date = new Date()): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    // Several instances run this on their own timers: one at a time does it, the others skip
    // (the update alone is idempotent, but concurrent runs would only wait on, or deadlock over,
    // each other's row locks).
    if (!(await tryPotentiallyStaleLock(trx))) return [];
    const changed = await updatePotentiallyStale(trx, now);
    const marked = changed
      .filter((row) => row.potentially_stale)
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const row of marked) {
      const eventId = await appendEvent(trx, {
        type: 'feature-potentially-stale-on',
        createdBy: SYSTEM.name,
        createdByUserId: SYSTEM.userId,
        featureName: row.name,
        project: row.project,
        data: { name: row.name, potentiallyStale: true },
      });
      // Issue 19: the flag's creator learns it, once, with the event.
      await notifyFlagPotentiallyStale(trx, {
        featureName: row.name,
        project: row.project,
        creatorUserId: row.created_by_user_id,
        eventId,
      });
    }
    return marked.map((row) => row.name);
  });
}

/** Runs the marking now and then every `intervalMs`; the returned function stops it and waits for a run in flight. */
export function startPotentiallyStaleJob(
  db: Db,
  logger: Pick<Logger, 'warn'>,
  intervalMs: number = POTENTIALLY_STALE_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = markPotentiallyStaleFlags(db).catch((error: unknown) =>
      logger.warn({ err: error }, 'marking potentially stale flags failed'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
