import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ClientMetricsSchema,
  type Context,
  ErrorBodySchema,
  FrontendClientRegistrationSchema,
} from '../../../contract';
import { type FrontendBody, renderFrontendBody } from '../../evaluation';
import type { App } from '../../http/app-type';
import { type TokenScope, tokenScopeOf } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { type ClientFeatureCache, sdkReporterOf } from '../client-api';
import type { ClientMetricsService } from '../client-metrics';
import type { ExposureRecorder } from './exposure-port';
import { frontendContext, sentSessionId } from './frontend-context';
import { allowedOrigin, type FrontendSettings } from './frontend-settings';

export interface FrontendApiRouteOptions {
  cache: ClientFeatureCache;
  metrics: ClientMetricsService;
  settings: FrontendSettings;
  /** This server's hostname, for the applicationHostname strategy. */
  hostname: string;
  /**
   * Sees every evaluated context with the token's environment (blast-radius sampling, issue 15).
   * Runs on the hot path: it must return at once and never throw.
   */
  onEvaluated?: (environment: string, context: Context) => void;
  /** Experiments (issue 35): told the variants served of flags with a running experiment. */
  exposures?: ExposureRecorder;
}

const FrontendVariantSchema = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  payload: Type.Optional(Type.Object({ type: Type.String(), value: Type.String() })),
  feature_enabled: Type.Optional(Type.Boolean()),
  featureEnabled: Type.Optional(Type.Boolean()),
});
const FrontendFeaturesSchema = Type.Object({
  toggles: Type.Array(
    Type.Object({
      name: Type.String(),
      enabled: Type.Boolean(),
      impressionData: Type.Boolean(),
      variant: Type.Optional(FrontendVariantSchema),
    }),
  ),
});
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
/**
 * Unleash reads at most 100 KiB of a frontend API body (larger ones are refused); with the URL
 * under Node's 16 KiB header limit, this bounds what one public request can make us evaluate.
 */
export const FRONTEND_BODY_LIMIT = 100 * 1024;
// randomUUID draws from a pre-filled entropy pool: a random id per request without a syscall.
const newSessionId = () => randomUUID();

/** The CORS headers of a frontend API answer to `origin`, or null when that origin is not allowed. */
export async function corsHeaders(
  settings: FrontendSettings,
  origin: string | undefined,
): Promise<Record<string, string> | null> {
  const allowed = allowedOrigin(await settings.origins(), origin);
  if (!allowed) return null;
  return {
    'access-control-allow-origin': allowed,
    // Unleash 8.2 sends `true` next to `*` as well; that pair is a contradiction browsers refuse
    // (issue 12 §6). The frontend API authenticates with the Authorization header, never a cookie,
    // so credentials are announced only to an origin named in the list.
    ...(allowed === '*' ? {} : { 'access-control-allow-credentials': 'true' }),
    'access-control-expose-headers': 'ETag',
    vary: 'Origin',
  };
}

/**
 * The flags enabled for one request's context, rendered: shared by the Fastify routes and the
 * SDK fast path so the two cannot drift.
 */
export async function evaluateFrontend(
  options: Pick<FrontendApiRouteOptions, 'cache' | 'hostname' | 'onEvaluated' | 'exposures'>,
  scope: TokenScope,
  ip: string,
  input: Record<string, unknown>,
): Promise<FrontendBody> {
  const state = await options.cache.evaluationState(
    scope.environment,
    scope.allProjects ? null : scope.projects,
  );
  const context = frontendContext(input, { ip, newSessionId });
  options.onEvaluated?.(scope.environment, context);
  const deps = { repository: state.repository, hostname: options.hostname };
  const body = renderFrontendBody(context, deps);
  // One Map lookup while no experiment runs in the environment: the hot path's whole cost.
  if (options.exposures?.watches(scope.environment)) {
    options.exposures.evaluated(scope.environment, context, sentSessionId(input), deps);
  }
  return body;
}

/** Unleash answers the frontend metrics and register posts with Express's `sendStatus(200)`: "OK". */
function sendOk(reply: FastifyReply) {
  return reply.status(200).type('text/plain; charset=utf-8').send('OK');
}

/**
 * The API browser and mobile SDKs call with a frontend token (API.md §3): flags are evaluated
 * here, against the in-memory snapshot of the token's environment and projects.
 */
export async function frontendApiRoutes(app: App, options: FrontendApiRouteOptions): Promise<void> {
  registerFrontendCors(app, options.settings);
  registerFrontendEvaluation(app, options);
  registerFrontendReports(app, options.metrics);
}

