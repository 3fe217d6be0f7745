import { EmptyResponseSchema, MaintenanceSchema, ToggleMaintenanceSchema } from '../../../contract';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { actorOf } from '../../lib/caller';
import type { MaintenanceSetting } from './maintenance-setting';

const route = routeOptionsFor(['Maintenance']);

/** `GET/POST /api/admin/maintenance` (API.md §6 "Maintenance"). */
export async function maintenanceRoutes(app: App, { maintenance }: { maintenance: MaintenanceSetting }) {
  app.get(
    '/api/admin/maintenance',
    route({
      operationId: 'getMaintenance',
      permission: 'ADMIN',
      response: { 200: MaintenanceSchema },
      errors: [401, 403],
    }),
    async () => ({ enabled: await maintenance.current() }),
  );

  app.post(
    '/api/admin/maintenance',
    route({
      operationId: 'toggleMaintenance',
      permission: 'UPDATE_MAINTENANCE_MODE',
      body: ToggleMaintenanceSchema,
      response: { 204: EmptyResponseSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request, reply) => {
      await maintenance.set(request.body.enabled, actorOf(request.caller));
      return reply.status(204).send();
    },
  );
}
