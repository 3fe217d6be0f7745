import type { QueryClient } from '@tanstack/react-query';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type AdminApi, createAdminApi } from '../api/admin-api';
import { createApiClient } from '../api/client';
import type { SignInOptions } from '../api/sign-in-options';
import type { User } from '../api/types';
import type { KeyValueStore } from '../offline/kv-store';
import type { OutboxEntry, ReplayOutcome } from '../offline/outbox';
import {
  createQueryPersistence,
  createQueryStorage,
  type QueryPersistence,
} from '../offline/query-persistence';
import type { Platform } from '../platform/platform';
import type { ResourceReaders } from './editable-resources';
import { createServerQueryClient, isPersistedQueryKey, profileQueryKey } from './server-queries';
import { invalidateAfterWrites, type WriteTarget } from './write-invalidation';

/** A server the console talks to: the embedded one (`url: null`) or a remote Switchyard. */
export interface ConnectionProfile {
  /** Also the keychain profile name in the desktop app: `^[a-z0-9][a-z0-9._-]{0,63}$`. */
  id: string;
  name: string;
  url: string | null;
}

export const EMBEDDED_PROFILE: ConnectionProfile = { id: 'local', name: 'This server', url: null };

export type Connectivity = 'unknown' | 'online' | 'offline';

export type SessionState =
  | { status: 'checking' }
  | {
      status: 'signed-out';
      notice: string | null;
      /** How the server lets people sign in, from its 401 answer (issue 20). */
      signIn?: SignInOptions;
    }
  | {
      status: 'signed-in';
      /** null when the server has no identity API (it answers 404 for /api/admin/user). */
      user: User | null;
      method: 'password' | 'token' | 'open';
    };

export interface ReplayProgress {
  running: boolean;
  position: number;
  count: number;
  lastOutcome: ReplayOutcome | null;
}

export interface ConsoleState {
  ready: boolean;
  profiles: ConnectionProfile[];
  activeProfileId: string;
  /** URL of the active profile's server without trailing slash; null when there is none. */
  serverUrl: string | null;
  connectivity: Connectivity;
  lastContactAt: number | null;
  session: SessionState;
  outbox: OutboxEntry[];
  replay: ReplayProgress;
  /** Data shown from the local copy, by cache key, with when it was saved. */
  shownFromCache: Record<string, number>;
  /** False when the browser gave us no IndexedDB: nothing survives a reload. */
  persistent: boolean;
}

export interface ConsoleServices {
  platform: Platform;
  kv: KeyValueStore;
  fetch: typeof fetch;
  now: () => number;
  newId: () => string;
  /** Timers and online/offline events; absent in tests that drive connectivity by hand. */
  timers?: {
    setInterval(handler: () => void, ms: number): number;
    clearInterval(id: number): void;
  };
  probeIntervalMs?: number;
  /**
   * How replay reads back each kind of edit the features make, besides the ones stores/ knows:
   * app/ passes every feature's readers (stores/ is below features/ and cannot import them).
   */
  resourceReaders: ResourceReaders;
}

/** How the admin API client reports what it saw, so connectivity and session follow every request. */
export interface ResponseListener {
  onResponse(response: Response): void;
  onNetworkError(): void;
}

/**
 * What every part of the console shares: its state, services, query client and the active
 * profile's API. The parts (profiles, connectivity, session, outbox sync) are built on top of it.
 */
export interface ConsoleCore {
  store: StoreApi<ConsoleState>;
  services: ConsoleServices;
  queryClient: QueryClient;
  persistence: QueryPersistence;
  get: StoreApi<ConsoleState>['getState'];
  set: StoreApi<ConsoleState>['setState'];
  api(): AdminApi;
  activeProfile(): ConnectionProfile;
  cacheKey(key: string): string;
  /** Marks all of the active profile's server data stale: shown queries fetch again. */
  refresh(): void;
  /** Marks the queries the writes may have changed stale: only those shown fetch again. */
  invalidateAfter(writes: readonly WriteTarget[]): Promise<void>;
}

export function createConsoleCore(services: ConsoleServices, listener: ResponseListener): ConsoleCore {
  const { platform, kv } = services;
  const persistence = createQueryPersistence(createQueryStorage(kv), isPersistedQueryKey);
  const queryClient = createServerQueryClient(persistence);
  const store = createStore<ConsoleState>(() => ({
    ready: false,
    profiles: [EMBEDDED_PROFILE],
    activeProfileId: EMBEDDED_PROFILE.id,
    serverUrl: null,
    connectivity: 'unknown',
    lastContactAt: null,
    session: { status: 'checking' },
    outbox: [],
    replay: { running: false, position: 0, count: 0, lastOutcome: null },
    shownFromCache: {},
    persistent: kv.persistent,
  }));
  const get = store.getState;
  let cachedApi: { key: string; api: AdminApi } | null = null;

  function api(): AdminApi {
    const { serverUrl, activeProfileId } = get();
    const key = `${activeProfileId} ${serverUrl}`;
    if (cachedApi?.key === key) return cachedApi.api;
    const client = createApiClient({
      baseUrl: serverUrl ?? 'http://server.invalid',
      fetch: (input, init) =>
        serverUrl === null
          ? Promise.reject(new TypeError('This connection profile has no server URL'))
          : services.fetch(input, init),
      authorization: () => platform.credentials.authorization(activeProfileId),
      onResponse: (response) => listener.onResponse(response),
      onNetworkError: () => listener.onNetworkError(),
    });
    cachedApi = { key, api: createAdminApi(client) };
    return cachedApi.api;
  }

  return {
    store,
    services,
    queryClient,
    persistence,
    get,
    set: store.setState,
    api,
    activeProfile: () => get().profiles.find((p) => p.id === get().activeProfileId) ?? EMBEDDED_PROFILE,
    cacheKey: (key) => `${get().activeProfileId}|${key}`,
    refresh: () => void queryClient.invalidateQueries({ queryKey: profileQueryKey(get().activeProfileId) }),
    invalidateAfter: (writes) =>
      invalidateAfterWrites(queryClient, persistence, get().activeProfileId, writes),
  };
}
