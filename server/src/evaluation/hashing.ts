/** Seed for strategy rollouts (shared/unleash/API.md §5.7). */
export const STRATEGY_SEED = 0;
/** Seed for variant selection, so a user's variant is independent of their rollout bucket. */
export const VARIANT_SEED = 86028157;

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

/**
 * Unsigned 32-bit MurmurHash3 (x86_32) of `key`, over the low byte of each UTF-16 code unit
 * rather than UTF-8 bytes: that is what the Node SDK's murmurhash3js does, so non-ASCII ids land
 * in the same buckets as there and in Unleash's own frontend API (tests compare the two).
 * Written with Math.imul because the frontend API hashes hundreds of keys per request.
 */
export function hash32(key: string, seed: number): number {
  const blocksEnd = key.length & ~3;
  return finish(key, blocksEnd, mixBlocks(key, 0, blocksEnd, seed | 0), key.length);
}

/** MurmurHash3's body: the 4-byte blocks of `key` from `from` to `to`, mixed into `h`. */
function mixBlocks(key: string, from: number, to: number, h: number): number {
  for (let i = from; i < to; i += 4) {
    let k =
      (key.charCodeAt(i) & 0xff) |
      ((key.charCodeAt(i + 1) & 0xff) << 8) |
      ((key.charCodeAt(i + 2) & 0xff) << 16) |
      ((key.charCodeAt(i + 3) & 0xff) << 24);
    k = Math.imul(k, C1);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, C2);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  return h;
}

/** The tail bytes of `key` after `blocksEnd`, then the finalisation over `totalLength` bytes. */
function finish(key: string, blocksEnd: number, h: number, totalLength: number): number {
  const remaining = key.length - blocksEnd;
  if (remaining > 0) {
    let tail = 0;
    if (remaining === 3) tail ^= (key.charCodeAt(blocksEnd + 2) & 0xff) << 16;
    if (remaining >= 2) tail ^= (key.charCodeAt(blocksEnd + 1) & 0xff) << 8;
    tail ^= key.charCodeAt(blocksEnd) & 0xff;
    tail = Math.imul(tail, C1);
    tail = (tail << 15) | (tail >>> 17);
    h ^= Math.imul(tail, C2);
  }
  h ^= totalLength;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
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

/**
 * `(id) => hash32(prefix + id, seed)` with the prefix's whole 4-byte blocks hashed once: a
 * rollout's `groupId:` is the same for every user, so a request hashes only the user's part.
 */
export function prefixedHash32(prefix: string, seed: number): (id: string) => number {
  const prefixBlocksEnd = prefix.length & ~3;
  const state = mixBlocks(prefix, 0, prefixBlocksEnd, seed | 0);
  const carried = prefix.slice(prefixBlocksEnd);
  return (id) => {
    const key = carried.length === 0 ? id : carried + id;
    const blocksEnd = key.length & ~3;
    return finish(key, blocksEnd, mixBlocks(key, 0, blocksEnd, state), prefixBlocksEnd + key.length);
  };
}
