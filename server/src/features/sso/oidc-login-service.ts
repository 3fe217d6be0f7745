import { randomBytes } from 'node:crypto';
import type { OidcClient, PendingOidcLogin } from './oidc-client';
import { SsoRefusal } from './provisioning';
import { PENDING_LOGIN_TTL_MS, type SsoLoginContext } from './sso-login-context';
import { groupsFromClaim, valueAtPath } from './sso-rules';
import { hashKey, putTransient, takeTransient } from './sso-store';

/** The OpenID Connect sign-in: the pending login kept under a random cookie, then the callback. */
export function createOidcLogins(context: SsoLoginContext) {
  const { db, deps } = context;
  return {
    async startOidc(
      redirectUri: string,
      returnTo: string,
      desktop: string | undefined,
      desktopChallenge?: string,
    ) {
      const settings = await deps.settings.oidcRuntime();
      if (!settings) throw new SsoRefusal('OpenID Connect sign-in is not enabled.');
      const started = await deps.oidc.start(settings, redirectUri, returnTo, desktop);
      const pending: PendingOidcLogin = {
        ...started.pending,
        ...(desktop && desktopChallenge ? { desktopChallenge } : {}),
      };
      const { url } = started;
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
      const userId = await context.complete(
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
  };
}
