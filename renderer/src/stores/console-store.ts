import type { QueryClient } from '@tanstack/react-query';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type AdminApi, createAdminApi } from '../api/admin-api';
import { ApiError, NetworkError } from '../api/api-error';
import { createApiClient } from '../api/client';
import type { Me, User } from '../api/types';
import type { KeyValueStore } from '../offline/kv-store';
import {
  type ConflictChoice,
  discardEntry,
  type Edit,
  enqueue,
  type Failure,
  type OutboxEntry,
  type ReplayOutcome,
  replay,
  resolveConflict,
  retryEntry,
  sortedEntries,
} from '../offline/outbox';
import { createQueryPersistence, createQueryStorage } from '../offline/query-persistence';
import { tokenKindOf } from '../platform/credentials';
import type { Platform } from '../platform/platform';
import { registerProfileServer } from '../platform/server-registration';
import { type EditDraft, RESOURCE_READERS } from './editable-resources';
import { createServerQueryClient, isPersistedQueryKey, profileQueryKey } from './server-queries';

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
  | { status: 'signed-out'; notice: string | null }
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
}

export type SubmitResult = 'applied' | 'queued';

export interface Console {
  store: StoreApi<ConsoleState>;
  services: ConsoleServices;
  /** Server state: every screen's queries, persisted to the key-value store's `cache` bucket. */
  queryClient: QueryClient;
  /** This page session's id: answers saved under another one were restored from IndexedDB. */
  session: string;
  api(): AdminApi;
  /** The cache key for a query of the active profile. */
  cacheKey(key: string): string;
  start(): Promise<void>;
  stop(): void;
  checkSession(): Promise<void>;
  checkConnection(): Promise<boolean>;
  signInWithPassword(username: string, password: string): Promise<void>;
  signInWithToken(token: string, options?: { keepForTab?: boolean }): Promise<void>;
  signOut(options?: { discardPending?: boolean }): Promise<void>;
  addProfile(name: string, url: string): Promise<ConnectionProfile>;
  removeProfile(id: string): Promise<void>;
  switchProfile(id: string): Promise<void>;
  /** Sends an edit now, or queues it when the server is unreachable or earlier edits still wait. */
  submitEdit(draft: EditDraft): Promise<SubmitResult>;
  replayOutbox(): Promise<ReplayOutcome | null>;
  resolveConflict(id: string, choice: ConflictChoice): Promise<void>;
  retryEntry(id: string): Promise<void>;
  discardEntry(id: string): Promise<void>;
  /** Marks the active profile's server data stale: shown queries fetch again (after a write). */
  refresh(): void;
  markShownFromCache(key: string, savedAt: number | null): void;
}

const SETTINGS_PROFILES = 'profiles';
const SETTINGS_ACTIVE = 'active-profile';
/** The last session seen per profile, so the console opens offline as whom it was signed in. */
const sessionKey = (profileId: string) => `session|${profileId}`;

type SavedSession = { user: User | null; method: 'password' | 'token' | 'open' };

