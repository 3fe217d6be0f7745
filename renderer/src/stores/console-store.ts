import type { QueryClient } from '@tanstack/react-query';
import type { StoreApi } from 'zustand/vanilla';
import type { AdminApi } from '../api/admin-api';
import type { ConflictChoice, ReplayOutcome } from '../offline/outbox';
import { createConnectionProfiles } from './connection-profiles';
import { createConnectivity } from './connectivity';
import {
  type ConnectionProfile,
  type ConsoleCore,
  type ConsoleServices,
  type ConsoleState,
  createConsoleCore,
  type ResponseListener,
} from './console-core';
import type { EditDraft } from './editable-resources';
import { createOutboxSync, type SubmitResult } from './outbox-sync';
import { createSession } from './session';
import type { WriteTarget } from './write-invalidation';

export { normaliseServerUrl } from './connection-profiles';
export type {
  ConnectionProfile,
  Connectivity,
  ConsoleServices,
  ConsoleState,
  ReplayProgress,
  SessionState,
} from './console-core';
export { EMBEDDED_PROFILE } from './console-core';
export type { SubmitResult } from './outbox-sync';

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
  /** Sends an edit now, or queues it; screens use it through `useEditMutation` (use-mutations.ts). */
  sendOrQueue(draft: EditDraft): Promise<SubmitResult>;
  replayOutbox(): Promise<ReplayOutcome | null>;
  resolveConflict(id: string, choice: ConflictChoice): Promise<void>;
  retryEntry(id: string): Promise<void>;
  discardEntry(id: string): Promise<void>;
  /** Marks all of the active profile's server data stale: shown queries fetch again. */
  refresh(): void;
  /** Marks the queries the writes may have changed stale (after a write): only those shown fetch again. */
  invalidateAfter(writes: readonly WriteTarget[]): Promise<void>;
  markShownFromCache(key: string, savedAt: number | null): void;
}

/**
 * The console: its state store wired to the parts that change it (connection profiles,
 * connectivity, session, outbox sync), each in its own module on a shared core.
 */
export function createConsole(services: ConsoleServices): Console {
  // The API client reports every answer here; the parts it notifies are built below.
  const listener: ResponseListener = { onResponse: () => {}, onNetworkError: () => {} };
  const core = createConsoleCore(services, listener);
  const { get, set } = core;
  const outbox = createOutboxSync(core);
  const connectivity = createConnectivity(core, () => void outbox.replayOutbox());
  const session = createSession(core, outbox);
  const profiles = createConnectionProfiles(core, {
    checkSession: session.checkSession,
    forgetServerData: session.forgetServerData,
    stopProbing: connectivity.stopProbing,
  });
  let unsubscribeServer: (() => void) | null = null;

  listener.onNetworkError = connectivity.markOffline;
  listener.onResponse = (response) => {
    connectivity.markOnline();
    endSessionOn401(core, response);
  };

  async function start(): Promise<void> {
    await outbox.load();
    if (await profiles.load()) {
      services.platform.desktop?.reloadConsole();
      return;
    }
    unsubscribeServer = services.platform.onEmbeddedServerChange((url) => {
      if (core.activeProfile().url !== null) return;
      const moved = url !== get().serverUrl;
      set({ serverUrl: url });
      if (moved && url !== null) core.refresh();
      if (url === null) connectivity.markOffline();
      else void connectivity.checkConnection();
    });
    await session.checkSession();
    set({ ready: true });
  }

  return {
    store: core.store,
    services,
    queryClient: core.queryClient,
    session: `${services.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    api: core.api,
    cacheKey: core.cacheKey,
    start,
    stop() {
      connectivity.stopProbing();
      unsubscribeServer?.();
      unsubscribeServer = null;
    },
    checkSession: session.checkSession,
    checkConnection: connectivity.checkConnection,
    signInWithPassword: session.signInWithPassword,
    signInWithToken: session.signInWithToken,
    signOut: session.signOut,
    addProfile: profiles.addProfile,
    removeProfile: profiles.removeProfile,
    switchProfile: profiles.switchProfile,
    sendOrQueue: outbox.sendOrQueue,
    replayOutbox: outbox.replayOutbox,
    resolveConflict: outbox.resolveConflict,
    retryEntry: outbox.retryEntry,
    discardEntry: outbox.discardEntry,
    refresh: core.refresh,
    invalidateAfter: core.invalidateAfter,
    markShownFromCache: (key, savedAt) => markShownFromCache(core, key, savedAt),
  };
}

/** A 401 while signed in (not on an open server) means the server ended the session. */
function endSessionOn401(core: ConsoleCore, response: Response): void {
  const current = core.get().session;
  if (response.status === 401 && current.status === 'signed-in' && current.method !== 'open') {
    core.set({
      session: { status: 'signed-out', notice: 'Your session has ended. Sign in again to continue.' },
    });
  }
}

function markShownFromCache(core: ConsoleCore, key: string, savedAt: number | null): void {
  core.set((state) => {
    const next = { ...state.shownFromCache };
    if (savedAt === null) delete next[key];
    else next[key] = savedAt;
    return { shownFromCache: next };
  });
}
