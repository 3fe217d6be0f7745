import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ClientMetrics, ClientMetricsSchema } from '../../../contract';
import { authorizationSecret, type SdkCredentials } from '../../http/auth-guard';
import { compileBodyValidator } from '../../http/lazy-compilers';
import { isPlainJsonPost, parseTrustedJson, readBody, type SdkFastPath } from '../../http/sdk-fast-path';
import { NOSNIFF_HEADER } from '../../http/security-headers';
import { type ApiTokenCaller, type TokenScope, tokenScopeOf } from '../../lib/caller';
import type { ClientMetricsService } from '../client-metrics';
import {
  answerClientQuery,
  answerEncoded,
  clientQueryOf,
  type EncodedAnswer,
  type FeaturesQueryInput,
  fetchModeHeader,
  inlinesSegments,
} from './client-api-routes';
import type { ClientFeatureCache } from './client-feature-cache';
import type { ClientQuery } from './client-payload';
import type { FetchMode } from './client-streaming';

/** The metrics answer's headers (no body; the nosniff every fast answer carries). */
const ACCEPTED_HEADERS = { 'content-length': 0, [NOSNIFF_HEADER[0]]: NOSNIFF_HEADER[1] };

/**
 * The scope of a valid SDK token of `kind`, or null: missing, unknown or wrong-kind tokens are
 * left to the auth guard, which answers them with the exact error.
 */
export async function sdkScopeOf(
  request: IncomingMessage,
  credentials: SdkCredentials,
  kind: 'client' | 'frontend',
): Promise<TokenScope | null> {
  const caller = await sdkCallerOf(request, credentials, kind);
  return caller && tokenScopeOf(caller);
}

/** The API token caller of an SDK request of this kind, or null (then Fastify answers it). */
async function sdkCallerOf(
  request: IncomingMessage,
  credentials: SdkCredentials,
  kind: 'client' | 'frontend',
): Promise<ApiTokenCaller | null> {
  const secret = authorizationSecret(request);
  if (!secret) return null;
  await credentials.ready();
  const caller = await credentials.fromAuthorization(secret);
  if (caller?.kind !== 'api-token' || caller.scope.type !== kind) return null;
  return caller;
}

/** sdkScopeOf answered synchronously when the token is known now; null: ask sdkScopeOf. */
function knownScopeOf(
  request: IncomingMessage,
  credentials: SdkCredentials,
  kind: 'client' | 'frontend',
): TokenScope | null {
  const secret = authorizationSecret(request);
  const caller = secret === undefined ? undefined : credentials.knownCaller?.(secret);
  if (caller?.kind !== 'api-token' || caller.scope.type !== kind) return null;
  return tokenScopeOf(caller);
}

const LIST_KEYS = new Set(['project', 'tag']);
const SINGLE_KEYS = new Set(['namePrefix', 'environment']);

/**
 * The query the SDKs and Edge send (`project`, `tag`, `namePrefix`, `environment`), or null for
 * anything that needs Fastify's parser: escapes, `+`, or any other key.
 */
export function plainFeaturesQuery(query: string): FeaturesQueryInput | null {
  if (query === '') return {};
  if (query.includes('%') || query.includes('+')) return null;
  const input: { project?: string[]; tag?: string[]; namePrefix?: string; environment?: string } = {};
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const key = at === -1 ? pair : pair.slice(0, at);
    const value = at === -1 ? '' : pair.slice(at + 1);
    if (LIST_KEYS.has(key)) {
      const listKey = key as 'project' | 'tag';
      input[listKey] = [...(input[listKey] ?? []), value];
    } else if (SINGLE_KEYS.has(key)) {
      if (input[key as 'namePrefix' | 'environment'] !== undefined) return null;
      input[key as 'namePrefix' | 'environment'] = value;
    } else return null;
  }
  return input;
}

/**
 * The client query of a token scope, query string and segment mode, built once: the same object
 * each time lets the feature cache skip building its key (a JSON serialisation) per request.
 * Bounded per scope, since query strings come from clients.
 */
const queriesOf = new WeakMap<TokenScope, Map<string, ClientQuery | null>>();
const MAX_QUERIES_PER_SCOPE = 64;
const MAX_REMEMBERED_QUERY = 1024;
function memoizedQuery(scope: TokenScope, query: string, inline: boolean): ClientQuery | null {
  let queries = queriesOf.get(scope);
  if (!queries) {
    queries = new Map();
    queriesOf.set(scope, queries);
  }
  const key = inline ? `i${query}` : `p${query}`;
  let clientQuery = queries.get(key);
  if (clientQuery === undefined) {
    const input = plainFeaturesQuery(query);
    clientQuery = input && clientQueryOf(scope, input, inline);
    // Long query strings are answered, not remembered: the memo stays small whatever clients send.
    if (query.length > MAX_REMEMBERED_QUERY) return clientQuery;
    if (queries.size >= MAX_QUERIES_PER_SCOPE) queries.clear();
    queries.set(key, clientQuery);
  }
  return clientQuery;
}

