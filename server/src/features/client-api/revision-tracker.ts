import { timedOut, withTimeout } from '../../lib/with-timeout';

/**
 * Knows the current revision (latest relevant event id) per environment without asking the
 * database on every SDK request. A cached value older than `maxAgeMs` is still answered at
 * once while a background check refreshes it (changes committed by other instances show up
 * within about that age), so a slow, stopped or frozen database never holds up an SDK request
 * (issue 12). Only after this process marked the data dirty (one of its own admin mutations)
 * does a caller wait for the check, so the very next request sees that change; if the check
 * fails, the last known revision is answered. Failed checks back off, and each check is bounded
 * by `timeoutMs`.
 */
export interface RevisionTracker {
  current(environment: string): Promise<number>;
  /** The revision to serve without waiting, or undefined when `current` must ask (dirty, unknown). */
  known?(environment: string): number | undefined;
  /** Called after this process committed a change: the next `current` asks the database. */
  markDirty(): void;
}

export interface RevisionTrackerOptions {
  maxAgeMs: number;
  /** A check taking longer fails (default 2 s); the pool's own query timeout ends the query. */
  timeoutMs?: number;
  /** Wait after a failed check before the next one: doubles from `minMs` up to `maxMs`. */
  backoff?: { minMs: number; maxMs: number };
  clock?: () => number;
}

interface Known {
  value: number;
  checkedAt: number;
  generation: number;
}

export function createRevisionTracker(
  readRevision: (environment: string) => Promise<number>,
  options: RevisionTrackerOptions,
): RevisionTracker {
  const clock = options.clock ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 2000;
  const backoff = options.backoff ?? { minMs: 250, maxMs: 1000 };
  let generation = 0;
  const known = new Map<string, Known>();
  const inFlight = new Map<string, Promise<number>>();
  const failures = new Map<string, { count: number; retryAt: number }>();

  /** One check per environment at a time; its outcome updates the cache or the backoff. */
  function check(environment: string): Promise<number> {
    let pending = inFlight.get(environment);
    if (pending) return pending;
    const startedGeneration = generation;
    const startedAt = clock();
    pending = withTimeout(readRevision(environment), timeoutMs, () =>
      timedOut('the revision check', timeoutMs),
    )
      .then(
        (value) => {
          known.set(environment, { value, checkedAt: startedAt, generation: startedGeneration });
          failures.delete(environment);
          return value;
        },
        (error: unknown) => {
          const count = (failures.get(environment)?.count ?? 0) + 1;
          const wait = Math.min(backoff.maxMs, backoff.minMs * 2 ** (count - 1));
          failures.set(environment, { count, retryAt: clock() + wait });
          throw error;
        },
      )
      .finally(() => inFlight.delete(environment));
    inFlight.set(environment, pending);
    return pending;
  }

  const backingOff = (environment: string) => (failures.get(environment)?.retryAt ?? 0) > clock();

  function knownRevision(environment: string): number | undefined {
    const cached = known.get(environment);
    if (!cached || cached.generation !== generation) return undefined;
    if (clock() - cached.checkedAt >= options.maxAgeMs && !backingOff(environment)) {
      // Stale: answer what we know and refresh behind it; a failure only sets the backoff.
      check(environment).catch(() => {});
    }
    return cached.value;
  }

  return {
    known: knownRevision,
    async current(environment) {
      const answer = knownRevision(environment);
      if (answer !== undefined) return answer;
      const cached = known.get(environment);
      // Dirty (or never known): wait for a check, unless the database just failed us.
      if (cached && backingOff(environment)) return cached.value;
      try {
        await check(environment);
        const latest = known.get(environment) as Known;
        // A check started before the latest markDirty may predate that change: ask once more.
        if (latest.generation === generation) return latest.value;
        return await check(environment);
      } catch (error) {
        if (cached) return known.get(environment)?.value ?? cached.value;
        throw error;
      }
    },
    markDirty() {
      generation += 1;
      // A committed change proves the database answers again: no reason to wait out a backoff.
      failures.clear();
    },
  };
}
