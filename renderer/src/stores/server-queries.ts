import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { QueryPersistence } from '../offline/query-persistence';

/** What a server query keeps: the answer, when the console saw it and in which page session. */
export interface SavedAnswer<T> {
  data: T;
  /** The console clock (not TanStack's) so ages agree with everything else the console shows. */
  savedAt: number;
  /** A different session means the answer was restored from IndexedDB after a reload. */
  session: string;
}

/** Every server query of a profile starts with this, so a profile's data is invalidated or forgotten at once. */
export function profileQueryKey(profileId: string): QueryKey {
  return ['server', profileId];
}

export function serverQueryKey(profileId: string, key: string): QueryKey {
  return ['server', profileId, key];
}

/** Questions a form asks while the operator types: answered now, never persisted. */
export function checkQueryKey(profileId: string, key: string): QueryKey {
  return ['check', profileId, key];
}

/** Only server data is worth keeping for a later session. */
export const isPersistedQueryKey = (queryKey: QueryKey) => queryKey[0] === 'server';

export function createServerQueryClient(persistence: QueryPersistence): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The first request goes out even when the browser claims to be offline: the server may be local.
        networkMode: 'offlineFirst',
        // The console probes the server itself and refetches when it is back; a retry would only delay
        // the saved copy or the server's refusal.
        retry: false,
        // Unused answers leave memory after 10 minutes; their saved copies stay in IndexedDB.
        gcTime: 10 * 60_000,
        persister: persistence.persisterFn,
      },
      mutations: {
        // Sent whatever the browser says of its network: a failure is the answer (or the outbox's cue).
        networkMode: 'always',
        retry: false,
      },
    },
  });
}
