import {
  notifyManager,
  type Query,
  type QueryClient,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import {
  type AsyncStorage,
  experimental_createQueryPersister,
  type PersistedQuery,
} from '@tanstack/react-query-persist-client';
import type { KeyValueStore } from './kv-store';

/** Storage keys of persisted queries start with this, then the query's hash. */
const PREFIX = 'query';
/** Bumped when the shape of saved data changes: older entries are dropped instead of misread. */
const BUSTER = 'switchyard-2';
/** Saved copies older than this are not worth showing. */
const MAX_AGE_MS = 30 * 86_400_000;

export interface QueryPersistenceOptions {
  /** Searches with many filter combinations each leave an entry; the oldest go beyond this many. */
  maxEntries?: number;
}

/**
 * The last answer of every server query, one entry per query in the key-value store's `cache` bucket
 * (IndexedDB in the console): a query's copy is written as soon as its answer arrives, so a reload a
 * moment later still finds it, and a 10 MB flag list is not written again with every other query.
 */
export function createQueryStorage(
  kv: KeyValueStore,
  options: QueryPersistenceOptions = {},
): AsyncStorage<PersistedQuery> {
  const maxEntries = options.maxEntries ?? 300;
  let writesSincePrune = 0;

  async function prune(): Promise<void> {
    const saved = await kv.entries<PersistedQuery>('cache');
    // Entries of earlier console versions (not query-shaped) go first.
    const savedAt = ([key, value]: [string, PersistedQuery]) =>
      key.startsWith(`${PREFIX}-`) ? (value?.state?.dataUpdatedAt ?? 0) : -1;
    if (saved.length <= maxEntries && saved.every((entry) => savedAt(entry) >= 0)) return;
    saved.sort((a, b) => savedAt(a) - savedAt(b));
    const excess = Math.max(0, saved.length - maxEntries);
    for (const [index, entry] of saved.entries()) {
      if (index < excess || savedAt(entry) < 0) await kv.delete('cache', entry[0]);
    }
  }

  return {
    getItem: (key) => kv.get<PersistedQuery>('cache', key),
    async setItem(key, value) {
      await kv.put('cache', key, value);
      writesSincePrune += 1;
      if (writesSincePrune >= 25) {
        writesSincePrune = 0;
        await prune();
      }
    },
    removeItem: (key) => kv.delete('cache', key),
    entries: () => kv.entries<PersistedQuery>('cache'),
  };
}

export interface QueryPersistence {
  /** The `persister` of every query: restores a query without data, saves each answer. */
  persisterFn<T, K extends QueryKey>(
    queryFn: (context: QueryFunctionContext<K>) => T | Promise<T>,
    context: QueryFunctionContext<K>,
    query: Query,
  ): Promise<T>;
  /** Forgets the saved copies of queries whose key starts with `queryKey` (a signed-out profile). */
  remove(queryKey: QueryKey): Promise<void>;
  /**
   * Marks the saved copies `outdated` picks (by query key) as older than a write the server has
   * since applied: a later session asks the server first and shows such a copy only when it cannot.
   */
  markOutdated(outdated: (queryKey: QueryKey) => boolean): Promise<void>;
}

/** A saved copy, and whether a write made since has outdated it. */
type SavedQuery = PersistedQuery & { outdated?: true };

const storageKeyOf = (queryHash: string) => `${PREFIX}-${queryHash}`;

/**
 * Asks the server again for a query just restored from a saved copy. Always, whatever `isStale()`
 * says at that moment (without observers it says "fresh"), and only once the restoring fetch has
 * settled: a `fetch()` while it is in flight would be folded into it and end with the saved copy,
 * so a reload after a replay would keep showing data older than the server's.
 */
function refetchOnceSettled(client: QueryClient, query: Query): void {
  const refetch = () => void query.fetch().catch(() => {});
  if (query.state.fetchStatus === 'idle') {
    refetch();
    return;
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.query !== query) return;
    if (event.type !== 'removed' && query.state.fetchStatus !== 'idle') return;
    unsubscribe();
    // A removed query has nobody left to show it; otherwise not from inside the notification of the
    // settled fetch.
    if (event.type !== 'removed') notifyManager.schedule(refetch);
  });
}

export function createQueryPersistence(
  storage: AsyncStorage<PersistedQuery>,
  shouldPersist: (queryKey: QueryKey) => boolean = () => true,
): QueryPersistence {
  const persister = experimental_createQueryPersister<PersistedQuery>({
    storage,
    buster: BUSTER,
    maxAge: MAX_AGE_MS,
    prefix: PREFIX,
    // IndexedDB stores objects; only what a later session shows is kept (no errors, no fetch state).
    serialize: (query) => ({
      buster: query.buster,
      queryHash: query.queryHash,
      queryKey: query.queryKey,
      state: { data: query.state.data, dataUpdatedAt: query.state.dataUpdatedAt } as PersistedQuery['state'],
    }),
    deserialize: (saved) => saved,
  });

  return {
    // TanStack's own persisterFn refetches a restored query without catching its failure; offline
    // that is an unhandled rejection, so the same steps are taken here with the failure kept on the query.
    async persisterFn(queryFn, context, query) {
      if (!shouldPersist(query.queryKey)) return queryFn(context);
      const persist = () =>
        notifyManager.schedule(() => {
          // The persister is typed against its own copy of query-core; the Query object is the same shape.
          persister
            .persistQuery(query as unknown as Parameters<typeof persister.persistQuery>[0])
            .catch(() => {});
        });
      if (query.state.data === undefined) {
        const saved = (await Promise.resolve(storage.getItem(storageKeyOf(query.queryHash))).catch(
          () => undefined,
        )) as SavedQuery | undefined;
        // A copy from before a write the server has applied (a replayed outbox): showing it first would
        // show the value from before the write. The server's answer comes first; the copy only in its place.
        let unanswered = false;
        if (saved?.outdated) {
          try {
            const data = await queryFn(context);
            persist();
            return data;
          } catch {
            unanswered = true;
          }
        }
        const restored = await persister.retrieveQuery(query.queryHash, (copy) => {
          query.setState({ dataUpdatedAt: copy.state.dataUpdatedAt });
          if (!unanswered) refetchOnceSettled(context.client, query);
        });
        if (restored !== undefined) return restored as Awaited<ReturnType<typeof queryFn>>;
      }
      const data = await queryFn(context);
      persist();
      return data;
    },
    remove: (queryKey) => persister.removeQueries({ queryKey }),
    async markOutdated(outdated) {
      const entries = (await storage.entries?.()) ?? [];
      for (const [key, value] of entries as Array<[string, SavedQuery]>) {
        if (!key.startsWith(`${PREFIX}-`) || !value?.queryKey || value.outdated || !outdated(value.queryKey))
          continue;
        // Only the copy read above: one a fetch has replaced meanwhile is newer than the write.
        const current = (await storage.getItem(key)) as SavedQuery | undefined;
        if (current?.state?.dataUpdatedAt !== value.state?.dataUpdatedAt) continue;
        await storage.setItem(key, { ...current, outdated: true } as PersistedQuery);
      }
    },
  };
}
