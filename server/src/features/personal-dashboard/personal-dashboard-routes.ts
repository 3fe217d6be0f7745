import { Type } from 'typebox';
import { PersonalDashboardProjectDetailsSchema, PersonalDashboardSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { READ_ERRORS, routeOptionsFor } from '../../http/route-options';
import { userIdOf } from '../../lib/caller';
import { createPersonalDashboardService } from './personal-dashboard-service';

const route = routeOptionsFor(['Personal Dashboard']);

/**
 * `GET /api/admin/personal-dashboard` and `/{projectId}` (API.md §6, issue 31 §5). USER: the
 * dashboard is a signed-in person's (an API token has no flags or projects of its own). A
 * private project the user may not see answers 404 (the guard), as a missing one does.
 */
export async function personalDashboardRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createPersonalDashboardService(db);

  app.get(
    '/api/admin/personal-dashboard',
    route({
      operationId: 'getPersonalDashboard',
      permission: 'USER',
      response: { 200: PersonalDashboardSchema },
      errors: READ_ERRORS,
    }),
    async (request) => service.dashboard(userIdOf(request.caller) ?? 0, await request.hiddenProjects()),
  );

  app.get(
    '/api/admin/personal-dashboard/:projectId',
    route({
      operationId: 'getPersonalDashboardProjectDetails',
      permission: 'USER',
      params: Type.Object({ projectId: Type.String({ minLength: 1 }) }),
      response: { 200: PersonalDashboardProjectDetailsSchema },
      errors: READ_ERRORS,
    }),
    async (request) => service.projectDetails(userIdOf(request.caller) ?? 0, request.params.projectId),
  );
}
