import { errorResponses, OidcSettingsSchema, SamlSettingsSchema } from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf } from '../../lib/caller';
import { tags } from './sso-route-schema';
import type { SsoSettingsService } from './sso-settings-service';

const admin = { permission: 'ADMIN' as const };

/** Admin settings of OIDC and SAML (shared/unleash/API.md §10.6). */
export function registerSsoSettingsRoutes(app: App, settings: SsoSettingsService): void {
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
