import { AccessOverviewSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { readAccessOverview } from './access-service';

const route = routeOptionsFor(['Users']);

/** `GET /api/admin/access/overview` (API.md §6, issue 31 §5): who may reach what, for admins. */
export async function accessOverviewRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.get(
    '/api/admin/access/overview',
    route({
      operationId: 'getAccessOverview',
      permission: 'ADMIN',
      response: { 200: AccessOverviewSchema },
      errors: [401, 403],
    }),
    async () => readAccessOverview(db),
  );
}
