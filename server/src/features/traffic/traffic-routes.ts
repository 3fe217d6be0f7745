import {
  MeteredConnectionsSchema,
  MeteredRequestsSchema,
  RequestsPerSecondSegmentedSchema,
  TrafficQuerySchema,
  TrafficUsageSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import type { TrafficService } from './traffic-service';

const route = routeOptionsFor(['Metrics']);
const errors = [400, 401, 403] as const;

/**
 * The server's own traffic (issue 31 §5, API.md §6 "Metrics"): `getTrafficDataUsageForPeriod`,
 * `getRequestsForPeriod`, `getConnectionsForPeriod`, `getRequestsPerSecond`. For admins.
 */
export async function trafficRoutes(app: App, { traffic }: { traffic: TrafficService }): Promise<void> {
  app.get(
    '/api/admin/metrics/traffic',
    route({
      operationId: 'getTrafficDataUsageForPeriod',
      permission: 'ADMIN',
      querystring: TrafficQuerySchema,
      response: { 200: TrafficUsageSchema },
      errors,
    }),
    async (request) => traffic.traffic(request.query),
  );

  app.get(
    '/api/admin/metrics/request',
    route({
      operationId: 'getRequestsForPeriod',
      permission: 'ADMIN',
      querystring: TrafficQuerySchema,
      response: { 200: MeteredRequestsSchema },
      errors,
    }),
    async (request) => traffic.requests(request.query),
  );

  app.get(
    '/api/admin/metrics/connection',
    route({
      operationId: 'getConnectionsForPeriod',
      permission: 'ADMIN',
      querystring: TrafficQuerySchema,
      response: { 200: MeteredConnectionsSchema },
      errors,
    }),
    async (request) => traffic.connections(request.query),
  );

  app.get(
    '/api/admin/metrics/rps',
    route({
      operationId: 'getRequestsPerSecond',
      permission: 'ADMIN',
      response: { 200: RequestsPerSecondSegmentedSchema },
      errors: [401, 403],
    }),
    async () => traffic.rps(),
  );
}
