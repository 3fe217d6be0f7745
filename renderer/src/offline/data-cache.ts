import type { KeyValueStore } from './kv-store';

/** The last data seen from the server for one query, and when it was seen. */
export interface CacheEntry<T> {
  data: T;
  savedAt: number;
}

export interface DataCache {
  read<T>(key: string): Promise<CacheEntry<T> | undefined>;
  write(key: string, data: unknown): Promise<CacheEntry<unknown>>;
  /** Forgets everything saved for keys starting with the prefix (a signed-out profile). */
  clear(prefix: string): Promise<void>;
}

export interface DataCacheOptions {
  now: () => number;
  /** Searches with many filter combinations each leave an entry; the oldest go beyond this many. */
  maxEntries?: number;
}

export function createDataCache(store: KeyValueStore, options: DataCacheOptions): DataCache {
  const maxEntries = options.maxEntries ?? 300;
  let writesSincePrune = 0;

  async function prune(): Promise<void> {
    const entries = await store.entries<CacheEntry<unknown>>('cache');
    if (entries.length <= maxEntries) return;
    entries.sort((a, b) => a[1].savedAt - b[1].savedAt);
    for (const [key] of entries.slice(0, entries.length - maxEntries)) await store.delete('cache', key);
  }

  return {
    read: (key) => store.get('cache', key),
    async write(key, data) {
      const entry = { data, savedAt: options.now() };
      await store.put('cache', key, entry);
      writesSincePrune += 1;
      if (writesSincePrune >= 25) {
        writesSincePrune = 0;
        await prune();
      }
      return entry;
    },
    async clear(prefix) {
      for (const [key] of await store.entries('cache')) {
        if (key.startsWith(prefix)) await store.delete('cache', key);
      }
    },
  };
}
