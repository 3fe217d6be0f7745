/**
 * Knows the current revision (latest relevant event id) per environment without asking the
 * database on every SDK request. A cached value is reused until it is older than `maxAgeMs`
 * (changes committed by other instances show up within that) or until this process marks the
 * data dirty after one of its own admin mutations, so the very next request sees that change.
 */
export interface RevisionTracker {
  current(environment: string): Promise<number>;
  /** Called after this process committed a change: the next `current` asks the database. */
  markDirty(): void;
}

export function createRevisionTracker(
  readRevision: (environment: string) => Promise<number>,
  options: { maxAgeMs: number; clock?: () => number },
): RevisionTracker {
  const clock = options.clock ?? Date.now;
  let generation = 0;
  const cache = new Map<string, { value: number; checkedAt: number; generation: number }>();
  const inFlight = new Map<string, Promise<number>>();

  return {
    async current(environment) {
      const cached = cache.get(environment);
      if (cached && cached.generation === generation && clock() - cached.checkedAt < options.maxAgeMs) {
        return cached.value;
      }
      // Concurrent requests share one query.
      let pending = inFlight.get(environment);
      if (!pending) {
        const startedGeneration = generation;
        const startedAt = clock();
        pending = readRevision(environment)
          .then((value) => {
            cache.set(environment, { value, checkedAt: startedAt, generation: startedGeneration });
            return value;
          })
          .finally(() => inFlight.delete(environment));
        inFlight.set(environment, pending);
      }
      const value = await pending;
      // A query started before the latest markDirty may predate that change: ask again.
      return cache.get(environment)?.generation === generation ? value : this.current(environment);
    },
    markDirty() {
      generation += 1;
    },
  };
}
