import type { FastifyRequest } from 'fastify';
import { EmptyResponseSchema, ErrorBodySchema } from '../../../contract';
import { ExposuresBodySchema, TRACK_BODY_LIMIT, TrackBodySchema } from '../../../contract/tracking';
import type { App } from '../../http/app-type';
import { tokenScopeOf } from '../../lib/caller';
import type { ExperimentData, TrackCaller } from './experiment-data-service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
};

/** The token's environment (`default` for a `*` token, as SDK metrics), its id and the client IP. */
function callerOf(request: FastifyRequest, sdkType: TrackCaller['sdkType']): TrackCaller {
  const environment = tokenScopeOf(request.caller)?.environment ?? 'default';
  return {
    environment: environment === '*' ? 'default' : environment,
    tokenId: request.caller.kind === 'api-token' ? request.caller.tokenId : null,
    ip: request.ip,
    sdkType,
  };
}

const TRACK_DESCRIPTION =
  'One event, `{events: [...]}` or a bare array of at most 100 events: `{eventName, context: {userId | sessionId}, value?, timestamp?}`. ' +
  'Answers 202 at once; the events are written in the background. 400 for an event out of bounds, 413 for a body over 128 KiB, ' +
  '429 past the caller rate or the distinct event names of the environment.';

/** `POST /api/client/track` and `POST /api/client/exposures`: server-side SDKs, with a client token. */
export async function clientTrackRoutes(app: App, options: { service: ExperimentData }): Promise<void> {
  const { service } = options;
  app.post(
    '/api/client/track',
    {
      bodyLimit: TRACK_BODY_LIMIT,
      config: { permission: 'CLIENT' },
      schema: {
        operationId: 'trackClientEvents',
        tags: ['Client'],
        summary: 'Records events experiments read (issue 35), sent by a server-side SDK.',
        description: TRACK_DESCRIPTION,
        body: TrackBodySchema,
        response: { 202: EmptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      service.track(request.body, callerOf(request, 'backend'));
      return reply.status(202).send();
    },
  );
  app.post(
    '/api/client/exposures',
    {
      bodyLimit: TRACK_BODY_LIMIT,
      config: { permission: 'CLIENT' },
      schema: {
        operationId: 'recordClientExposures',
        tags: ['Client'],
        summary: 'Records which variant users were served, by SDKs that evaluate locally (Switchyard only).',
        description:
          '`{exposures: [{featureName, variant, context: {userId | sessionId}, timestamp?}]}`, at most 100. ' +
          'The first exposure per experiment and user counts; exposures of flags without a running experiment ' +
          'in the token’s environment, and of variants the experiment does not split between, are ignored.',
        body: ExposuresBodySchema,
        response: { 202: EmptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      service.exposures(request.body, callerOf(request, 'backend'));
      return reply.status(202).send();
    },
  );
}

/**
 * `POST /api/frontend/track`: browsers and mobile apps, with the frontend token they read flags
 * with, and the frontend API's CORS origins (its preflight route answers for this path too).
 */
export async function frontendTrackRoutes(
  app: App,
  options: {
    service: ExperimentData;
    cors: (origin: string | undefined) => Promise<Record<string, string> | null>;
  },
): Promise<void> {
  const { service, cors } = options;
  app.addHook('onSend', async (request, reply, payload) => {
    const headers = await cors(request.headers.origin);
    if (headers) reply.headers(headers);
    return payload;
  });
  app.post(
    '/api/frontend/track',
    {
      bodyLimit: TRACK_BODY_LIMIT,
      config: { permission: 'FRONTEND' },
      schema: {
        operationId: 'trackFrontendEvents',
        tags: ['Frontend API'],
        summary: 'Records events experiments read (issue 35), sent by a browser or mobile app.',
        description: TRACK_DESCRIPTION,
        body: TrackBodySchema,
        response: { 202: EmptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      service.track(request.body, callerOf(request, 'frontend'));
      return reply.status(202).send();
    },
  );
}