/** The Unleash-Client-Spec header's segment mode, parsed once per distinct value (null: invalid). */
const inlineBySpec = new Map<string, boolean | null>();
function inlineOf(spec: string | string[] | undefined): boolean | null {
  if (typeof spec !== 'string') {
    try {
      return inlinesSegments(spec);
    } catch {
      return null;
    }
  }
  let inline = inlineBySpec.get(spec);
  if (inline === undefined) {
    try {
      inline = inlinesSegments(spec);
    } catch {
      inline = null;
    }
    if (inlineBySpec.size >= 64) inlineBySpec.clear();
    inlineBySpec.set(spec, inline);
  }
  return inline;
}

/** `GET /api/client/features` on the fast path: the same answer as the route, from the same code. */
export function registerClientFeaturesFastPath(
  fastPath: SdkFastPath,
  options: {
    baseUriPath: string;
    cache: ClientFeatureCache;
    credentials: SdkCredentials;
    fetchMode?: () => FetchMode;
  },
): void {
  const send = (response: ServerResponse, answer: EncodedAnswer): true => {
    if (answer.status === 304) {
      response.writeHead(304, answer.headers);
      response.end();
    } else {
      // Prebuilt per representation, content type included: nothing allocated per request
      // unless the operator asks SDKs to move to streaming.
      const mode = options.fetchMode?.();
      response.writeHead(
        200,
        mode === 'streaming' ? { ...answer.headers, ...fetchModeHeader(mode) } : answer.headers,
      );
      response.end(answer.body);
    }
    return true;
  };
  const answerLater = async (
    request: IncomingMessage,
    response: ServerResponse,
    query: string,
    inline: boolean,
  ): Promise<boolean> => {
    const scope = await sdkScopeOf(request, options.credentials, 'client');
    if (!scope) return false;
    const clientQuery = memoizedQuery(scope, query, inline);
    if (!clientQuery) return false;
    return send(response, await answerClientQuery(options.cache, clientQuery, request.headers));
  };
  fastPath.on('GET', `${options.baseUriPath}/api/client/features`, (request, response, query) => {
    const inline = inlineOf(request.headers['unleash-client-spec']);
    if (inline === null) return false;
    // Everything in memory (token, snapshot at the known revision, body, representation): the
    // answer goes out synchronously. Anything missing takes the same steps through promises.
    const scope = knownScopeOf(request, options.credentials, 'client');
    const clientQuery = scope && memoizedQuery(scope, query, inline);
    const served = clientQuery && options.cache.servedNow(clientQuery);
    if (served) {
      const answer = answerEncoded(served.encoded, request.headers);
      if (!(answer instanceof Promise)) return send(response, answer);
    }
    return answerLater(request, response, query, inline);
  });
}

/** Runs a request through Fastify with a body already read (the fast path could not answer it). */
export type Replay = (request: IncomingMessage, response: ServerResponse, body: Buffer) => Promise<void>;

/**
 * `POST /api/client/metrics` on the fast path: the same validation (Fastify's own compiler and
 * options) and the same ingestion as the route. A body the route would refuse is replayed
 * through Fastify, so its 400 is the route's, word for word.
 */
export function registerClientMetricsFastPath(
  fastPath: SdkFastPath,
  options: {
    baseUriPath: string;
    metrics: ClientMetricsService;
    credentials: SdkCredentials;
    replay: Replay;
  },
): void {
  const valid = compileBodyValidator(ClientMetricsSchema);
  fastPath.on('POST', `${options.baseUriPath}/api/client/metrics`, async (request, response) => {
    if (!isPlainJsonPost(request)) return false;
    const caller = await sdkCallerOf(request, options.credentials, 'client');
    if (!caller) return false;
    const { scope } = caller;
    const raw = await readBody(request);
    // From here on the body is consumed and Fastify could not read it again: any outcome but
    // success is a replay through Fastify, never a fallback.
    const body = parseTrustedJson(raw);
    let ingested = false;
    if (body !== undefined && valid(body)) {
      try {
        options.metrics.registerMetrics(body as ClientMetrics, {
          environment: scope.environment,
          projects: [...scope.projects],
          clientIp: request.socket.remoteAddress ?? '',
          sdkType: 'backend',
          tokenId: caller.tokenId,
        });
        ingested = true;
      } catch {
        // The route will meet the same failure and answer it with the error handler's 500.
      }
    }
    if (!ingested) {
      await options.replay(request, response, raw);
      return true;
    }
    // As the route: 202 with an empty body (Unleash sends no body and no content type).
    response.writeHead(202, ACCEPTED_HEADERS);
    response.end();
    return true;
  });
}
