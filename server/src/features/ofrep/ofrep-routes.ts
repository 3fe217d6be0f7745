import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  type Context,
  ErrorBodySchema,
  OfrepBulkEvaluationFailureSchema,
  type OfrepBulkEvaluationSuccess,
  OfrepBulkEvaluationSuccessSchema,
  type OfrepConfiguration,
  OfrepConfigurationSchema,
  OfrepEvaluationFailureSchema,
  OfrepEvaluationRequestSchema,
  OfrepEvaluationSuccessSchema,
} from '../../../contract';
import { evaluateOfrepFlag, evaluateOfrepFlags, type OfrepResult } from '../../evaluation';
import type { App } from '../../http/app-type';
import { toApiError } from '../../http/error-handler';
import { tokenScopeOf } from '../../lib/caller';
import type { ClientFeatureCache } from '../client-api';
import {
  corsHeaders,
  type ExposureRecorder,
  FRONTEND_BODY_LIMIT,
  type FrontendSettings,
  sentSessionId,
} from '../frontend-api';
import { ofrepContext } from './ofrep-context';

export interface OfrepRouteOptions {
  cache: ClientFeatureCache;
  /** The frontend API's CORS origins: browser OFREP providers call from the same web apps. */
  settings: FrontendSettings;
  hostname: string;
  /** Experiments (issue 35): told the variants served of flags with a running experiment. */
  exposures?: ExposureRecorder;
}

const CONFIGURATION: OfrepConfiguration = {
  name: 'Switchyard',
  capabilities: {
    // The bulk answer carries an ETag, so polling often costs a 304.
    cacheInvalidation: { polling: { enabled: true, minPollingIntervalMs: 1000 } },
    flagEvaluation: { supportedTypes: ['boolean', 'string', 'int', 'float', 'object'] },
  },
};
const CONFIGURATION_JSON = JSON.stringify(CONFIGURATION);
const CONFIGURATION_ETAG = weakEtag(CONFIGURATION_JSON);

function weakEtag(json: string): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** A serialised body with its ETag, or 304 when the caller holds it already. */
function sendTagged(request: FastifyRequest, reply: FastifyReply, etag: string, json: string): FastifyReply {
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply
    .type('application/json; charset=utf-8')
    .serializer((text: string) => text)
    .send(json);
}

const authErrors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema };
const permission = ['CLIENT', 'FRONTEND'] as const;

/**
 * A request OFREP calls bad (unparsable JSON, a context over the bounds, a body that is not an
 * object) is answered in the protocol's failure shape so providers can read it; everything else
 * (401, 403, 413, 415) keeps Unleash's error body.
 */
function ofrepBadRequest(key: string | undefined) {
  return (error: unknown, _request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError.statusCode !== 400) throw error;
    const code = (error as { code?: string }).code;
    const errorCode = code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'PARSE_ERROR' : 'INVALID_CONTEXT';
    const errorDetails = apiError.details?.[0]?.message ?? apiError.message;
    return reply
      .status(400)
      .send(key === undefined ? { errorCode, errorDetails } : { key, errorCode, errorDetails });
  };
}

/**
 * OFREP (issue 17): server providers evaluate one flag per call, browser providers fetch every
 * flag once per context and poll with If-None-Match. Both take a client or a frontend token, in
 * `Authorization` (with or without `Bearer`) or `X-API-Key`, and see that token's projects and
 * environment, evaluated from the same in-memory snapshot as the client and frontend APIs.
 */
export async function ofrepRoutes(app: App, options: OfrepRouteOptions): Promise<void> {
  registerOfrepCors(app, options.settings);
  registerOfrepEvaluation(app, options);
  registerOfrepConfiguration(app);
}

/** Browser providers call across origins: the frontend API's CORS settings apply, preflight included. */
function registerOfrepCors(app: App, settings: OfrepRouteOptions['settings']): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const cors = await corsHeaders(settings, request.headers.origin);
    if (cors) reply.headers(cors);
    return payload;
  });
  app.options(
    '/ofrep/*',
    {
      config: { permission: 'NONE' },
      schema: { operationId: 'ofrepPreflight', tags: ['OFREP'], hide: true, response: { 204: Type.Null() } },
    },
    async (request, reply) =>
      reply
        .status(204)
        .headers({
          'access-control-allow-methods': 'GET,POST',
          'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? '*'),
          'access-control-max-age': '86400',
        })
        .send(null),
  );
}

