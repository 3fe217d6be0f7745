import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminApi } from '../api/admin-api';
import { NetworkError } from '../api/api-error';
import { useConsole, useConsoleState } from './console-context';

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

interface Loaded<T> {
  key: string;
  data: T | undefined;
  /** `data` belongs to the previous key and is shown only until this key's answer arrives. */
  placeholder: boolean;
  savedAt: number | null;
  fromCache: boolean;
  loading: boolean;
  error: unknown;
}

/**
 * Reads from the admin API with the last answer kept locally: the saved copy shows at once, the
 * server's answer replaces it and is saved in turn; when the server is unreachable the saved copy
 * stays, marked with its age (the offline banner shows it). `key` names the query (path and
 * filters); null pauses the query.
 */
export function useServerData<T>(
  key: string | null,
  load: (api: AdminApi, signal: AbortSignal) => Promise<T>,
): ServerData<T> {
  const consoleApi = useConsole();
  const refreshEpoch = useConsoleState((state) => state.refreshEpoch);
  const profileId = useConsoleState((state) => state.activeProfileId);
  const serverUrl = useConsoleState((state) => state.serverUrl);
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<Loaded<T>>({
    key: '',
    data: undefined,
    placeholder: false,
    savedAt: null,
    fromCache: false,
    loading: key !== null,
    error: null,
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  const fullKey = key === null ? null : `${profileId}|${key}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshEpoch, reloads and serverUrl are triggers to fetch again
  useEffect(() => {
    if (fullKey === null) return;
    let live = true;
    const controller = new AbortController();
    setState((previous) =>
      previous.key === fullKey
        ? { ...previous, loading: true }
        : { ...previous, key: fullKey, placeholder: previous.data !== undefined, loading: true, error: null },
    );
    (async () => {
      const saved = await consoleApi.cache.read<T>(fullKey).catch(() => undefined);
      if (live && saved) {
        setState((previous) =>
          previous.key === fullKey &&
          (previous.data === undefined || previous.placeholder || previous.fromCache)
            ? { ...previous, data: saved.data, placeholder: false, savedAt: saved.savedAt, fromCache: true }
            : previous,
        );
      }
      try {
        const data = await loadRef.current(consoleApi.api(), controller.signal);
        const entry = await consoleApi.cache
          .write(fullKey, data)
          .catch(() => ({ savedAt: consoleApi.services.now() }));
        if (live) {
          setState({
            key: fullKey,
            data,
            placeholder: false,
            savedAt: entry.savedAt,
            fromCache: false,
            loading: false,
            error: null,
          });
        }
      } catch (error) {
        if (!live || controller.signal.aborted) return;
        if (error instanceof NetworkError && saved) {
          setState({
            key: fullKey,
            data: saved.data,
            placeholder: false,
            savedAt: saved.savedAt,
            fromCache: true,
            loading: false,
            error: null,
          });
        } else {
          setState((previous) => ({
            ...previous,
            key: fullKey,
            // Data of another query must not stand in for this one.
            data: previous.key === fullKey && !previous.placeholder ? previous.data : undefined,
            placeholder: false,
            loading: false,
            error,
          }));
        }
      }
    })();
    return () => {
      live = false;
      controller.abort();
    };
  }, [fullKey, refreshEpoch, reloads, serverUrl, consoleApi]);

  const showingCache = state.key === fullKey && state.fromCache && state.savedAt !== null;
  useEffect(() => {
    if (!showingCache || fullKey === null || state.savedAt === null) return;
    consoleApi.markShownFromCache(fullKey, state.savedAt);
    return () => consoleApi.markShownFromCache(fullKey, null);
  }, [showingCache, fullKey, state.savedAt, consoleApi]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  const current = state.key === fullKey;
  return {
    data: state.data,
    savedAt: state.placeholder ? null : state.savedAt,
    fromCache: current && state.fromCache,
    loading: fullKey !== null && (state.loading || !current || state.placeholder),
    error: current ? state.error : null,
    reload,
  };
}