/**
 * Sends an evaluated body with its weak ETag (browsers and the JS SDK send it back in
 * If-None-Match), or 304 when the client has it already.
 */
function answer(request: FastifyRequest, reply: FastifyReply, body: FrontendBody): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', body.etag);
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(body.json);
}

function registerFrontendCors(app: App, settings: FrontendSettings): void {
  // CORS on every answer of this surface, errors included, so browsers can read a 401.
  app.addHook('onSend', async (request, reply, payload) => {
    const cors = await corsHeaders(settings, request.headers.origin);
    if (cors) reply.headers(cors);
    return payload;
  });

  const preflight = {
    config: { permission: 'NONE' as const },
    schema: {
      operationId: 'frontendApiPreflight',
      tags: ['Frontend API'],
      hide: true,
      response: { 204: Type.Null() },
    },
  };
  const answerPreflight = async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(204)
      .headers({
        'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
        'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? '*'),
        'access-control-max-age': '86400',
      })
      .send();
  app.options('/api/frontend', preflight, answerPreflight);
  app.options(
    '/api/frontend/*',
    { ...preflight, schema: { ...preflight.schema, operationId: 'frontendApiPreflightAll' } },
    answerPreflight,
  );
}

/** The enabled flags for a context: GET with it in the query, POST with it in the body. */
function registerFrontendEvaluation(app: App, options: FrontendApiRouteOptions): void {
  const evaluate = (request: FastifyRequest, input: Record<string, unknown>) =>
    evaluateFrontend(options, tokenScopeOf(request.caller)!, request.ip, input);

  app.get(
    '/api/frontend',
    {
      config: { permission: 'FRONTEND' },
      schema: {
        operationId: 'getFrontendFeatures',
        tags: ['Frontend API'],
        querystring: Type.Record(Type.String(), Type.Unknown()),
        response: { 200: FrontendFeaturesSchema, 304: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const body = await evaluate(request, request.query);
      await answer(request, reply, body);
    },
  );

  app.post(
    '/api/frontend',
    {
      bodyLimit: FRONTEND_BODY_LIMIT,
      config: { permission: 'FRONTEND' },
      schema: {
        operationId: 'getFrontendApiFeaturesWithPost',
        tags: ['Frontend API'],
        body: Type.Object(
          { context: Type.Optional(Type.Record(Type.String(), Type.Unknown())) },
          { additionalProperties: true },
        ),
        response: { 200: FrontendFeaturesSchema, 304: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const body = await evaluate(request, request.body.context ?? {});
      await answer(request, reply, body);
    },
  );
}

/** What frontend SDKs report (metrics, registration) and the client paths the frontend API refuses. */
function registerFrontendReports(app: App, metrics: FrontendApiRouteOptions['metrics']): void {
  app.post(
    '/api/frontend/client/metrics',
    {
      config: { permission: 'FRONTEND' },
      schema: {
        operationId: 'registerFrontendClientMetrics',
        tags: ['Frontend API'],
        body: ClientMetricsSchema,
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      const sdk = request.headers['unleash-sdk'];
      metrics.registerMetrics(
        {
          ...request.body,
          sdkVersion: request.body.sdkVersion ?? (typeof sdk === 'string' ? sdk : undefined),
        },
        sdkReporterOf(request, 'frontend'),
      );
      return sendOk(reply);
    },
  );

  app.post(
    '/api/frontend/client/register',
    {
      config: { permission: 'FRONTEND' },
      schema: {
        operationId: 'registerFrontendClient',
        tags: ['Frontend API'],
        body: FrontendClientRegistrationSchema,
        response: { 200: Type.String(), ...errors },
      },
    },
    // Kept for old proxy clients: Unleash validates the body, answers 200 and does nothing (API.md §3).
    async (_request, reply) => sendOk(reply),
  );

  for (const [path, operationId] of [
    ['/api/frontend/client/features', 'getFrontendClientFeatures'],
    ['/api/frontend/health', 'getFrontendHealth'],
    ['/api/frontend/internal-backstage/prometheus', 'getFrontendPrometheus'],
  ] as const) {
    app.get(
      path,
      {
        config: { permission: 'FRONTEND' },
        schema: { operationId, tags: ['Frontend API'], hide: true, response: { 405: ErrorBodySchema } },
      },
      async () => {
        throw new ApiError('NotImplementedError', 'The frontend API does not support this endpoint.');
      },
    );
  }
}
