import type { FastifyRequest } from 'fastify';
import {
  errorResponses,
  OidcSettingsSchema,
  SamlSettingsSchema,
  type SsoEndpoints,
  SsoEndpointsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf } from '../../lib/caller';
import { samlEndpointsOf } from './saml-sp-config';
import { tags } from './sso-route-schema';
import type { SsoSettingsService } from './sso-settings-service';

const admin = { permission: 'ADMIN' as const };

/** Admin settings of OIDC and SAML (shared/unleash/API.md §10.6). */
export function registerSsoSettingsRoutes(
  app: App,
  settings: SsoSettingsService,
  publicUrl: (request: FastifyRequest) => string,
): void {
  registerSsoEndpointsRoute(app, publicUrl);
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
}

/** The real addresses of this server's sign-in routes, for the identity provider's configuration. */
export function ssoEndpointsOf(publicUrl: string): SsoEndpoints {
  const saml = samlEndpointsOf(publicUrl);
  return {
    oidcRedirectUrl: `${publicUrl}/auth/oidc/callback`,
    signedOutUrl: `${publicUrl}/signed-out`,
    samlEntityId: saml.spEntityId,
    samlAcsUrl: saml.acsUrl,
    samlLogoutUrl: saml.sloUrl,
    samlMetadataUrl: `${publicUrl}/auth/saml/metadata`,
  };
}

function registerSsoEndpointsRoute(app: App, publicUrl: (request: FastifyRequest) => string): void {
  app.get(
    '/api/admin/auth/sso/endpoints',
    {
      config: admin,
      schema: {
        operationId: 'getSsoEndpoints',
        tags,
        response: { 200: SsoEndpointsSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => ssoEndpointsOf(publicUrl(request)),
  );
}
