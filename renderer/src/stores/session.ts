import { ApiError, NetworkError } from '../api/api-error';
import { signInOptionsOf } from '../api/sign-in-options';
import type { Me, User } from '../api/types';
import { tokenKindOf } from '../platform/credentials';
import type { ConsoleCore } from './console-core';
import type { OutboxSync } from './outbox-sync';
import { profileQueryKey } from './server-queries';

/** The last session seen per profile, so the console opens offline as whom it was signed in. */
const sessionKey = (profileId: string) => `session|${profileId}`;

type SavedSession = { user: User | null; method: 'password' | 'token' | 'open' };

export interface SessionControl {
  checkSession(): Promise<void>;
  signInWithPassword(username: string, password: string): Promise<void>;
  signInWithToken(token: string, options?: { keepForTab?: boolean }): Promise<void>;
  signOut(options?: { discardPending?: boolean }): Promise<void>;
  /** Forgets a profile's server data and saved session, in memory and in IndexedDB. */
  forgetServerData(profileId: string): Promise<void>;
}

/** Who the console is signed in as on the active profile's server, and signing in and out. */
export function createSession(core: ConsoleCore, outbox: OutboxSync): SessionControl {
  const { get, set, services } = core;
  const { platform, kv } = services;

  async function signedInAs(me: Me | null, method: SavedSession['method']): Promise<void> {
    const saved: SavedSession = { user: me?.user ?? null, method };
    await kv.put('settings', sessionKey(get().activeProfileId), saved).catch(() => {});
    set({ session: { status: 'signed-in', ...saved } });
  }

  async function forgetServerData(profileId: string): Promise<void> {
    core.queryClient.removeQueries({ queryKey: profileQueryKey(profileId) });
    await core.persistence.remove(profileQueryKey(profileId)).catch(() => {});
    await kv.delete('settings', sessionKey(profileId)).catch(() => {});
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
      const me = await core.api().me();
      await signedInAs(me, hasToken ? 'token' : 'password');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // A server without the identity API (or with authentication switched off) lets everyone in.
        await signedInAs(null, 'open');
      } else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        set({ session: { status: 'signed-out', notice: null, signIn: signInOptionsOf(error) } });
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
    if (get().session.status === 'signed-in' && get().connectivity === 'online') void outbox.replayOutbox();
  }

  async function signInWithPassword(username: string, password: string): Promise<void> {
    await core.api().login(username, password);
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
      await signedInAs(await core.api().me(), 'token');
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
    if (get().connectivity === 'online') void outbox.replayOutbox();
  }

  async function signOut(options: { discardPending?: boolean } = {}): Promise<void> {
    const profileId = get().activeProfileId;
    const pending = outbox.pendingFor(profileId);
    if (pending.length > 0 && !options.discardPending) {
      throw new Error(`${pending.length} edit(s) have not reached the server yet`);
    }
    await core
      .api()
      .logout()
      .catch(() => {});
    await platform.credentials.clear(profileId).catch(() => {});
    await forgetServerData(profileId);
    await outbox.dropProfile(profileId);
    set({ session: { status: 'signed-out', notice: null }, shownFromCache: {} });
  }

  return { checkSession, signInWithPassword, signInWithToken, signOut, forgetServerData };
}
