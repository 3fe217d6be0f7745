import {
  CreateSignalEndpointSchema,
  CreateSignalEndpointTokenSchema,
  EmptyResponseSchema,
  errorResponses,
  LimitOffsetQuerySchema,
  SignalEndpointIdParamsSchema,
  SignalEndpointNameParamsSchema,
  SignalEndpointSchema,
  SignalEndpointSignalsSchema,
  SignalEndpointsSchema,
  SignalEndpointTokenParamsSchema,
  SignalEndpointTokenSchema,
  SignalEndpointTokensParamsSchema,
  SignalEndpointTokensSchema,
  UpdateSignalEndpointSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { publicUrlOf } from '../../http/public-url';
import { registerRouteRateLimits } from '../../http/rate-limit';
import { actorOf } from '../../lib/caller';
import { badData } from '../../lib/errors';
import { jsonDepth } from './payload-filters';
import type { SignalEndpointService } from './signal-endpoint-service';

const tags = ['Signals'];
const admin = { permission: 'ADMIN' as const };

/** A signal's body is small by nature; bigger ones are refused (413) before they are parsed. */
export const SIGNAL_BODY_LIMIT_BYTES = 64 * 1024;
/** Calls per second and endpoint (Unleash limits signal calls per second as well). */
export const SIGNAL_CALLS_PER_SECOND = 10;
const MAX_SIGNAL_DEPTH = 32;

export interface SignalEndpointRouteOptions {
  endpoints: SignalEndpointService;
  config: { publicUrl: string | null; baseUriPath: string; trustProxy?: boolean | number | string[] };
  /** Told after a signal is stored, to run the action sets without delaying the answer. */
  onSignal: () => void;
}

/** The public URL of a signal endpoint, from the request (or the configured public URL). */
function signalUrlOf(config: SignalEndpointRouteOptions['config']) {
  return (request: Parameters<typeof publicUrlOf>[0]) => (name: string) =>
    `${publicUrlOf(request, config)}/api/signal-endpoint/${encodeURIComponent(name)}`;
}

/** Signal endpoints: list, create, update, delete. */
function registerEndpointRoutes(app: App, options: SignalEndpointRouteOptions): void {
  const { endpoints } = options;
  const urlOf = signalUrlOf(options.config);
  app.get(
    '/api/admin/signal-endpoints',
    {
      config: admin,
      schema: {
        operationId: 'getSignalEndpoints',
        tags,
        response: { 200: SignalEndpointsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ signalEndpoints: await endpoints.list() }),
  );

  app.post(
    '/api/admin/signal-endpoints',
    {
      config: admin,
      schema: {
        operationId: 'createSignalEndpoint',
        tags,
        body: CreateSignalEndpointSchema,
        response: { 201: SignalEndpointSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      const created = await endpoints.create(request.body, actorOf(request.caller), urlOf(request));
      return reply.status(201).header('location', `signal-endpoints/${created.id}`).send(created);
    },
  );

  app.put(
    '/api/admin/signal-endpoints/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateSignalEndpoint',
        tags,
        params: SignalEndpointIdParamsSchema,
        body: UpdateSignalEndpointSchema,
        response: { 200: SignalEndpointSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) =>
      endpoints.update(request.params.id, request.body, actorOf(request.caller), urlOf(request)),
  );

  app.delete(
    '/api/admin/signal-endpoints/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteSignalEndpoint',
        tags,
        params: SignalEndpointIdParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await endpoints.remove(request.params.id, actorOf(request.caller));
      return reply.send();
    },
  );
}

/** Enabling and disabling an endpoint. */
function registerEndpointToggleRoutes(app: App, options: SignalEndpointRouteOptions): void {
  const { endpoints } = options;
  const urlOf = signalUrlOf(options.config);
  for (const [suffix, enabled, operationId] of [
    ['on', true, 'enableSignalEndpoint'],
    ['off', false, 'disableSignalEndpoint'],
  ] as const) {
    app.post(
      `/api/admin/signal-endpoints/:id/${suffix}`,
      {
        config: admin,
        schema: {
          operationId,
          tags,
          params: SignalEndpointIdParamsSchema,
          response: { 200: SignalEndpointSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        endpoints.update(request.params.id, { enabled }, actorOf(request.caller), urlOf(request)),
    );
  }
}

/** An endpoint's tokens: list, create, update. */
function registerTokenRoutes(app: App, options: SignalEndpointRouteOptions): void {
  const { endpoints } = options;
  app.get(
    '/api/admin/signal-endpoints/:signalEndpointId/tokens',
    {
      config: admin,
      schema: {
        operationId: 'getSignalEndpointTokens',
        tags,
        params: SignalEndpointTokensParamsSchema,
        response: { 200: SignalEndpointTokensSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      signalEndpointTokens: await endpoints.listTokens(request.params.signalEndpointId),
    }),
  );

  app.post(
    '/api/admin/signal-endpoints/:signalEndpointId/tokens',
    {
      config: admin,
      schema: {
        operationId: 'createSignalEndpointToken',
        tags,
        params: SignalEndpointTokensParamsSchema,
        body: CreateSignalEndpointTokenSchema,
        response: { 201: SignalEndpointTokenSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { signalEndpointId } = request.params;
      const token = await endpoints.createToken(signalEndpointId, request.body.name, actorOf(request.caller));
      return reply
        .status(201)
        .header('location', `signal-endpoints/${signalEndpointId}/tokens/${token.id}`)
        .send(token);
    },
  );

  app.put(
    '/api/admin/signal-endpoints/:signalEndpointId/tokens/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateSignalEndpointToken',
        tags,
        params: SignalEndpointTokenParamsSchema,
        body: CreateSignalEndpointTokenSchema,
        response: { 200: SignalEndpointTokenSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      endpoints.renameToken(
        request.params.signalEndpointId,
        request.params.id,
        request.body.name,
        actorOf(request.caller),
      ),
  );
}

/** Deleting an endpoint's token. */
function registerTokenDeleteRoute(app: App, options: SignalEndpointRouteOptions): void {
  const { endpoints } = options;
  app.delete(
    '/api/admin/signal-endpoints/:signalEndpointId/tokens/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteSignalEndpointToken',
        tags,
        params: SignalEndpointTokenParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await endpoints.removeToken(
        request.params.signalEndpointId,
        request.params.id,
        actorOf(request.caller),
      );
      return reply.send();
    },
  );
}

/** The signals an endpoint received. */
function registerSignalListRoute(app: App, options: SignalEndpointRouteOptions): void {
  const { endpoints } = options;
  app.get(
    '/api/admin/signal-endpoints/:id/signals',
    {
      config: admin,
      schema: {
        operationId: 'getSignalEndpointSignals',
        tags,
        params: SignalEndpointIdParamsSchema,
        querystring: LimitOffsetQuerySchema,
        response: { 200: SignalEndpointSignalsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      signalEndpointSignals: await endpoints.signals(request.params.id, {
        limit: request.query.limit ?? 50,
        offset: request.query.offset ?? 0,
      }),
    }),
  );

  // Public: anyone holding one of the endpoint's tokens. Bounded in size, depth and rate.
}

/** Public: anyone holding one of the endpoint's tokens. Bounded in size, depth and rate. */
function registerIncomingSignalRoute(app: App, options: SignalEndpointRouteOptions): void {
  const { endpoints, onSignal } = options;
  app.post(
    '/api/signal-endpoint/:name',
    {
      bodyLimit: SIGNAL_BODY_LIMIT_BYTES,
      config: {
        permission: 'NONE',
        rateLimit: {
          max: SIGNAL_CALLS_PER_SECOND,
          timeWindow: 1000,
          keyGenerator: (request) => `signal:${(request.params as { name?: string }).name ?? ''}`,
        },
      },
      schema: {
        operationId: 'callSignalEndpoint',
        tags,
        params: SignalEndpointNameParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const body: unknown = request.body ?? {};
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw badData('The signal payload must be a JSON object.');
      }
      if (jsonDepth(body, MAX_SIGNAL_DEPTH) > MAX_SIGNAL_DEPTH) {
        throw badData(`The signal payload may nest at most ${MAX_SIGNAL_DEPTH} levels deep.`);
      }
      const header = request.headers.authorization;
      const secret = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : undefined;
      await endpoints.receive(request.params.name, secret || undefined, body as Record<string, unknown>);
      onSignal();
      return reply.send();
    },
  );
}

/** Signal endpoints (admin) and the incoming signal endpoint (public, token-checked). */
export async function signalEndpointRoutes(app: App, options: SignalEndpointRouteOptions) {
  await registerRouteRateLimits(app);
  registerEndpointRoutes(app, options);
  registerEndpointToggleRoutes(app, options);
  registerTokenRoutes(app, options);
  registerTokenDeleteRoute(app, options);
  registerSignalListRoute(app, options);
  registerIncomingSignalRoute(app, options);
}
