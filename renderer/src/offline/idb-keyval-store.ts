import { del, entries, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import { BUCKETS, type Bucket, createMemoryStore, type KeyValueStore } from './kv-store';

/** The database earlier console versions wrote: opening the same one keeps their queued edits. */
const DATABASE_NAME = 'switchyard-console';
const DATABASE_VERSION = 1;

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE_NAME, DATABASE_VERSION);
  // idb-keyval's own createStore makes one object store per database; ours holds every bucket.
  request.onupgradeneeded = () => {
    for (const bucket of BUCKETS) {
      if (!request.result.objectStoreNames.contains(bucket)) request.result.createObjectStore(bucket);
    }
  };
  const blocked = new Promise<never>((_, reject) => {
    request.onblocked = () => reject(new Error('IndexedDB upgrade blocked by another console tab'));
  });
  return Promise.race([promisifyRequest(request), blocked]);
}

/** One object store per bucket, read and written with idb-keyval. */
export function createIdbKeyvalStore(db: IDBDatabase): KeyValueStore {
  const stores = new Map<Bucket, UseStore>(
    BUCKETS.map((bucket) => [
      bucket,
      (mode, callback) => Promise.resolve(callback(db.transaction(bucket, mode).objectStore(bucket))),
    ]),
  );
  const storeOf = (bucket: Bucket) => stores.get(bucket)!;
  return {
    persistent: true,
    get: <T>(bucket: Bucket, key: string) => get<T>(key, storeOf(bucket)),
    put: (bucket, key, value) => set(key, value, storeOf(bucket)),
    delete: (bucket, key) => del(key, storeOf(bucket)),
    entries: async <T>(bucket: Bucket) =>
      (await entries<IDBValidKey, T>(storeOf(bucket))).map(
        ([key, value]) => [String(key), value] as [string, T],
      ),
  };
}

/**
 * IndexedDB when the page may use it; otherwise (no IndexedDB, or storage blocked by the browser)
 * an in-memory store, which the console reports as "not persistent".
 */
export async function openLocalStore(factory: IDBFactory | undefined): Promise<KeyValueStore> {
  if (!factory) return createMemoryStore();
  try {
    return createIdbKeyvalStore(await openDatabase(factory));
  } catch {
    return createMemoryStore();
  }
}
