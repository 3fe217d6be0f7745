import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  BulkMetricsSchema,
  ClientApplicationSchema,
  ClientFeatureSchema,
  ClientFeaturesDeltaSchema,
  ClientFeaturesSchema,
  ClientMetricsSchema,
  EmptyResponseSchema,
  ErrorBodySchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import {
  acceptedCodings,
  type EncodedBody,
  ifNoneMatchHits,
  type Representation,
} from '../../http/content-encoding';
import { type TokenScope, tokenScopeOf } from '../../lib/caller';
import { badData, notFound } from '../../lib/errors';
import type { ClientMetricsService, SdkReporter } from '../client-metrics';
import { requestedRevision } from './client-delta';
import type { ClientFeatureCache } from './client-feature-cache';
import type { ClientQuery } from './client-payload';
import type { FetchMode } from './client-streaming';

export interface ClientApiRouteOptions {
  cache: ClientFeatureCache;
  metrics: ClientMetricsService;
  version: string;
  /** The operator's fetch mode: `streaming` is announced on full polling answers. */
  fetchMode?: () => FetchMode;
  /** Edge's `seenTokens` from a bulk post (not awaited). */
  markTokensSeen?: (secrets: readonly string[]) => void;
}

/**
 * `fetch-mode: streaming` on a full (200) polling answer moves the node SDK to streaming
 * (unleash-client polling-fetcher); SDKs that do not know the header ignore it.
 */
