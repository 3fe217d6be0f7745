import { parse as parseQuery } from 'node:querystring';
import type { SdkCredentials } from '../../http/auth-guard';
import { findUnstorableText } from '../../http/hostile-input';
import type { SdkFastPath } from '../../http/sdk-fast-path';
import { NOSNIFF_HEADER } from '../../http/security-headers';
import { sdkScopeOf } from '../client-api';
import { corsHeaders, evaluateFrontend, type FrontendApiRouteOptions } from './frontend-api-routes';

/**
 * `GET /api/frontend` on the fast path: the same evaluation, ETag and CORS headers as the route,
 * from the same functions. Requests that need anything else (an unknown token, a proxy's
 * X-Forwarded-For, a 4xx) are left to Fastify.
 */
export function registerFrontendFastPath(
  fastPath: SdkFastPath,
  options: Pick<FrontendApiRouteOptions, 'cache' | 'hostname' | 'settings' | 'onEvaluated' | 'exposures'> & {
    baseUriPath: string;
    credentials: SdkCredentials;
  },
): void {
  fastPath.on('GET', `${options.baseUriPath}/api/frontend`, async (request, response, query) => {
    const ip = request.socket.remoteAddress;
    if (ip === undefined) return false;
    const scope = await sdkScopeOf(request, options.credentials, 'frontend');
    if (!scope) return false;
    // node:querystring parses as Fastify's default parser does (repeated keys become lists, and
    // no key is dropped: frontendContext counts them all, so both paths refuse the same requests).
    const input = parseQuery(query, '&', '=', { maxKeys: 0 }) as Record<string, unknown>;
    // Fastify refuses these with 400 (hostile-input.ts); its answer is the one to give.
    if (findUnstorableText(input, '/query')) return false;
    const [body, cors] = await Promise.all([
      evaluateFrontend(options, scope, ip, input),
      corsHeaders(options.settings, request.headers.origin),
    ]);
    const headers: Record<string, string | number> = {
      ...cors,
      'cache-control': 'no-cache',
      etag: body.etag,
      [NOSNIFF_HEADER[0]]: NOSNIFF_HEADER[1],
    };
    if (request.headers['if-none-match'] === body.etag) {
      response.writeHead(304, headers);
      response.end();
      return true;
    }
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = Buffer.byteLength(body.json);
    response.writeHead(200, headers);
    response.end(body.json);
    return true;
  });
}
