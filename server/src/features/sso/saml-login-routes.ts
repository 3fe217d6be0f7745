import { Type } from 'typebox';
import { errorResponses, SamlCallbackBodySchema, SsoLoginQuerySchema } from '../../../contract';
import type { App } from '../../http/app-type';
import { perMinute } from '../../http/rate-limit';
import { SsoRefusal } from './provisioning';
import { desktopOf, requireDesktopChallenge, type SsoRouteContext } from './sso-route-context';
import { redirectResponse, SAML_BODY_LIMIT_BYTES, signInRedirectOptions, tags } from './sso-route-schema';
import { isLoopbackRedirect, safeRedirectPath } from './sso-rules';

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

/** The SAML sign-in: HTTP-Redirect out, HTTP-POST back (API.md §6). */
export function registerSamlLoginRoutes(app: App, context: SsoRouteContext): void {
  registerSamlLogin(app, context);
  registerSamlCallback(app, context);
}

/** The SP metadata the IdP is configured from. */
export function registerSamlMetadataRoute(app: App, context: SsoRouteContext): void {
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
      const xml = context.logins.samlMetadata(
        context.samlEndpoints(request),
        await context.settings.samlRuntime(),
      );
      return reply.type('application/samlmetadata+xml').send(xml);
    },
  );
}

function registerSamlLogin(app: App, context: SsoRouteContext): void {
  const { logins, base, refused } = context;
  app.get(
    '/auth/saml/login',
    signInRedirectOptions(context.loginRateLimitPerMinute, 'samlLogin', SsoLoginQuerySchema),
    async (request, reply) => {
      const desktop = desktopOf(request.query.desktop);
      requireDesktopChallenge(desktop, request.query.desktopChallenge);
      try {
        const url = await logins.startSaml(
          context.samlEndpoints(request),
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
}

function registerSamlCallback(app: App, context: SsoRouteContext): void {
  const { logins, base, refused } = context;
  app.post(
    '/auth/saml/callback',
    {
      // The IdP posts a form (HTTP-POST binding), not JSON.
      config: { permission: 'NONE', formBody: true, rateLimit: perMinute(context.loginRateLimitPerMinute) },
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
        const done = await logins.finishSaml(context.samlEndpoints(request), request.body.SAMLResponse);
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
        context.setSessionCookie(request, reply, session);
        // A 303 turns the IdP's POST into a GET of the console.
        return reply.redirect(safeRedirectPath(relay.r, base), 303);
      } catch (error) {
        if (error instanceof SsoRefusal) return refused(reply, error.message);
        throw error;
      }
    },
  );
}