export function fetchModeHeader(mode: FetchMode | undefined): Record<string, string> {
  return mode === 'streaming' ? { 'fetch-mode': 'streaming' } : {};
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const StringOrList = Type.Union([Type.String(), Type.Array(Type.String())]);
const FeaturesQuery = Type.Object(
  {
    project: Type.Optional(StringOrList),
    namePrefix: Type.Optional(Type.String()),
    tag: Type.Optional(StringOrList),
    environment: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type FeaturesQueryInput = {
  project?: string | string[];
  namePrefix?: string;
  tag?: string | string[];
  environment?: string;
};

const STRICT_SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** SDKs speaking client spec 4.2.0 or later get segments by reference (API.md §2.2). */
export function inlinesSegments(specHeader: string | string[] | undefined): boolean {
  const spec = Array.isArray(specHeader) ? specHeader[0] : specHeader;
  if (spec === undefined || spec === '') return true;
  const match = STRICT_SEMVER.exec(spec.trim());
  if (!match)
    throw badData(`Invalid prefix: the Unleash-Client-Spec header "${spec}" is not a valid semver version`);
  const [major, minor] = [Number(match[1]), Number(match[2])];
  return major < 4 || (major === 4 && minor < 2);
}

const list = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The token decides the environment and projects; the query only narrows a `*` token (API.md §2.2). */
export function clientQueryOf(
  scope: TokenScope,
  input: FeaturesQueryInput,
  inlineSegmentConstraints: boolean,
): ClientQuery {
  const environment = scope.environment === '*' ? (input.environment ?? 'development') : scope.environment;
  const requested = list(input.project).filter(Boolean);
  const projects = scope.allProjects ? (requested.length ? requested : null) : scope.projects;
  const tags = list(input.tag)
    .map((tag) => {
      const at = tag.indexOf(':');
      return at > 0 ? ([tag.slice(0, at), tag.slice(at + 1)] as const) : null;
    })
    .filter((tag): tag is readonly [string, string] => tag !== null);
  return {
    environment,
    projects,
    namePrefix: input.namePrefix || undefined,
    tags,
    inlineSegmentConstraints,
  };
}

export function sdkReporterOf(
  request: { caller: Parameters<typeof tokenScopeOf>[0]; ip: string },
  sdkType: 'backend' | 'frontend',
): SdkReporter {
  const scope = tokenScopeOf(request.caller);
  return {
    environment: scope?.environment ?? 'default',
    projects: scope ? [...scope.projects] : [],
    clientIp: request.ip,
    sdkType,
    tokenId: request.caller.kind === 'api-token' ? request.caller.tokenId : null,
  };
}

export const JSON_UTF8 = 'application/json; charset=utf-8';

/** A cached SDK answer as status and headers (ETag, Vary, encoding, length) and the bytes to send. */
export type EncodedAnswer =
  | { status: 200; headers: Readonly<Record<string, string | number>>; body: Buffer }
  | { status: 304; headers: Readonly<Record<string, string | number>> };

/**
 * The answer to a conditional GET of an encoded body: 304 when If-None-Match names it in any
 * encoding (weak comparison), else the best representation the client accepts. The 304 carries
 * the ETag and Vary the 200 would have.
 */
export function answerEncoded(
  encoded: EncodedBody,
  headers: { 'if-none-match'?: string | string[]; 'accept-encoding'?: string | string[] },
): EncodedAnswer | Promise<EncodedAnswer> {
  const accepted = acceptedCodings(headers['accept-encoding']);
  if (ifNoneMatchHits(headers['if-none-match'], encoded.etag)) {
    return { status: 304, headers: encoded.notModified(accepted) };
  }
  // Synchronous when the representation is ready (the SDK fast path's common case).
  const representation = encoded.choose(accepted);
  return representation instanceof Promise ? representation.then(okAnswer) : okAnswer(representation);
}

function okAnswer(representation: Representation): EncodedAnswer {
  return { status: 200, headers: representation.headers, body: representation.body };
}

/**
 * `GET /api/client/features` for a client query: the cached body in the best encoding the SDK
 * accepts, or 304 when it already has it. Shared by the Fastify route and the SDK fast path (which
 * builds the query once per token and query string) so the two cannot drift.
 */
export async function answerClientQuery(
  cache: ClientFeatureCache,
  query: ClientQuery,
  headers: { 'if-none-match'?: string | string[]; 'accept-encoding'?: string | string[] },
): Promise<EncodedAnswer> {
  const served = await cache.clientFeatures(query);
  return answerEncoded(served.encoded, headers);
}

/**
 * Sends an EncodedAnswer through Fastify: a 304 with no body at all (a serialised `null` would
 * announce 4 bytes that never come), a 200 as precomputed bytes (Fastify sends a Buffer as is,
 * skipping serialisation; the typed reply only knows the schema's object type, hence the casts).
 */
function sendEncoded(
  reply: FastifyReply,
  answer: EncodedAnswer,
  extraHeaders: Record<string, string> = {},
): FastifyReply {
  if (answer.status === 304)
    return reply
      .status(304)
      .headers(answer.headers)
      .send(undefined as never);
  const { 'content-length': _length, ...headers } = answer.headers;
  return reply
    .headers(headers)
    .headers(extraHeaders)
    .type(JSON_UTF8)
    .send(answer.body as never);
}

/** The API server-side SDKs, Unleash Edge and the Proxy poll (API.md §2). */
export async function clientApiRoutes(app: App, options: ClientApiRouteOptions): Promise<void> {
  registerClientFeatures(app, options);
  registerClientReports(app, options);
}

/** The flags: the whole set (ETag, compression), the delta since a revision, one flag. */
function registerClientFeatures(app: App, options: ClientApiRouteOptions): void {
  const { cache } = options;
  app.get(
    '/api/client/features',
    {
      config: { permission: 'CLIENT' },
      schema: {
        operationId: 'getAllClientFeatures',
        tags: ['Client'],
        querystring: FeaturesQuery,
        response: { 200: ClientFeaturesSchema, 304: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const query = clientQueryOf(
        tokenScopeOf(request.caller)!,
        request.query,
        inlinesSegments(request.headers['unleash-client-spec']),
      );
      const answer = await answerClientQuery(cache, query, request.headers);
      return sendEncoded(reply, answer, fetchModeHeader(options.fetchMode?.()));
    },
  );

  app.get(
    '/api/client/delta',
    {
      config: { permission: 'CLIENT' },
      schema: {
        operationId: 'getDelta',
        tags: ['Client'],
        summary: 'The flag changes since the revision in If-None-Match, or a hydration (API.md §2.7).',
        querystring: FeaturesQuery,
        response: { 200: ClientFeaturesDeltaSchema, 304: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const query = clientQueryOf(tokenScopeOf(request.caller)!, request.query, false);
      const served = await cache.clientDelta(query, requestedRevision(request.headers['if-none-match']));
      if (served.status === 304) {
        return reply
          .status(304)
          .header('etag', served.etag)
          .send(undefined as never);
      }
      // The revision in If-None-Match already chose this body: only the encoding is negotiated.
      const answer = await answerEncoded(served.encoded, {
        'accept-encoding': request.headers['accept-encoding'],
      });
      return sendEncoded(reply, answer);
    },
  );

  app.get(
    '/api/client/features/:featureName',
    {
      config: { permission: 'CLIENT' },
      schema: {
        operationId: 'getClientFeature',
        tags: ['Client'],
        params: Type.Object({ featureName: Type.String() }),
        response: { 200: ClientFeatureSchema, ...errors, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const scope = tokenScopeOf(request.caller)!;
      const query = clientQueryOf(scope, {}, inlinesSegments(request.headers['unleash-client-spec']));
      const served = await cache.clientFeatures(query);
      const feature = served.payload().features.find((f) => f.name === request.params.featureName);
      if (!feature) throw notFound(`Could not find feature flag ${request.params.featureName}`);
      return feature;
    },
  );
}

/** What SDKs and Edge report: registration, metrics, Edge's bulk metrics with its seen tokens. */
function registerClientReports(app: App, options: ClientApiRouteOptions): void {
  const { metrics } = options;
  app.post(
    '/api/client/register',
    {
      config: { permission: 'CLIENT' },
      schema: {
        operationId: 'registerClientApplication',
        tags: ['Client'],
        body: ClientApplicationSchema,
        response: { 202: EmptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      metrics.registerClient(request.body, sdkReporterOf(request, 'backend'));
      // Unleash answers 202 with no body at all (issue 12 §4): no `null`, no content type.
      return reply.status(202).header('x-unleash-version', options.version).send();
    },
  );

  app.post(
    '/api/client/metrics',
    {
      config: { permission: 'CLIENT' },
      schema: {
        operationId: 'registerClientMetrics',
        tags: ['Client'],
        body: ClientMetricsSchema,
        response: { 202: EmptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      metrics.registerMetrics(request.body, sdkReporterOf(request, 'backend'));
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/client/metrics/bulk',
    {
      config: { permission: 'CLIENT' },
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        operationId: 'clientBulkMetrics',
        tags: ['Edge'],
        body: BulkMetricsSchema,
        response: { 202: EmptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      metrics.registerBulk(request.body, sdkReporterOf(request, 'backend'));
      const { seenTokens } = request.body;
      if (seenTokens?.length) options.markTokensSeen?.(seenTokens);
      return reply.status(202).send();
    },
  );
}
