import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  DesktopTokenRequestSchema,
  DesktopTokenResponseSchema,
  errorResponses,
  OidcCallbackQuerySchema,
  OidcSettingsSchema,
  SamlCallbackBodySchema,
  SamlSettingsSchema,
  SESSION_COOKIE,
  SsoLoginQuerySchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import { perMinute, registerRouteRateLimits } from '../../http/rate-limit';
import { actorOf } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { SsoRefusal } from './provisioning';
import { registerSamlLogoutRoutes } from './saml-logout-routes';
import { samlEndpointsOf } from './saml-sp';
import type { SsoLoginService } from './sso-login-service';
import { PENDING_LOGIN_TTL_MS } from './sso-login-service';
import { redirectResponse, SAML_BODY_LIMIT_BYTES, tags } from './sso-route-schema';
import { isLoopbackRedirect, safeRedirectPath } from './sso-rules';
import type { SsoSettingsService } from './sso-settings-service';

/** Holds the random key of a pending OIDC login (its state lives in the database). */
export const SSO_PENDING_COOKIE = 'switchyard-sso';

export interface SsoRouteOptions {
  settings: SsoSettingsService;
  logins: SsoLoginService;
  config: { publicUrl: string | null; baseUriPath: string; trustProxy?: boolean | number | string[] };
  loginRateLimitPerMinute: number;
}

/** RFC 8252: the desktop app's redirect must be a loopback URL; anything else is refused. */
function desktopOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (isLoopbackRedirect(value)) return value;
  throw new ApiError(
    'BadDataError',
    'desktop must be a loopback URL such as http://127.0.0.1:<port>/callback',
    {
      details: [{ message: 'desktop must be a loopback http URL (RFC 8252)', path: 'desktop' }],
    },
  );
}

/**
 * A desktop sign-in must be PKCE-bound (RFC 7636): without `desktopChallenge`, whoever sees the
 * loopback redirect's code could redeem it.
 */
function requireDesktopChallenge(desktop: string | undefined, challenge: string | undefined): void {
  if (desktop === undefined || challenge !== undefined) return;
  throw new ApiError('BadDataError', 'desktopChallenge is required with desktop (RFC 7636 S256)', {
    details: [
      { message: 'desktopChallenge is required with desktop (RFC 7636 S256)', path: 'desktopChallenge' },
    ],
  });
}

