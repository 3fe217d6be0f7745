/**
 * The console's local persistence, behind an interface: IndexedDB in the browser and the desktop
 * window (idb-keyval-store.ts), an in-memory map in component tests (happy-dom has no IndexedDB)
 * and wherever IndexedDB cannot be opened.
 */
export type Bucket = 'cache' | 'outbox' | 'settings';
export const BUCKETS: readonly Bucket[] = ['cache', 'outbox', 'settings'];

export interface KeyValueStore {
  /** False for the in-memory store: data is gone on reload. */
  readonly persistent: boolean;
  get<T>(bucket: Bucket, key: string): Promise<T | undefined>;
  put(bucket: Bucket, key: string, value: unknown): Promise<void>;
  delete(bucket: Bucket, key: string): Promise<void>;
  entries<T>(bucket: Bucket): Promise<Array<[string, T]>>;
}

/** Values are cloned on the way in and out, as IndexedDB does, so callers never share objects with it. */
export function createMemoryStore(): KeyValueStore {
  const buckets = new Map<Bucket, Map<string, unknown>>(BUCKETS.map((bucket) => [bucket, new Map()]));
  const bucketOf = (bucket: Bucket) => buckets.get(bucket)!;
  return {
    persistent: false,
    get: async <T>(bucket: Bucket, key: string) => {
      const value = bucketOf(bucket).get(key);
      return value === undefined ? undefined : (structuredClone(value) as T);
    },
    put: async (bucket, key, value) => {
      bucketOf(bucket).set(key, structuredClone(value));
    },
    delete: async (bucket, key) => {
      bucketOf(bucket).delete(key);
    },
    entries: async <T>(bucket: Bucket) =>
      [...bucketOf(bucket).entries()].map(
        ([key, value]) => [key, structuredClone(value) as T] as [string, T],
      ),
  };
}
