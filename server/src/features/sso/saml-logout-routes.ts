import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses, SamlLogoutBodySchema, SamlLogoutQuerySchema } from '../../../contract';
import type { App } from '../../http/app-type';
import { perMinute } from '../../http/rate-limit';
import { ApiError } from '../../lib/errors';
import type { samlEndpointsOf } from './saml-sp';
import type { SsoLoginService } from './sso-login-service';
import { redirectResponse, SAML_BODY_LIMIT_BYTES, tags } from './sso-route-schema';

export interface SamlLogoutRouteOptions {
  logins: SsoLoginService;
  base: string;
  loginRateLimitPerMinute: number;
  samlEndpoints: (request: FastifyRequest) => ReturnType<typeof samlEndpointsOf>;
  /** Sends the browser to the sign-in screen with the reason. */
  refused: (reply: FastifyReply, message: string) => FastifyReply;
}

const noLogoutMessage = () =>
  new ApiError('BadDataError', 'Send a SAMLResponse or a SAMLRequest', {
    details: [{ message: 'SAMLResponse or SAMLRequest is required', path: 'SAMLResponse' }],
  });

/**
 * IdP-initiated single logout: ends the named user's sessions and answers the IdP with a
 * LogoutResponse (or, with no sign-out URL set, shows the signed-out page). An invalid request
 * is a 400: nothing is ended.
 */
async function idpLogout(
  options: SamlLogoutRouteOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  message: Parameters<SsoLoginService['takeSamlLogoutRequest']>[1],
  relayState: string | undefined,
) {
  let answer: string | undefined;
  try {
    answer = await options.logins.takeSamlLogoutRequest(
      options.samlEndpoints(request),
      message,
      relayState ?? '',
    );
  } catch (error) {
    request.log.warn({ err: error }, 'SAML LogoutRequest refused');
    throw new ApiError('BadDataError', 'The LogoutRequest could not be verified.');
  }
  return reply.redirect(answer ?? `${options.base}/signed-out`, 302);
}

/** The local session ended before the browser went to the IdP; this only tells how it went there. */
function logoutRefused(
  options: SamlLogoutRouteOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
) {
  request.log.warn({ err: error }, 'SAML LogoutResponse refused');
  return options.refused(
    reply,
    'You are signed out here, but the identity provider did not confirm its sign-out.',
  );
}

/**
 * SAML single logout, both directions and both bindings: the IdP's LogoutResponse to our
 * LogoutRequest, and the IdP's own LogoutRequest (redirect GET or form POST, as the SP metadata
 * publishes). Registered inside the SSO plugin, which parses form bodies.
 */
export function registerSamlLogoutRoutes(app: App, options: SamlLogoutRouteOptions): void {
  registerSamlLogoutRedirectRoute(app, options);
  registerSamlLogoutPostRoute(app, options);
}

/** `GET /auth/saml/logout`: the HTTP-Redirect binding. */
function registerSamlLogoutRedirectRoute(app: App, options: SamlLogoutRouteOptions): void {
  app.get(
    '/auth/saml/logout',
    {
      config: { permission: 'NONE', rateLimit: perMinute(options.loginRateLimitPerMinute) },
      schema: {
        operationId: 'samlLogoutCallback',
        tags,
        querystring: SamlLogoutQuerySchema,
        response: { ...redirectResponse, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const rawQuery = request.url.slice(request.url.indexOf('?') + 1);
      const query = Object.fromEntries(
        Object.entries(request.query).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      if (request.query.SAMLRequest !== undefined && request.query.SAMLResponse === undefined) {
        return idpLogout(options, request, reply, { query, rawQuery }, request.query.RelayState);
      }
      if (request.query.SAMLResponse === undefined) throw noLogoutMessage();
      try {
        await options.logins.finishSamlLogout(options.samlEndpoints(request), query, rawQuery);
        return reply.redirect(`${options.base}/signed-out`, 302);
      } catch (error) {
        return logoutRefused(options, request, reply, error);
      }
    },
  );
}

/** `POST /auth/saml/logout`: the HTTP-POST binding. */
function registerSamlLogoutPostRoute(app: App, options: SamlLogoutRouteOptions): void {
  app.post(
    '/auth/saml/logout',
    {
      // SingleLogoutService on the HTTP-POST binding, as node-saml publishes it in the SP metadata.
      config: { permission: 'NONE', formBody: true, rateLimit: perMinute(options.loginRateLimitPerMinute) },
      bodyLimit: SAML_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'samlLogoutPost',
        tags,
        consumes: ['application/x-www-form-urlencoded'],
        body: SamlLogoutBodySchema,
        response: { ...redirectResponse, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { SAMLResponse, SAMLRequest, RelayState } = request.body;
      if (SAMLRequest !== undefined && SAMLResponse === undefined) {
        return idpLogout(options, request, reply, { samlRequest: SAMLRequest }, RelayState);
      }
      if (SAMLResponse === undefined) throw noLogoutMessage();
      try {
        await options.logins.finishSamlPostLogout(options.samlEndpoints(request), SAMLResponse);
        // A 303 turns the IdP's POST into a GET of the signed-out page.
        return reply.redirect(`${options.base}/signed-out`, 303);
      } catch (error) {
        return logoutRefused(options, request, reply, error);
      }
    },
  );
}
