import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { createSession } from '../auth';
import type { UserService } from '../users';
import type { OidcClient, PendingOidcLogin } from './oidc-client';
import { type Provisioning, SsoRefusal } from './provisioning';
import { groupsFromClaim, valueAtPath } from './sso-rules';
import type { SsoSettingsService } from './sso-settings-service';
import { hashKey, putTransient, takeTransient } from './sso-store';

/** A pending login lives as long as someone may take to sign in at the provider. */
export const PENDING_LOGIN_TTL_MS = 10 * 60 * 1000;
/** RFC 8252 hand-over: the desktop app exchanges its code at once. */
export const DESKTOP_CODE_TTL_MS = 60 * 1000;

export interface SsoLoginEvent {
  userId: number;
  provider: 'oidc' | 'saml';
  created: boolean;
}

export interface SsoSession {
  sessionId: string;
  expiresAt: Date;
  userId: number;
}

/**
 * The end of every single sign-on: provisioning, the session (the same `unleash-session` the
 * password login makes), `onSsoLogin`, and for the desktop app a one-time code instead of a cookie.
 */
export function createSsoLoginService(
  db: Db,
  deps: {
    settings: SsoSettingsService;
    provisioning: Provisioning;
    oidc: OidcClient;
    users: UserService;
    sessionTtlMs: number;
    logger: Logger;
    /** Told after each successful single sign-on (login history is wired here). */
    onSsoLogin: (event: SsoLoginEvent) => Promise<void>;
  },
) {
  async function openSession(userId: number): Promise<SsoSession> {
    const session = await createSession(db, userId, deps.sessionTtlMs);
    return { sessionId: session.id, expiresAt: session.expiresAt, userId };
  }

  async function complete(
    provider: 'oidc' | 'saml',
    identity: { email: string | undefined; name: string | undefined; groups: string[] | undefined },
    policy: Parameters<Provisioning['provision']>[1],
  ): Promise<number> {
    const { userId, created } = await deps.provisioning.provision({ provider, ...identity }, policy);
    await deps.users.recordSuccessfulLogin(db, userId);
    await deps.onSsoLogin({ userId, provider, created });
    return userId;
  }

  return {
    openSession,
    complete,

    async startOidc(redirectUri: string, returnTo: string, desktop: string | undefined) {
      const settings = await deps.settings.oidcRuntime();
      if (!settings) throw new SsoRefusal('OpenID Connect sign-in is not enabled.');
      const { url, pending } = await deps.oidc.start(settings, redirectUri, returnTo, desktop);
      const cookie = randomBytes(32).toString('base64url');
      await putTransient(db, 'oidc-login', hashKey(cookie), pending, PENDING_LOGIN_TTL_MS);
      return { url, cookie };
    },

    /** Validates the callback and signs the user in; the pending login is used up either way. */
    async finishOidc(cookie: string | undefined, currentUrl: URL) {
      const pending = cookie
        ? ((await takeTransient(db, 'oidc-login', hashKey(cookie))) as PendingOidcLogin | undefined)
        : undefined;
      if (!pending) throw new SsoRefusal('This sign-in has expired or was already used: start again.');
      const settings = await deps.settings.oidcRuntime();
      if (!settings) throw new SsoRefusal('OpenID Connect sign-in is not enabled.');
      let result: Awaited<ReturnType<OidcClient['finish']>>;
      try {
        result = await deps.oidc.finish(settings, pending, currentUrl);
      } catch (error) {
        deps.logger.warn({ err: error }, 'OpenID Connect sign-in refused');
        throw new SsoRefusal('The identity provider’s answer could not be verified.');
      }
      const { claims } = result;
      const userId = await complete(
        'oidc',
        {
          email: typeof claims.email === 'string' ? claims.email : undefined,
          name: typeof claims.name === 'string' ? claims.name : undefined,
          groups: groupsFromClaim(valueAtPath(claims, settings.groupJsonPath || 'groups')),
        },
        settings,
      );
      return { userId, pending, idToken: result.idToken };
    },

    /** Keeps the ID token beside the session, for single sign-out. */
    async rememberIdToken(sessionId: string, idToken: string) {
      await putTransient(db, 'oidc-session', hashKey(sessionId), { idToken }, deps.sessionTtlMs);
    },

    /** Where the provider ends its session too, when single sign-out is on. */
    async singleSignOutUrl(sessionId: string, postLogoutRedirectUri: string): Promise<string | undefined> {
      const remembered = (await takeTransient(db, 'oidc-session', hashKey(sessionId))) as
        | { idToken?: string }
        | undefined;
      if (!remembered?.idToken) return undefined;
      const settings = await deps.settings.oidcRuntime();
      if (!settings?.enableSingleSignOut) return undefined;
      return deps.oidc
        .endSessionUrl(settings, remembered.idToken, postLogoutRedirectUri)
        .catch(() => undefined);
    },

    async issueDesktopCode(userId: number): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      await putTransient(db, 'desktop-code', hashKey(code), { userId }, DESKTOP_CODE_TTL_MS);
      return code;
    },

    /** One use, within a minute: the desktop app's code becomes a session token for its keychain. */
    async redeemDesktopCode(code: string): Promise<SsoSession | undefined> {
      const payload = (await takeTransient(db, 'desktop-code', hashKey(code))) as
        | { userId?: number }
        | undefined;
      if (!payload?.userId) return undefined;
      return openSession(payload.userId);
    },
  };
}
export type SsoLoginService = ReturnType<typeof createSsoLoginService>;
