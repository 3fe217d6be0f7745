import type { ServerResponse } from 'node:http';
import { Type } from 'typebox';
import { ErrorBodySchema } from '../../../contract';
import type { App } from '../../http/app-type';
import { toErrorBody } from '../../http/error-handler';
import { actorOf, tokenScopeOf } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { clientQueryOf } from './client-api-routes';
import { requestedRevision } from './client-delta';
import type { StreamingHub } from './client-streaming';
import type { StreamingFetchMode } from './streaming-fetch-mode';

export interface StreamingRouteOptions {
  hub: StreamingHub;
  fetchMode: StreamingFetchMode;
}

const FetchModeSchema = Type.Object(
  {
    mode: Type.Union([Type.Literal('polling'), Type.Literal('streaming'), Type.Null()], {
      description:
        'polling: streams get a fetch-mode event and SDKs poll; streaming: full polling answers carry the fetch-mode: streaming header; null: each SDK keeps its own setting.',
    }),
  },
  { additionalProperties: false },
);

function refuse(
  response: ServerResponse,
  message: string,
  name: 'ServiceUnavailableError' | 'RateLimitError' = 'ServiceUnavailableError',
): void {
  const error = new ApiError(name, message);
  response.writeHead(error.statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'retry-after': '5',
  });
  response.end(JSON.stringify(toErrorBody(error)));
}

/** Streaming for server-side SDKs and Edge, and the admin's way to let every stream go (API.md §2.7). */
export async function clientStreamingRoutes(
  app: App,
  { hub, fetchMode }: StreamingRouteOptions,
): Promise<void> {
  streamRoutes(app, hub);
  fetchModeRoutes(app, { hub, fetchMode });
}

/** The SDKs' stream, and the admin's way to end every stream. */
function streamRoutes(app: App, hub: StreamingHub): void {
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
          429: ErrorBodySchema,
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
        if ((await hub.open(reply.raw, query, lastEventId)) === 'full') {
          // 429 is what the node SDK takes as "too many streams here": it switches to polling at once.
          refuse(reply.raw, 'This instance holds as many streams as it may; poll instead.', 'RateLimitError');
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

/** The fetch mode the operator chose for SDKs: read it, or send them to polling. */
function fetchModeRoutes(app: App, { hub, fetchMode }: StreamingRouteOptions): void {
  app.get(
    '/api/admin/streaming/fetch-mode',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getSdkFetchMode',
        tags: ['Client'],
        summary:
          'Whether SDKs are told to poll, to stream, or left to their own setting (a Switchyard addition).',
        response: { 200: FetchModeSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => ({ mode: await fetchMode.read() }),
  );

  app.put(
    '/api/admin/streaming/fetch-mode',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'setSdkFetchMode',
        tags: ['Client'],
        summary:
          'Moves SDKs between polling and streaming: polling sends every stream a fetch-mode event; streaming adds the fetch-mode header to full polling answers.',
        body: FetchModeSchema,
        response: { 200: FetchModeSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      await fetchMode.set(request.body.mode, actorOf(request.caller));
      if (request.body.mode === 'polling') hub.sendAllToPolling();
      return { mode: request.body.mode };
    },
  );
}
