import {
  EdgeEnvironmentProjectsListSchema,
  EdgeHmacErrorSchema,
  errorResponses,
  ValidatedEdgeTokensSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { perMinute, registerRouteRateLimits } from '../../http/rate-limit';
import type { ApiTokenService } from './api-token-service';
import { EDGE_CLIENT_ID, readSignedRequest, signatureMatches, signatureOf } from './edge-hmac';
import { spendEdgeNonce } from './edge-token-operations';

export interface EdgeIssueTokenOptions {
  db: Db;
  tokens: ApiTokenService;
  /** EDGE_CLIENT_SECRET; null refuses every request as from an unknown client. */
  clientSecret: string | null;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * `POST /edge/issue-token` (API.md §2.6): Unleash Edge, holding the shared Edge client secret,
 * asks backend tokens for environment/project scopes and gets the same token again for a scope
 * it asked before. Authenticated by the HMAC signature Unleash checks (edge-hmac.ts), with the
 * nonce kept in PostgreSQL so a replay is refused by every instance. Refusals are 401 `{error}`,
 * exactly Unleash's answers.
 */
export async function edgeIssueTokenRoutes(app: App, options: EdgeIssueTokenOptions): Promise<void> {
  await registerRouteRateLimits(app);
  app.post(
    '/edge/issue-token',
    {
      bodyLimit: 100 * 1024,
      config: { permission: 'NONE', rateLimit: perMinute(60) },
      schema: {
        operationId: 'edgeCreateOrReturnTokens',
        tags: ['Unleash Edge'],
        body: EdgeEnvironmentProjectsListSchema,
        response: {
          200: ValidatedEdgeTokensSchema,
          401: EdgeHmacErrorSchema,
          ...errorResponses(400, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const read = readSignedRequest(
        {
          method: request.method,
          authorization: header(request.headers.authorization),
          timestamp: header(request.headers['x-timestamp']),
          nonce: header(request.headers['x-nonce']),
          bodyHash: header(request.headers['content-sha256']),
          body: request.body,
        },
        now,
      );
      if (!read.ok) return reply.status(401).send({ error: read.error });
      // Unleash registers the nonce before it looks the client up: an unknown client's nonce is spent too.
      if (!(await spendEdgeNonce(options.db, read.clientId, read.nonce, read.nonceKeptUntil)))
        return reply.status(401).send({ error: 'Replay detected' });
      const secret = read.clientId === EDGE_CLIENT_ID ? options.clientSecret : null;
      if (!secret) return reply.status(401).send({ error: 'Unknown client' });
      const timestamp = header(request.headers['x-timestamp']) as string;
      const bodyHash = header(request.headers['content-sha256']) as string;
      const expected = signatureOf(secret, request.method, timestamp, read.nonce, bodyHash);
      if (!signatureMatches(expected, read.signature as string))
        return reply.status(401).send({ error: 'Signature mismatch' });
      return options.tokens.issueForEdge(read.clientId, secret, request.body.tokens);
    },
  );
}
