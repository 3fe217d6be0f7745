import { BUCKETS, type Bucket, createMemoryStore, type KeyValueStore } from './kv-store';

const DATABASE_NAME = 'switchyard-console';
const DATABASE_VERSION = 1;

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DATABASE_NAME, DATABASE_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const bucket of BUCKETS) {
        if (!db.objectStoreNames.contains(bucket)) db.createObjectStore(bucket);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('cannot open IndexedDB'));
    request.onblocked = () => reject(new Error('IndexedDB upgrade blocked by another console tab'));
  });
}

/** One object store per bucket, keys are strings, values structured-cloned by the browser. */
export function createIndexedDbStore(db: IDBDatabase): KeyValueStore {
  const store = (bucket: Bucket, mode: IDBTransactionMode) =>
    db.transaction(bucket, mode).objectStore(bucket);
  return {
    persistent: true,
    get: async <T>(bucket: Bucket, key: string) =>
      (await promised(store(bucket, 'readonly').get(key))) as T | undefined,
    put: async (bucket, key, value) => {
      await promised(store(bucket, 'readwrite').put(value, key));
    },
    delete: async (bucket, key) => {
      await promised(store(bucket, 'readwrite').delete(key));
    },
    entries: async <T>(bucket: Bucket) => {
      const objectStore = store(bucket, 'readonly');
      const [keys, values] = await Promise.all([
        promised(objectStore.getAllKeys()),
        promised(objectStore.getAll()),
      ]);
      return keys.map((key, index) => [String(key), values[index] as T] as [string, T]);
    },
  };
}

/**
 * IndexedDB when the page may use it; otherwise (no IndexedDB, or storage blocked by the browser)
 * an in-memory store, which the console reports as "not persistent".
 */
export async function openLocalStore(factory: IDBFactory | undefined): Promise<KeyValueStore> {
  if (!factory) return createMemoryStore();
  try {
    return createIndexedDbStore(await openDatabase(factory));
  } catch {
    return createMemoryStore();
  }
}
