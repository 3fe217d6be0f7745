import { Type } from 'typebox';
import {
  OutdatedSdksSchema,
  ProjectApplicationsQuerySchema,
  ProjectApplicationsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { READ_ERRORS, routeOptionsFor } from '../../http/route-options';
import { createProjectApplications } from './project-applications';

const route = routeOptionsFor(['Projects']);
const ProjectParams = Type.Object({ projectId: Type.String({ minLength: 1 }) });

/**
 * A project's applications and their outdated SDKs (issue 31 §5, API.md §6 "Projects"):
 * `getProjectApplications` and `getOutdatedProjectSdks`. A private project the caller may not
 * see answers 404 (the guard), as a missing one does.
 */
export async function projectApplicationRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const applications = createProjectApplications(db);

  app.get(
    '/api/admin/projects/:projectId/applications',
    route({
      operationId: 'getProjectApplications',
      permission: 'AUTHENTICATED',
      params: ProjectParams,
      querystring: ProjectApplicationsQuerySchema,
      response: { 200: ProjectApplicationsSchema },
      errors: READ_ERRORS,
    }),
    async (request) => applications.list(request.params.projectId, request.query),
  );

  app.get(
    '/api/admin/projects/:projectId/sdks/outdated',
    route({
      operationId: 'getOutdatedProjectSdks',
      permission: 'AUTHENTICATED',
      params: ProjectParams,
      response: { 200: OutdatedSdksSchema },
      errors: READ_ERRORS,
    }),
    async (request) => applications.outdatedSdks(request.params.projectId),
  );
}
