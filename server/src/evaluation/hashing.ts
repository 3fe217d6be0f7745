import murmurhash3js from 'murmurhash3js';

/** Seed for strategy rollouts (shared/unleash/API.md §5.7). */
export const STRATEGY_SEED = 0;
/** Seed for variant selection, so a user's variant is independent of their rollout bucket. */
export const VARIANT_SEED = 86028157;

/**
 * Unsigned 32-bit murmurhash3 (x86) of `key`. murmurhash3js hashes the low byte of each
 * UTF-16 code unit rather than UTF-8 bytes; using it keeps non-ASCII ids in the same buckets
 * as the Node SDK and Unleash's own frontend API.
 */
export function hash32(key: string, seed: number): number {
  return murmurhash3js.x86.hash32(key, seed);
}

/** Maps `groupId:id` onto 1..normalizer. */
export function normalizedValue(id: string, groupId: string, normalizer: number, seed: number): number {
  return (hash32(`${groupId}:${id}`, seed) % normalizer) + 1;
}

/** Rollout bucket 1..100 used by percentage-based strategies. */
export function normalizedStrategyValue(id: string, groupId: string): number {
  return normalizedValue(id, groupId, 100, STRATEGY_SEED);
}

/** Variant bucket 1..totalWeight. */
export function normalizedVariantValue(id: string, groupId: string, totalWeight: number): number {
  return normalizedValue(id, groupId, totalWeight, VARIANT_SEED);
}
