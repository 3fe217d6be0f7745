import { DesktopTokenRequestSchema, DesktopTokenResponseSchema, errorResponses } from '../../../contract';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import { perMinute, registerRouteRateLimits } from '../../http/rate-limit';
import { ApiError } from '../../lib/errors';
import { registerOidcLoginRoutes } from './oidc-login-routes';
import { registerSamlLoginRoutes, registerSamlMetadataRoute } from './saml-login-routes';
import { registerSamlLogoutRoutes } from './saml-logout-routes';
import { createSsoRouteContext, type SsoRouteContext, type SsoRouteOptions } from './sso-route-context';
import { SAML_BODY_LIMIT_BYTES, tags } from './sso-route-schema';
import { registerSsoSettingsRoutes } from './sso-settings-routes';

export { SSO_PENDING_COOKIE, type SsoRouteOptions } from './sso-route-context';

/** Admin settings of OIDC and SAML, and the OIDC sign-in (shared/unleash/API.md §6, §10.6). */
export async function ssoRoutes(app: App, options: SsoRouteOptions) {
  const context = createSsoRouteContext(options);
  await registerRouteRateLimits(app);
  // Only this plugin's routes read forms: the SAML callback (encapsulated, so JSON stays the rule).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: SAML_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
  );

  registerSsoSettingsRoutes(app, options.settings, (request) => publicUrlOf(request, options.config));
  registerOidcLoginRoutes(app, context);
  registerSamlLoginRoutes(app, context);
  registerSamlLogoutRoutes(app, {
    logins: context.logins,
    base: context.base,
    loginRateLimitPerMinute: options.loginRateLimitPerMinute,
    samlEndpoints: context.samlEndpoints,
    refused: context.refused,
  });
  registerSamlMetadataRoute(app, context);
  registerDesktopTokenRoute(app, context);
}

/** The desktop app redeems its one-time code for a session (RFC 8252, PKCE-bound). */
function registerDesktopTokenRoute(app: App, context: SsoRouteContext): void {
  app.post(
    '/auth/desktop/token',
    {
      config: { permission: 'NONE', rateLimit: perMinute(context.loginRateLimitPerMinute) },
      schema: {
        operationId: 'exchangeDesktopCode',
        tags,
        body: DesktopTokenRequestSchema,
        response: { 200: DesktopTokenResponseSchema, ...errorResponses(400, 401, 415, 429) },
      },
    },
    async (request) => {
      const session = await context.logins.redeemDesktopCode(request.body.code, request.body.codeVerifier);
      if (!session) throw new ApiError('UnauthorizedError', 'The sign-in code is unknown, used or expired.');
      return { token: session.sessionId, expiresAt: session.expiresAt.toISOString() };
    },
  );
}
