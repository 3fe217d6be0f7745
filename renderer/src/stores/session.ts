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
  return {
    checkSession: () => checkSession(core, outbox),
    signInWithPassword: (username, password) => signInWithPassword(core, outbox, username, password),
    signInWithToken: (token, options = {}) => signInWithToken(core, outbox, token, options),
    signOut: (options = {}) => signOut(core, outbox, options),
    forgetServerData: (profileId) => forgetServerData(core, profileId),
  };
}

async function signedInAs(core: ConsoleCore, me: Me | null, method: SavedSession['method']): Promise<void> {
  const saved: SavedSession = { user: me?.user ?? null, method };
  await core.services.kv.put('settings', sessionKey(core.get().activeProfileId), saved).catch(() => {});
  core.set({ session: { status: 'signed-in', ...saved } });
}

async function forgetServerData(core: ConsoleCore, profileId: string): Promise<void> {
  core.queryClient.removeQueries({ queryKey: profileQueryKey(profileId) });
  await core.persistence.remove(profileQueryKey(profileId)).catch(() => {});
  await core.services.kv.delete('settings', sessionKey(profileId)).catch(() => {});
}

async function checkSession(core: ConsoleCore, outbox: OutboxSync): Promise<void> {
  const { get, set, services } = core;
  const { serverUrl, activeProfileId } = get();
  if (serverUrl === null) {
    set({
      session: {
        status: 'signed-out',
        notice:
          services.platform.kind === 'desktop'
            ? 'The embedded server is not running. Its status is shown in the window menu.'
            : 'This page was not served by a Switchyard server. Add a connection to a server to sign in.',
      },
    });
    return;
  }
  const hasToken = await services.platform.credentials.has(activeProfileId).catch(() => false);
  try {
    const me = await core.api().me();
    await signedInAs(core, me, hasToken ? 'token' : 'password');
  } catch (error) {
    await sessionAfterFailedCheck(core, error, serverUrl, activeProfileId);
  }
  if (get().session.status === 'signed-in' && get().connectivity === 'online') void outbox.replayOutbox();
}

/** The session when asking the server who we are failed: open, signed out, or the saved one offline. */
async function sessionAfterFailedCheck(
  core: ConsoleCore,
  error: unknown,
  serverUrl: string,
  profileId: string,
): Promise<void> {
  const { set, services } = core;
  if (error instanceof ApiError && error.status === 404) {
    // A server without the identity API (or with authentication switched off) lets everyone in.
    await signedInAs(core, null, 'open');
  } else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    set({ session: { status: 'signed-out', notice: null, signIn: signInOptionsOf(error) } });
  } else if (error instanceof NetworkError) {
    const saved = await services.kv
      .get<SavedSession>('settings', sessionKey(profileId))
      .catch(() => undefined);
    if (saved) set({ session: { status: 'signed-in', ...saved } });
    else set({ session: { status: 'signed-out', notice: `Cannot reach the server at ${serverUrl}.` } });
  } else {
    set({
      session: { status: 'signed-out', notice: error instanceof Error ? error.message : String(error) },
    });
  }
}

async function signInWithPassword(
  core: ConsoleCore,
  outbox: OutboxSync,
  username: string,
  password: string,
): Promise<void> {
  await core.api().login(username, password);
  await checkSession(core, outbox);
  const session = core.get().session;
  if (session.status !== 'signed-in') {
    throw new ApiError({
      status: 401,
      errorName: 'AuthenticationRequired',
      message:
        'The server accepted the password, but this browser did not keep its session cookie. A remote server must allow this console origin with credentials (CORS), or sign in with a token.',
    });
  }
  core.set({ session: { ...session, method: 'password' } });
}

async function signInWithToken(
  core: ConsoleCore,
  outbox: OutboxSync,
  token: string,
  options: { keepForTab?: boolean },
): Promise<void> {
  const { get, set, services } = core;
  const { platform } = services;
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
    await signedInAs(core, await core.api().me(), 'token');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      await signedInAs(core, null, 'open');
      return;
    }
    await platform.credentials.clear(profileId).catch(() => {});
    set({ session: { status: 'signed-out', notice: null } });
    throw tokenRefusedError(error);
  }
  if (get().connectivity === 'online') void outbox.replayOutbox();
}

/** A 401/403 on a fresh token says so on the token field; any other error passes unchanged. */
function tokenRefusedError(error: unknown): unknown {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return new ApiError({
      status: error.status,
      errorName: error.errorName,
      message: `The server refused this token: ${error.message}`,
      details: [{ path: '/body/token', message: error.message }],
    });
  }
  return error;
}

async function signOut(
  core: ConsoleCore,
  outbox: OutboxSync,
  options: { discardPending?: boolean },
): Promise<void> {
  const profileId = core.get().activeProfileId;
  const pending = outbox.pendingFor(profileId);
  if (pending.length > 0 && !options.discardPending) {
    throw new Error(`${pending.length} edit(s) have not reached the server yet`);
  }
  await core
    .api()
    .logout()
    .catch(() => {});
  await core.services.platform.credentials.clear(profileId).catch(() => {});
  await forgetServerData(core, profileId);
  await outbox.dropProfile(profileId);
  core.set({ session: { status: 'signed-out', notice: null }, shownFromCache: {} });
}