/** The token's view of the snapshot and the request's evaluation context. */
async function evaluationInputs(
  { cache, hostname }: OfrepRouteOptions,
  request: FastifyRequest,
  context: Record<string, unknown> | undefined,
) {
  const scope = tokenScopeOf(request.caller)!;
  const state = await cache.evaluationState(scope.environment, scope.allProjects ? null : scope.projects);
  const deps = { repository: state.repository, hostname };
  return {
    deps,
    environment: scope.environment,
    context: ofrepContext(context, { ip: request.ip, newSessionId: randomUUID }),
  };
}

/** Experiments (issue 35): the variants served of flags with a running experiment, as exposures. */
function recordServed(
  { exposures }: OfrepRouteOptions,
  environment: string,
  input: Record<string, unknown> | undefined,
  context: Context,
  results: readonly OfrepResult[],
): void {
  if (!exposures?.watches(environment)) return;
  const sessionIdSent = sentSessionId(input ?? {});
  for (const result of results) {
    if (result.ok) {
      exposures.served(environment, result.evaluation.key, result.evaluation.variant, context, sessionIdSent);
    }
  }
}

/** One flag (server providers) and every flag with an ETag (browser providers). */
function registerOfrepEvaluation(app: App, options: OfrepRouteOptions): void {
  app.post(
    '/ofrep/v1/evaluate/flags/:key',
    {
      bodyLimit: FRONTEND_BODY_LIMIT,
      config: { permission },
      schema: {
        operationId: 'ofrepEvaluateFlag',
        tags: ['OFREP'],
        summary: 'Evaluates one flag for a context (OpenFeature Remote Evaluation Protocol).',
        params: Type.Object({ key: Type.String({ maxLength: 255 }) }),
        body: OfrepEvaluationRequestSchema,
        response: {
          200: OfrepEvaluationSuccessSchema,
          400: OfrepEvaluationFailureSchema,
          404: OfrepEvaluationFailureSchema,
          ...authErrors,
        },
      },
      errorHandler: (error, request, reply) =>
        ofrepBadRequest((request.params as { key?: string } | undefined)?.key ?? '')(error, request, reply),
    },
    async (request, reply) => {
      const { key } = request.params;
      const { deps, environment, context } = await evaluationInputs(options, request, request.body.context);
      const result = evaluateOfrepFlag(key, context, deps);
      if (result) recordServed(options, environment, request.body.context, context, [result]);
      if (!result) {
        return reply.status(404).send({
          key,
          errorCode: 'FLAG_NOT_FOUND',
          errorDetails: `No flag named "${key}" is visible to this token.`,
        });
      }
      if (!result.ok) return reply.status(400).send(result.failure);
      return result.evaluation;
    },
  );

  app.post(
    '/ofrep/v1/evaluate/flags',
    {
      bodyLimit: FRONTEND_BODY_LIMIT,
      config: { permission },
      schema: {
        operationId: 'ofrepEvaluateFlags',
        tags: ['OFREP'],
        summary: 'Evaluates every flag the token sees for a context, with an ETag for If-None-Match.',
        body: OfrepEvaluationRequestSchema,
        response: {
          200: OfrepBulkEvaluationSuccessSchema,
          304: Type.Null(),
          400: OfrepBulkEvaluationFailureSchema,
          ...authErrors,
        },
      },
      errorHandler: ofrepBadRequest(undefined),
    },
    async (request, reply) => {
      const { deps, environment, context } = await evaluationInputs(options, request, request.body.context);
      const results = evaluateOfrepFlags(context, deps);
      recordServed(options, environment, request.body.context, context, results);
      const body: OfrepBulkEvaluationSuccess = { flags: results.map(entryOf) };
      const json = JSON.stringify(body);
      const etag = weakEtag(json);
      return sendTagged(request, reply, etag, json);
    },
  );
}

function registerOfrepConfiguration(app: App): void {
  app.get(
    '/ofrep/v1/configuration',
    {
      config: { permission },
      schema: {
        operationId: 'ofrepConfiguration',
        tags: ['OFREP'],
        summary: 'What this OFREP server supports, for providers that ask.',
        response: { 200: OfrepConfigurationSchema, 304: Type.Null(), ...authErrors },
      },
    },
    async (request, reply) => sendTagged(request, reply, CONFIGURATION_ETAG, CONFIGURATION_JSON),
  );
}

const entryOf = (result: OfrepResult) => (result.ok ? result.evaluation : result.failure);