/** RelayState comes back from the IdP untrusted: only its two known string fields are read. */
function parseRelayState(value: string | undefined): { r?: string; d?: string; c?: string } {
  try {
    const parsed: unknown = JSON.parse(value ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const { r, d, c } = parsed as Record<string, unknown>;
    return {
      ...(typeof r === 'string' ? { r } : {}),
      ...(typeof d === 'string' ? { d } : {}),
      ...(typeof c === 'string' && /^[A-Za-z0-9_-]{43}$/.test(c) ? { c } : {}),
    };
  } catch {
    return {};
  }
}
const admin = { permission: 'ADMIN' as const };

/** Admin settings of OIDC and SAML, and the OIDC sign-in (shared/unleash/API.md §6, §10.6). */
export async function ssoRoutes(app: App, options: SsoRouteOptions) {
  const { settings, logins, config } = options;
  const base = config.baseUriPath;
  const cookiePath = `${base}/auth/`;
  await registerRouteRateLimits(app);
  // Only this plugin's routes read forms: the SAML callback (encapsulated, so JSON stays the rule).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: SAML_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
  );

  /** Where the browser goes when a sign-in is refused: the sign-in screen shows the reason. */
  const refused = (reply: FastifyReply, message: string) =>
    reply.redirect(`${base}/login?errorMsg=${encodeURIComponent(message)}`, 302);

  function setSessionCookie(
    request: FastifyRequest,
    reply: FastifyReply,
    session: { sessionId: string; expiresAt: Date },
  ) {
    reply.setCookie(SESSION_COOKIE, session.sessionId, {
      path: base || '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      expires: session.expiresAt,
    });
  }

  app.get(
    '/api/admin/auth/oidc/settings',
    {
      config: admin,
      schema: {
        operationId: 'getOidcSettings',
        tags,
        response: { 200: OidcSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    () => settings.getOidc(),
  );

  app.post(
    '/api/admin/auth/oidc/settings',
    {
      config: admin,
      schema: {
        operationId: 'setOidcSettings',
        tags,
        body: OidcSettingsSchema,
        response: { 200: OidcSettingsSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    (request) => settings.setOidc(request.body, actorOf(request.caller)),
  );

  app.get(
    '/api/admin/auth/saml/settings',
    {
      config: admin,
      schema: {
        operationId: 'getSamlSettings',
        tags,
        response: { 200: SamlSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    () => settings.getSaml(),
  );

  app.post(
    '/api/admin/auth/saml/settings',
    {
      config: admin,
      schema: {
        operationId: 'setSamlSettings',
        tags,
        body: SamlSettingsSchema,
        response: { 200: SamlSettingsSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    (request) => settings.setSaml(request.body, actorOf(request.caller)),
  );

  app.get(
    '/auth/oidc/login',
    {
      config: { permission: 'NONE', rateLimit: perMinute(options.loginRateLimitPerMinute) },
      schema: {
        operationId: 'oidcLogin',
        tags,
        querystring: SsoLoginQuerySchema,
        response: { ...redirectResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const desktop = request.query.desktop;
      if (desktop !== undefined && !isLoopbackRedirect(desktop)) {
        throw new ApiError(
          'BadDataError',
          'desktop must be a loopback URL such as http://127.0.0.1:<port>/callback',
          {
            details: [{ message: 'desktop must be a loopback http URL (RFC 8252)', path: 'desktop' }],
          },
        );
      }
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
          path: cookiePath,
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

  app.get(
    '/auth/oidc/callback',
    {
      config: { permission: 'NONE', rateLimit: perMinute(options.loginRateLimitPerMinute) },
      schema: {
        operationId: 'oidcCallback',
        tags,
        querystring: OidcCallbackQuerySchema,
        response: { ...redirectResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.clearCookie(SSO_PENDING_COOKIE, { path: cookiePath });
      const publicBase = new URL(publicUrlOf(request, config));
      const currentUrl = new URL(request.url, publicBase.origin);
      try {
        const done = await logins.finishOidc(request.cookies[SSO_PENDING_COOKIE], currentUrl);
        if (done.pending.desktop) {
          if (!done.pending.desktopChallenge) {
            return refused(reply, 'This desktop sign-in carried no PKCE challenge: start again.');
          }
          const code = await logins.issueDesktopCode(done.userId, done.pending.desktopChallenge, {
            provider: 'oidc',
            ...(done.idToken ? { idToken: done.idToken } : {}),
          });
          const target = new URL(done.pending.desktop);
          target.searchParams.set('code', code);
          return reply.redirect(target.href, 302);
        }
        const session = await logins.openSession(done.userId);
        await logins.rememberSsoSession(session.sessionId, {
          provider: 'oidc',
          ...(done.idToken ? { idToken: done.idToken } : {}),
        });
        setSessionCookie(request, reply, session);
        return reply.redirect(done.pending.returnTo, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) return refused(reply, error.message);
        throw error;
      }
    },
  );

  const samlEndpoints = (request: FastifyRequest) => samlEndpointsOf(publicUrlOf(request, config));

  app.get(
    '/auth/saml/login',
    {
      config: { permission: 'NONE', rateLimit: perMinute(options.loginRateLimitPerMinute) },
      schema: {
        operationId: 'samlLogin',
        tags,
        querystring: SsoLoginQuerySchema,
        response: { ...redirectResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const desktop = desktopOf(request.query.desktop);
      requireDesktopChallenge(desktop, request.query.desktopChallenge);
      try {
        const url = await logins.startSaml(
          samlEndpoints(request),
          safeRedirectPath(request.query.redirect, base),
          desktop,
          request.query.desktopChallenge,
        );
        return reply.redirect(url, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) return refused(reply, error.message);
        throw error;
      }
    },
  );

  app.post(
    '/auth/saml/callback',
    {
      // The IdP posts a form (HTTP-POST binding), not JSON.
      config: { permission: 'NONE', formBody: true, rateLimit: perMinute(options.loginRateLimitPerMinute) },
      bodyLimit: SAML_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'samlCallback',
        tags,
        consumes: ['application/x-www-form-urlencoded'],
        body: SamlCallbackBodySchema,
        response: { ...redirectResponse, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const relay = parseRelayState(request.body.RelayState);
      try {
        const done = await logins.finishSaml(samlEndpoints(request), request.body.SAMLResponse);
        if (relay.d !== undefined) {
          // RelayState is unsigned: a desktop hand-over needs a loopback target and a valid challenge.
          if (!isLoopbackRedirect(relay.d) || relay.c === undefined) {
            return refused(reply, 'This desktop sign-in carried no valid PKCE challenge: start again.');
          }
          const target = new URL(relay.d);
          const origin = { provider: 'saml' as const, samlSubject: done.subject };
          target.searchParams.set('code', await logins.issueDesktopCode(done.userId, relay.c, origin));
          return reply.redirect(target.href, 302);
        }
        const session = await logins.openSession(done.userId);
        await logins.rememberSsoSession(session.sessionId, { provider: 'saml', samlSubject: done.subject });
        setSessionCookie(request, reply, session);
        // A 303 turns the IdP's POST into a GET of the console.
        return reply.redirect(safeRedirectPath(relay.r, base), 303);
      } catch (error) {
        if (error instanceof SsoRefusal) return refused(reply, error.message);
        throw error;
      }
    },
  );

  registerSamlLogoutRoutes(app, {
    logins,
    base,
    loginRateLimitPerMinute: options.loginRateLimitPerMinute,
    samlEndpoints,
    refused,
  });

  app.get(
    '/auth/saml/metadata',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'getSamlMetadata',
        tags,
        produces: ['application/samlmetadata+xml'],
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      const xml = logins.samlMetadata(samlEndpoints(request), await settings.samlRuntime());
      return reply.type('application/samlmetadata+xml').send(xml);
    },
  );

  app.post(
    '/auth/desktop/token',
    {
      config: { permission: 'NONE', rateLimit: perMinute(options.loginRateLimitPerMinute) },
      schema: {
        operationId: 'exchangeDesktopCode',
        tags,
        body: DesktopTokenRequestSchema,
        response: { 200: DesktopTokenResponseSchema, ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request) => {
      const session = await logins.redeemDesktopCode(request.body.code, request.body.codeVerifier);
      if (!session) throw new ApiError('UnauthorizedError', 'The sign-in code is unknown, used or expired.');
      return { token: session.sessionId, expiresAt: session.expiresAt.toISOString() };
    },
  );
}
