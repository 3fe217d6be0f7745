import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AdminApi } from '../api/admin-api';
import { NetworkError } from '../api/api-error';
import { useConsole, useConsoleState } from './console-context';
import { type SavedAnswer, serverQueryKey } from './server-queries';

export interface ServerData<T> {
  data: T | undefined;
  /** When `data` was fetched from the server (now, or earlier when it comes from the local copy). */
  savedAt: number | null;
  /** True while `data` is the local copy because the server could not be asked (yet). */
  fromCache: boolean;
  loading: boolean;
  error: unknown;
  reload(): void;
}

/**
 * Reads from the admin API through the console's TanStack Query client: answers are shared by every
 * screen asking the same `key` (path and filters), kept in IndexedDB, and shown from there at once
 * after a reload; the server's answer replaces them. When the server is unreachable the saved copy
 * stays, marked with its age (the offline banner shows it). null pauses the query.
 */
export function useServerData<T>(
  key: string | null,
  load: (api: AdminApi, signal: AbortSignal) => Promise<T>,
): ServerData<T> {
  const consoleApi = useConsole();
  const profileId = useConsoleState((state) => state.activeProfileId);
  const loadRef = useRef(load);
  loadRef.current = load;
  const query = useQuery<SavedAnswer<T>>({
    queryKey: serverQueryKey(profileId, key ?? ''),
    queryFn: async ({ signal }) => ({
      data: await loadRef.current(consoleApi.api(), signal),
      savedAt: consoleApi.services.now(),
      session: consoleApi.session,
    }),
    enabled: key !== null,
    // Another query's answer stands in, without an age, until this one's arrives.
    placeholderData: keepPreviousData,
  });

  const answer = query.data;
  const networkFailure = query.error instanceof NetworkError;
  // Restored from an earlier session and not refreshed yet, or the server could not be asked.
  const fromCache =
    answer !== undefined &&
    !query.isPlaceholderData &&
    (answer.session !== consoleApi.session || networkFailure);
  const cacheKey = key === null ? null : consoleApi.cacheKey(key);
  const shownSavedAt = fromCache ? answer.savedAt : null;
  useEffect(() => {
    if (cacheKey === null || shownSavedAt === null) return;
    consoleApi.markShownFromCache(cacheKey, shownSavedAt);
    return () => consoleApi.markShownFromCache(cacheKey, null);
  }, [cacheKey, shownSavedAt, consoleApi]);

  return {
    data: answer?.data,
    savedAt: answer && !query.isPlaceholderData ? answer.savedAt : null,
    fromCache,
    loading: key !== null && (query.isFetching || query.isPending || query.isPlaceholderData),
    // A saved copy shown offline is the answer for now; without one, the failure is.
    error: fromCache && networkFailure ? null : query.error,
    reload: () => void query.refetch(),
  };
}