/** Remote profile URLs: http(s) only, no credentials, no query or fragment; trailing slashes dropped. */
export function normaliseServerUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ApiError({
      status: 400,
      errorName: 'BadDataError',
      message: 'Enter a full URL such as https://flags.example.com',
      details: [{ path: '/body/url', message: 'Enter a full URL such as https://flags.example.com' }],
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiError({
      status: 400,
      errorName: 'BadDataError',
      message: 'The URL must start with http:// or https://',
      details: [{ path: '/body/url', message: 'The URL must start with http:// or https://' }],
    });
  }
  if (url.username || url.password) {
    throw new ApiError({
      status: 400,
      errorName: 'BadDataError',
      message: 'Put credentials in the sign-in form, not in the URL',
      details: [{ path: '/body/url', message: 'Put credentials in the sign-in form, not in the URL' }],
    });
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function classify(error: unknown): Failure {
  if (error instanceof NetworkError) return { type: 'network' };
  if (error instanceof ApiError) {
    if (error.status === 401) return { type: 'unauthorized' };
    return {
      type: 'rejected',
      error: { name: error.errorName, message: error.message, details: error.details },
    };
  }
  return {
    type: 'rejected',
    error: {
      name: 'InternalError',
      message: error instanceof Error ? error.message : String(error),
      details: [],
    },
  };
}

export function createConsole(services: ConsoleServices): Console {
  const { platform, kv } = services;
  const persistence = createQueryPersistence(createQueryStorage(kv), isPersistedQueryKey);
  const queryClient = createServerQueryClient(persistence);
  const session = `${services.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
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
  const set = store.setState;

  let probeTimer: number | null = null;
  let unsubscribeServer: (() => void) | null = null;
  let replaying: Promise<ReplayOutcome | null> | null = null;
  let cachedApi: { key: string; api: AdminApi } | null = null;

  const activeProfile = () => get().profiles.find((p) => p.id === get().activeProfileId) ?? EMBEDDED_PROFILE;
  const cacheKey = (key: string) => `${get().activeProfileId}|${key}`;
  const nowIso = () => new Date(services.now()).toISOString();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: profileQueryKey(get().activeProfileId) });

  /** Forgets a profile's server data, in memory and in IndexedDB. */
  async function forgetServerData(profileId: string): Promise<void> {
    queryClient.removeQueries({ queryKey: profileQueryKey(profileId) });
    await persistence.remove(profileQueryKey(profileId)).catch(() => {});
    await kv.delete('settings', sessionKey(profileId)).catch(() => {});
  }

  function markOnline(): void {
    const wasOffline = get().connectivity === 'offline';
    set({ connectivity: 'online', lastContactAt: services.now() });
    stopProbing();
    if (wasOffline) {
      refresh();
      void replayOutbox();
    }
  }

  function markOffline(): void {
    if (get().connectivity !== 'offline') set({ connectivity: 'offline' });
    startProbing();
  }

  function onResponse(response: Response): void {
    markOnline();
    const session = get().session;
    if (response.status === 401 && session.status === 'signed-in' && session.method !== 'open') {
      set({
        session: { status: 'signed-out', notice: 'Your session has ended. Sign in again to continue.' },
      });
    }
  }

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
      onResponse,
      onNetworkError: markOffline,
    });
    cachedApi = { key, api: createAdminApi(client) };
    return cachedApi.api;
  }

  function startProbing(): void {
    if (probeTimer !== null || !services.timers) return;
    probeTimer = services.timers.setInterval(() => void checkConnection(), services.probeIntervalMs ?? 5000);
  }

  function stopProbing(): void {
    if (probeTimer === null || !services.timers) return;
    services.timers.clearInterval(probeTimer);
    probeTimer = null;
  }

  /** Asks /health (no credentials needed); any answer means the server is reachable. */
  async function checkConnection(): Promise<boolean> {
    const { serverUrl } = get();
    if (serverUrl === null) {
      markOffline();
      return false;
    }
    try {
      await services.fetch(`${serverUrl}/health`, { cache: 'no-store', credentials: 'omit' });
      markOnline();
      return true;
    } catch {
      markOffline();
      return false;
    }
  }

  async function resolveServerUrl(): Promise<void> {
    const profile = activeProfile();
    let url: string | null = profile.url;
    if (url === null) {
      try {
        url = await platform.embeddedServerUrl();
      } catch {
        url = null;
      }
    }
    set({ serverUrl: url });
  }

  async function persistProfiles(): Promise<void> {
    await kv.put(
      'settings',
      SETTINGS_PROFILES,
      get().profiles.filter((p) => p.id !== EMBEDDED_PROFILE.id),
    );
    await kv.put('settings', SETTINGS_ACTIVE, get().activeProfileId);
  }

  async function commitOutbox(next: OutboxEntry[]): Promise<void> {
    const previous = get().outbox;
    set({ outbox: sortedEntries(next) });
    const keep = new Set(next.map((entry) => entry.id));
    for (const entry of previous) if (!keep.has(entry.id)) await kv.delete('outbox', entry.id);
    for (const entry of next) await kv.put('outbox', entry.id, entry);
  }

  async function signedInAs(me: Me | null, method: 'password' | 'token' | 'open'): Promise<void> {
    const saved: SavedSession = { user: me?.user ?? null, method };
    await kv.put('settings', sessionKey(get().activeProfileId), saved).catch(() => {});
    set({ session: { status: 'signed-in', ...saved } });
  }

  async function checkSession(): Promise<void> {
    const { serverUrl, activeProfileId } = get();
    if (serverUrl === null) {
      set({
        session: {
          status: 'signed-out',
          notice:
            platform.kind === 'desktop'
              ? 'The embedded server is not running. Its status is shown in the window menu.'
              : 'This page was not served by a Switchyard server. Add a connection to a server to sign in.',
        },
      });
      return;
    }
    const hasToken = await platform.credentials.has(activeProfileId).catch(() => false);
    try {
      const me = await api().me();
      await signedInAs(me, hasToken ? 'token' : 'password');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // A server without the identity API (or with authentication switched off) lets everyone in.
        await signedInAs(null, 'open');
      } else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        set({ session: { status: 'signed-out', notice: null } });
      } else if (error instanceof NetworkError) {
        const saved = await kv
          .get<SavedSession>('settings', sessionKey(activeProfileId))
          .catch(() => undefined);
        if (saved) set({ session: { status: 'signed-in', ...saved } });
        else set({ session: { status: 'signed-out', notice: `Cannot reach the server at ${serverUrl}.` } });
      } else {
        set({
          session: { status: 'signed-out', notice: error instanceof Error ? error.message : String(error) },
        });
      }
    }
    if (get().session.status === 'signed-in' && get().connectivity === 'online') void replayOutbox();
  }

  async function start(): Promise<void> {
    const savedProfiles = (await kv.get<ConnectionProfile[]>('settings', SETTINGS_PROFILES)) ?? [];
    const savedActive = await kv.get<string>('settings', SETTINGS_ACTIVE);
    const profiles = [EMBEDDED_PROFILE, ...savedProfiles.filter((p) => p.id !== EMBEDDED_PROFILE.id)];
    const activeProfileId = profiles.some((p) => p.id === savedActive) ? savedActive! : EMBEDDED_PROFILE.id;
    const outbox = sortedEntries((await kv.entries<OutboxEntry>('outbox')).map(([, entry]) => entry));
    set({ profiles, activeProfileId, outbox });
    if (await reRegisterRemoteServers(profiles, activeProfileId)) {
      platform.desktop?.reloadConsole();
      return;
    }
    await resolveServerUrl();
    unsubscribeServer = platform.onEmbeddedServerChange((url) => {
      if (activeProfile().url !== null) return;
      const moved = url !== get().serverUrl;
      set({ serverUrl: url });
      if (moved && url !== null) refresh();
      if (url === null) markOffline();
      else void checkConnection();
    });
    await checkSession();
    set({ ready: true });
  }

  /**
   * The desktop app's main keeps remote servers' origins in its own settings; if that file was lost
   * (or the console's profiles came from elsewhere), tell main again. True when the active
   * profile's server was unknown to main, so this page's CSP does not allow it yet.
   */
  async function reRegisterRemoteServers(profiles: ConnectionProfile[], activeId: string): Promise<boolean> {
    if (!platform.desktop) return false;
    let activeNeedsReload = false;
    for (const profile of profiles) {
      if (profile.url === null) continue;
      const reloadRequired = await registerProfileServer(platform, profile.id, profile.url).catch(
        () => false,
      );
      if (reloadRequired && profile.id === activeId) activeNeedsReload = true;
    }
    return activeNeedsReload;
  }

  function stop(): void {
    stopProbing();
    unsubscribeServer?.();
    unsubscribeServer = null;
  }

  async function signInWithPassword(username: string, password: string): Promise<void> {
    await api().login(username, password);
    await checkSession();
    const session = get().session;
    if (session.status !== 'signed-in') {
      throw new ApiError({
        status: 401,
        errorName: 'AuthenticationRequired',
        message:
          'The server accepted the password, but this browser did not keep its session cookie. A remote server must allow this console origin with credentials (CORS), or sign in with a token.',
      });
    }
    set({ session: { ...session, method: 'password' } });
  }

  async function signInWithToken(token: string, options: { keepForTab?: boolean } = {}): Promise<void> {
    const value = token.trim();
    if (!value) {
      throw new ApiError({
        status: 400,
        errorName: 'BadDataError',
        message: 'Paste an admin token or a personal access token',
        details: [{ path: '/body/token', message: 'Paste an admin token or a personal access token' }],
      });
    }
    const profileId = get().activeProfileId;
    await platform.credentials.store(profileId, tokenKindOf(value), value, options);
    try {
      await signedInAs(await api().me(), 'token');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        await signedInAs(null, 'open');
        return;
      }
      await platform.credentials.clear(profileId).catch(() => {});
      set({ session: { status: 'signed-out', notice: null } });
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        throw new ApiError({
          status: error.status,
          errorName: error.errorName,
          message: `The server refused this token: ${error.message}`,
          details: [{ path: '/body/token', message: error.message }],
        });
      }
      throw error;
    }
    if (get().connectivity === 'online') void replayOutbox();
  }

  async function signOut(options: { discardPending?: boolean } = {}): Promise<void> {
    const profileId = get().activeProfileId;
    const pending = get().outbox.filter((entry) => entry.profileId === profileId);
    if (pending.length > 0 && !options.discardPending) {
      throw new Error(`${pending.length} edit(s) have not reached the server yet`);
    }
    await api()
      .logout()
      .catch(() => {});
    await platform.credentials.clear(profileId).catch(() => {});
    await forgetServerData(profileId);
    await commitOutbox(get().outbox.filter((entry) => entry.profileId !== profileId));
    set({ session: { status: 'signed-out', notice: null }, shownFromCache: {} });
  }

  async function addProfile(name: string, url: string): Promise<ConnectionProfile> {
    const normalised = normaliseServerUrl(url);
    const trimmed = name.trim();
    if (!trimmed) {
      throw new ApiError({
        status: 400,
        errorName: 'BadDataError',
        message: 'Give the connection a name',
        details: [{ path: '/body/name', message: 'Give the connection a name' }],
      });
    }
    const id = `remote-${services
      .newId()
      .replace(/[^a-z0-9]/gi, '')
      .slice(0, 12)
      .toLowerCase()}`;
    const profile: ConnectionProfile = { id, name: trimmed, url: normalised };
    const reloadRequired = await registerProfileServer(platform, id, normalised);
    set((state) => ({ profiles: [...state.profiles, profile] }));
    await persistProfiles();
    // The page keeps the CSP it loaded with; the saved profile survives the reload.
    if (reloadRequired) platform.desktop?.reloadConsole();
    return profile;
  }

  async function removeProfile(id: string): Promise<void> {
    if (id === EMBEDDED_PROFILE.id) return;
    await platform.credentials.clear(id).catch(() => {});
    await platform.desktop?.unregisterServerOrigin(id).catch(() => {});
    await forgetServerData(id);
    const wasActive = get().activeProfileId === id;
    set((state) => ({ profiles: state.profiles.filter((p) => p.id !== id) }));
    if (wasActive) await switchProfile(EMBEDDED_PROFILE.id);
    else await persistProfiles();
  }

  async function switchProfile(id: string): Promise<void> {
    if (!get().profiles.some((p) => p.id === id)) return;
    stopProbing();
    set({
      activeProfileId: id,
      connectivity: 'unknown',
      session: { status: 'checking' },
      shownFromCache: {},
    });
    await persistProfiles();
    await resolveServerUrl();
    await checkSession();
  }

  async function send(entry: Pick<Edit, 'request'>): Promise<void> {
    const { method, path, body } = entry.request;
    await api().client.request(method, path, body === undefined ? {} : { body });
  }

  async function submitEdit(draft: EditDraft): Promise<SubmitResult> {
    const profileId = get().activeProfileId;
    const edit: Edit = { ...draft, profileId };
    const waiting = hasQueued(profileId);
    if (get().connectivity !== 'offline' && !waiting) {
      try {
        await send(edit);
        refresh();
        return 'applied';
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
      }
    }
    const { entries } = enqueue(get().outbox, edit, { id: services.newId(), now: nowIso() });
    await commitOutbox(entries);
    if (get().connectivity === 'online') void replayOutbox();
    return 'queued';
  }

  function hasQueued(profileId: string): boolean {
    return get().outbox.some((entry) => entry.profileId === profileId);
  }

  async function runReplay(profileId: string): Promise<ReplayOutcome | null> {
    set((state) => ({ replay: { ...state.replay, running: true, position: 0, count: 0 } }));
    let outcome: ReplayOutcome | null = null;
    try {
      // Edits queued while a run is under way are picked up by the next round.
      do {
        const result = await replay(get().outbox, profileId, {
          readCurrent: (entry) => {
            const reader = RESOURCE_READERS[entry.kind];
            if (!reader) throw new Error(`This console version cannot replay edits of kind "${entry.kind}"`);
            return reader(api(), entry.target);
          },
          send,
          classify,
          commit: commitOutbox,
          now: nowIso,
          onProgress: (_entry, position, count) =>
            set((state) => ({ replay: { ...state.replay, position, count } })),
        });
        outcome = result.outcome;
        if (result.applied.length > 0 || result.alreadyApplied.length > 0) refresh();
      } while (outcome === 'done' && hasQueued(profileId) && get().activeProfileId === profileId);
    } finally {
      set((state) => ({ replay: { ...state.replay, running: false, lastOutcome: outcome } }));
    }
    return outcome;
  }

  /** Replays the active profile's queue once signed in and online; concurrent calls share one run. */
  function replayOutbox(): Promise<ReplayOutcome | null> {
    if (replaying) return replaying;
    const profileId = get().activeProfileId;
    if (get().session.status !== 'signed-in' || !hasQueued(profileId)) return Promise.resolve(null);
    const run = runReplay(profileId).finally(() => {
      replaying = null;
    });
    replaying = run;
    return run;
  }

  async function resolve(id: string, choice: ConflictChoice): Promise<void> {
    const { entries } = resolveConflict(get().outbox, id, choice);
    await commitOutbox(entries);
    if (choice === 'server') refresh();
    await replayOutbox();
  }

  return {
    store,
    services,
    queryClient,
    session,
    api,
    cacheKey,
    start,
    stop,
    checkSession,
    checkConnection,
    signInWithPassword,
    signInWithToken,
    signOut,
    addProfile,
    removeProfile,
    switchProfile,
    submitEdit,
    replayOutbox,
    resolveConflict: resolve,
    async retryEntry(id) {
      await commitOutbox(retryEntry(get().outbox, id));
      await replayOutbox();
    },
    async discardEntry(id) {
      await commitOutbox(discardEntry(get().outbox, id));
      refresh();
      await replayOutbox();
    },
    refresh,
    markShownFromCache(key, savedAt) {
      set((state) => {
        const next = { ...state.shownFromCache };
        if (savedAt === null) delete next[key];
        else next[key] = savedAt;
        return { shownFromCache: next };
      });
    },
  };
}
