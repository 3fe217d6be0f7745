import { OidcCallbackQuerySchema, SsoLoginQuerySchema } from '../../../contract';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import { SsoRefusal } from './provisioning';
import { PENDING_LOGIN_TTL_MS } from './sso-login-service';
import {
  desktopOf,
  requireDesktopChallenge,
  SSO_PENDING_COOKIE,
  type SsoRouteContext,
} from './sso-route-context';
import { signInRedirectOptions } from './sso-route-schema';
import { safeRedirectPath } from './sso-rules';

/** The OIDC sign-in: off to the provider, and back (shared/unleash/API.md §6). */
export function registerOidcLoginRoutes(app: App, context: SsoRouteContext): void {
  registerOidcLogin(app, context);
  registerOidcCallback(app, context);
}

function registerOidcLogin(app: App, context: SsoRouteContext): void {
  const { logins, config, base, refused } = context;
  app.get(
    '/auth/oidc/login',
    signInRedirectOptions(context.loginRateLimitPerMinute, 'oidcLogin', SsoLoginQuerySchema),
    async (request, reply) => {
      const desktop = desktopOf(request.query.desktop);
      requireDesktopChallenge(desktop, request.query.desktopChallenge);
      try {
        const redirectUri = `${publicUrlOf(request, config)}/auth/oidc/callback`;
        const started = await logins.startOidc(
          redirectUri,
          safeRedirectPath(request.query.redirect, base),
          desktop,
          request.query.desktopChallenge,
        );
        reply.setCookie(SSO_PENDING_COOKIE, started.cookie, {
          path: context.cookiePath,
          httpOnly: true,
          // Lax: the provider sends the browser back with a top-level GET, which carries it.
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: PENDING_LOGIN_TTL_MS / 1000,
        });
        return reply.redirect(started.url, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) return refused(reply, error.message);
        request.log.warn({ err: error }, 'OpenID Connect discovery failed');
        return refused(reply, 'The identity provider cannot be reached.');
      }
    },
  );
}

function registerOidcCallback(app: App, context: SsoRouteContext): void {
  const { logins, config, refused } = context;
  app.get(
    '/auth/oidc/callback',
    signInRedirectOptions(context.loginRateLimitPerMinute, 'oidcCallback', OidcCallbackQuerySchema),
    async (request, reply) => {
      reply.clearCookie(SSO_PENDING_COOKIE, { path: context.cookiePath });
      const publicBase = new URL(publicUrlOf(request, config));
      const currentUrl = new URL(request.url, publicBase.origin);
      try {
        const done = await logins.finishOidc(request.cookies[SSO_PENDING_COOKIE], currentUrl);
        const origin = { provider: 'oidc' as const, ...(done.idToken ? { idToken: done.idToken } : {}) };
        if (done.pending.desktop) {
          if (!done.pending.desktopChallenge) {
            return refused(reply, 'This desktop sign-in carried no PKCE challenge: start again.');
          }
          const code = await logins.issueDesktopCode(done.userId, done.pending.desktopChallenge, origin);
          const target = new URL(done.pending.desktop);
          target.searchParams.set('code', code);
          return reply.redirect(target.href, 302);
        }
        const session = await logins.openSession(done.userId);
        await logins.rememberSsoSession(session.sessionId, origin);
        context.setSessionCookie(request, reply, session);
        return reply.redirect(done.pending.returnTo, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) return refused(reply, error.message);
        throw error;
      }
    },
  );
}
