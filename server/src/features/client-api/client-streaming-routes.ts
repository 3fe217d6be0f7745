import type { ServerResponse } from 'node:http';
import { Type } from 'typebox';
import { ErrorBodySchema } from '../../../contract';
import type { App } from '../../http/app-type';
import { toErrorBody } from '../../http/error-handler';
import { tokenScopeOf } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { clientQueryOf } from './client-api-routes';
import { requestedRevision } from './client-delta';
import type { StreamingHub } from './client-streaming';

export interface StreamingRouteOptions {
  hub: StreamingHub;
}

function refuse(response: ServerResponse, message: string): void {
  const error = new ApiError('ServiceUnavailableError', message);
  response.writeHead(error.statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'retry-after': '5',
  });
  response.end(JSON.stringify(toErrorBody(error)));
}

/** Streaming for server-side SDKs and Edge, and the admin's way to let every stream go (API.md §2.7). */
export async function clientStreamingRoutes(app: App, { hub }: StreamingRouteOptions): Promise<void> {
  app.get(
    '/api/client/streaming',
    {
      config: { permission: 'CLIENT' },
      schema: {
        operationId: 'getStreaming',
        tags: ['Client'],
        summary:
          'Server-Sent Events: unleash-connected with a hydration (or the events after Last-Event-ID), then unleash-updated per change.',
        response: {
          200: Type.String({ description: 'text/event-stream' }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const query = clientQueryOf(tokenScopeOf(request.caller)!, {}, false);
      const lastEventId = requestedRevision(request.headers['last-event-id'] as string | undefined);
      // From here on the stream is written by hand; Fastify no longer answers this request.
      reply.hijack();
      try {
        if (!(await hub.open(reply.raw, query, lastEventId))) {
          refuse(reply.raw, 'This instance holds as many streams as it may; poll, or try again later.');
        }
      } catch (error) {
        request.log.warn({ err: (error as Error).message }, 'streaming: first event failed');
        if (!reply.raw.headersSent) refuse(reply.raw, 'The flags cannot be read now; try again later.');
        else reply.raw.destroy();
      }
    },
  );

  app.post(
    '/api/admin/streaming/disconnect-all',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'disconnectAllStreams',
        tags: ['Client'],
        summary: 'Ends every SDK stream on this instance (they reconnect); answers how many.',
        response: {
          200: Type.Object({ disconnected: Type.Integer() }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async () => ({ disconnected: hub.disconnectAll() }),
  );
}
