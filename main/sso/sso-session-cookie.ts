import type { CookiesSetDetails } from 'electron';
import { SESSION_COOKIE } from '../../server/contract';
import type { SecretStore } from '../secrets/secret-store';
import { type StoredSsoSession, storedSsoSession } from './desktop-sign-in';

/** The part of Electron's `session.cookies` used here. */
export interface CookieJarLike {
  set(details: CookiesSetDetails): Promise<void>;
}

/**
 * The console's requests carry the session like a browser's would: the server's own session
 * cookie, set in the window's cookie jar by main. It is a session cookie (no expiry date), so
 * Chromium never writes it to disk: at rest the token lives only in the keychain, and main sets
 * it again at the next start while the server's session lasts.
 */
export function ssoSessionCookie(serverUrl: string, session: StoredSsoSession): CookiesSetDetails {
  const url = new URL(serverUrl);
  return {
    url: url.href,
    name: SESSION_COOKIE,
    value: session.token,
    path: url.pathname.replace(/\/+$/, '') || '/',
    httpOnly: true,
    secure: url.protocol === 'https:',
    sameSite: 'lax',
  };
}

export async function applySsoSession(
  cookies: CookieJarLike,
  serverUrl: string,
  session: StoredSsoSession,
): Promise<void> {
  await cookies.set(ssoSessionCookie(serverUrl, session));
}

/** At start: puts back each profile's stored, unexpired session; expired ones leave the keychain. */
export async function restoreSsoSessions(
  secrets: Pick<SecretStore, 'get' | 'delete'>,
  cookies: CookieJarLike,
  servers: readonly { profile: string; serverUrl: string }[],
  log?: (message: string, error?: unknown) => void,
): Promise<number> {
  let restored = 0;
  for (const { profile, serverUrl } of servers) {
    try {
      const session = await storedSsoSession(secrets, profile);
      if (session === null) continue;
      await applySsoSession(cookies, serverUrl, session);
      restored += 1;
    } catch (error) {
      log?.(`could not restore the single sign-on session of profile ${profile}`, error);
    }
  }
  return restored;
}
