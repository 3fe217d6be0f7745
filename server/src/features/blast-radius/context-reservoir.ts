import type { Context } from '../../../contract';

/**
 * A fixed-size uniform sample per environment of the contexts evaluated since the last drain
 * (reservoir sampling, Vitter's algorithm R): O(1) per offered context and no allocation once
 * full, so the frontend API's hot path pays a counter and a random draw.
 */
export interface ContextReservoir {
  offer(environment: string, context: Context): void;
  /** Takes the sample gathered so far and starts a new one. */
  drain(): Map<string, Context[]>;
  /** Contexts offered since the last drain, per environment (for tests and figures). */
  seen(environment: string): number;
}

interface Bucket {
  seen: number;
  items: Context[];
}

export function createContextReservoir(options: {
  capacityPerEnvironment: number;
  /** Environments come from token scopes, so few; the bound only guards the map. */
  maxEnvironments: number;
  random?: () => number;
}): ContextReservoir {
  const random = options.random ?? Math.random;
  let buckets = new Map<string, Bucket>();
  return {
    offer(environment, context) {
      let bucket = buckets.get(environment);
      if (!bucket) {
        if (buckets.size >= options.maxEnvironments) return;
        bucket = { seen: 0, items: [] };
        buckets.set(environment, bucket);
      }
      bucket.seen += 1;
      if (bucket.items.length < options.capacityPerEnvironment) {
        bucket.items.push(context);
        return;
      }
      const slot = Math.floor(random() * bucket.seen);
      if (slot < options.capacityPerEnvironment) bucket.items[slot] = context;
    },
    drain() {
      const drained = new Map<string, Context[]>();
      for (const [environment, bucket] of buckets) drained.set(environment, bucket.items);
      buckets = new Map();
      return drained;
    },
    seen(environment) {
      return buckets.get(environment)?.seen ?? 0;
    },
  };
}
