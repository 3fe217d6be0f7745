import type { IpcRequest, IpcResponse } from '../../server/contract';
import { SafeIpcError } from '../ipc/ipc-errors';
import type { SecretStore } from '../secrets/secret-store';
import { type DesktopSignInOptions, signInWithBrowser } from './desktop-sign-in';
import { applySsoSession, type CookieJarLike } from './sso-session-cookie';

type Channel = 'switchyard:auth:sign-in-with-browser';

export interface BrowserSignInHandlerOptions {
  /** The server base URL of a profile: the embedded server's, or a registered remote origin. */
  serverUrlOf: (profile: string) => string | undefined;
  openExternal: (url: string) => Promise<void>;
  secrets: Pick<SecretStore, 'set'>;
  /** The console window's cookie jar (`session.cookies`). */
  cookies: CookieJarLike;
  /** After the session is in place, e.g. bring the window back to the front. */
  onSignedIn?: (profile: string) => void;
  timeoutMs?: number;
  fetch?: DesktopSignInOptions['fetch'];
  log?: (message: string, error?: unknown) => void;
}

/**
 * The IPC handler of `switchyard:auth:sign-in-with-browser`: one browser sign-in at a time (a new
 * request cancels the one waiting), and the console gets the session as a cookie, never the token.
 */
export function createBrowserSignInHandler(options: BrowserSignInHandlerOptions) {
  let pending: AbortController | null = null;
  return async ({ profile, method }: IpcRequest<Channel>): Promise<IpcResponse<Channel>> => {
    const serverUrl = options.serverUrlOf(profile);
    if (serverUrl === undefined) {
      throw new SafeIpcError('ValidationError', 'Unknown server profile.', { field: 'profile' });
    }
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    try {
      const session = await signInWithBrowser({
        serverUrl,
        method,
        profile,
        openExternal: options.openExternal,
        secrets: options.secrets,
        signal: controller.signal,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
        ...(options.log === undefined ? {} : { log: options.log }),
      });
      await applySsoSession(options.cookies, serverUrl, session);
      options.onSignedIn?.(profile);
      return { signedIn: true, expiresAt: session.expiresAt };
    } finally {
      if (pending === controller) pending = null;
    }
  };
}
