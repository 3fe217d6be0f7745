import {
  EdgeHeartbeatQuerySchema,
  EdgeHeartbeatsSchema,
  EdgeInstanceDataSchema,
  EdgeInstancesSchema,
  EdgeLicenseStateSchema,
  EmptyResponseSchema,
  ErrorBodySchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { tokenScopeOf } from '../../lib/caller';
import { reportingEnvironment } from './client-metrics-service';
import type { EdgeInstanceStore } from './edge-instances';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Unleash Edge's instance data (API.md §2.6 `/api/client/metrics/edge`): Edge posts it every
 * minute with one of its client tokens. Unleash 8.2 OSS has no such route (404; Enterprise keeps
 * it for its Edge observability screens); Switchyard accepts it and lists it for admins.
 */
export async function edgeInstanceRoutes(app: App, { edges }: { edges: EdgeInstanceStore }): Promise<void> {
  instanceDataRoutes(app, edges);
  licenceHeartbeatRoutes(app, edges);
}

/** What Edge reports about itself, and the admin list of it. */
function instanceDataRoutes(app: App, edges: EdgeInstanceStore): void {
  app.post(
    '/api/client/metrics/edge',
    {
      config: { permission: 'CLIENT' },
      // A report is a few kilobytes (even with its connected Edges); a client token must not
      // park megabytes per identifier in memory and in edge_instances.
      bodyLimit: 64 * 1024,
      schema: {
        operationId: 'registerEdgeInstanceData',
        tags: ['Edge'],
        body: EdgeInstanceDataSchema,
        response: { 202: EmptyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = tokenScopeOf(request.caller);
      edges.record(request.body, reportingEnvironment(scope?.environment ?? '*'));
      return reply.status(202).send();
    },
  );

  app.get(
    '/api/admin/metrics/edges',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getEdgeInstances',
        tags: ['Edge'],
        summary:
          'The Unleash Edge instances that reported in the last 7 days, newest first (a Switchyard addition).',
        response: { 200: EdgeInstancesSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => edges.list(),
  );
}

/** Enterprise Edge's licence heartbeat (issue 31 §5): no licence to enforce, so always Valid. */
function licenceHeartbeatRoutes(app: App, edges: EdgeInstanceStore): void {
  app.post(
    '/api/client/edge-licensing/heartbeat',
    {
      config: { permission: 'CLIENT' },
      schema: {
        operationId: 'edgeInstanceHeartbeat',
        tags: ['Unleash Edge'],
        querystring: EdgeHeartbeatQuerySchema,
        response: { 202: EdgeLicenseStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' && value.length > 0 ? value.slice(0, 200) : null;
      };
      await edges.heartbeats.record(
        {
          connectionId: request.query.connectionId,
          environment: reportingEnvironment(tokenScopeOf(request.caller)?.environment ?? '*'),
          appName: header('unleash-appname'),
          instanceId: header('unleash-instanceid'),
          userAgent: header('user-agent'),
        },
        new Date(),
      );
      return reply.status(202).send({ edgeLicenseState: 'Valid' as const });
    },
  );

  app.get(
    '/api/admin/edge-licensing/heartbeats',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getEdgeHeartbeats',
        tags: ['Unleash Edge'],
        summary:
          'The latest licence heartbeat of each Edge connection in the last 7 days (a Switchyard addition).',
        response: { 200: EdgeHeartbeatsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async () => ({ heartbeats: await edges.heartbeats.list() }),
  );
}
