import { Type } from 'typebox';
import { ErrorBodySchema } from '../../../contract';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import { actorOf } from '../../lib/caller';
import type { FrontendSettings } from '../frontend-api';

export interface UiConfigRouteOptions {
  version: string;
  config: { publicUrl: string | null; baseUriPath: string };
  settings: FrontendSettings;
  /** Maintenance mode (issue 19): the console greys its editing controls while it is on. */
  maintenanceMode: () => Promise<boolean>;
  /** Whether SMTP is configured (EMAIL_HOST): the console then says invites are e-mailed. */
  emailEnabled?: boolean;
  /**
   * Whether a secrets key is configured (issue 31 §1): without one the console says, before the
   * form is filled in, that integration and SSO secrets cannot be saved.
   */
  canStoreSecrets: boolean;
}

const UiConfigSchema = Type.Object(
  {
    version: Type.String(),
    unleashUrl: Type.String(),
    baseUriPath: Type.String(),
    environment: Type.String(),
    name: Type.String(),
    authenticationType: Type.String(),
    disablePasswordAuth: Type.Boolean(),
    emailEnabled: Type.Boolean(),
    maintenanceMode: Type.Boolean(),
    // Switchyard's own: whether secrets (integration parameters, SSO client secrets) can be saved.
    canStoreSecrets: Type.Boolean(),
    prometheusAPIAvailable: Type.Boolean(),
    frontendApiOrigins: Type.Array(Type.String()),
    flags: Type.Record(Type.String(), Type.Boolean()),
    versionInfo: Type.Object({
      current: Type.Object({ oss: Type.Optional(Type.String()), enterprise: Type.Optional(Type.String()) }),
      latest: Type.Object({ oss: Type.Optional(Type.String()), enterprise: Type.Optional(Type.String()) }),
      isLatest: Type.Boolean(),
    }),
  },
  { $id: 'UiConfig' },
);

/** `GET /api/admin/ui-config` (uiConfigSchema) and the frontend API CORS setting (API.md §3, §9). */
export async function uiConfigRoutes(app: App, options: UiConfigRouteOptions): Promise<void> {
  app.get(
    '/api/admin/ui-config',
    {
      // Unleash's UI reads it before anything else, the forced password change included.
      config: { permission: 'AUTHENTICATED', beforePasswordChange: true },
      schema: {
        operationId: 'getUiConfig',
        tags: ['Admin UI'],
        response: { 200: UiConfigSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => ({
      version: options.version,
      unleashUrl: publicUrlOf(request, options.config),
      baseUriPath: options.config.baseUriPath,
      environment: 'Switchyard',
      name: 'Switchyard',
      // Enterprise features are built in, so clients should not hide them.
      authenticationType: 'enterprise',
      disablePasswordAuth: false,
      emailEnabled: options.emailEnabled ?? false,
      maintenanceMode: await options.maintenanceMode(),
      canStoreSecrets: options.canStoreSecrets,
      prometheusAPIAvailable: false,
      frontendApiOrigins: await options.settings.origins(),
      flags: {},
      versionInfo: { current: { oss: options.version }, latest: {}, isLatest: true },
    }),
  );

  app.post(
    '/api/admin/ui-config/cors',
    {
      config: { permission: 'UPDATE_CORS' },
      schema: {
        operationId: 'setCors',
        tags: ['Admin UI'],
        body: Type.Object(
          { frontendApiOrigins: Type.Optional(Type.Array(Type.String())) },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      await options.settings.setOrigins(request.body.frontendApiOrigins ?? [], actorOf(request.caller));
      return reply.status(204).send(null);
    },
  );
}
