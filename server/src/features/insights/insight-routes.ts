import { Type } from 'typebox';
import {
  errorResponses,
  HealthReportSchema,
  InstanceInsightsQuerySchema,
  InstanceInsightsSchema,
  LifecycleTrendsQuerySchema,
  LifecycleTrendsSchema,
  ProjectDoraMetricsSchema,
  ProjectInsightsSchema,
  ProjectStatusSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { notFound } from '../../lib/errors';
import { getProject } from '../projects';
import { createInsightService } from './insight-service';

/**
 * Insights (shared/unleash/API.md §6 "Admin UI": getInstanceInsights, getLifecycleTrends; §6
 * "Projects": getProjectStatus, getProjectDora, and the deprecated getProjectHealthReport and
 * getProjectInsights Unleash 8.2 still answers). Reads only; the daily snapshots they draw on are written by
 * `insightSnapshotJob`.
 */
export async function insightRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createInsightService(db);
  const existing = async (projectId: string) => {
    if (!(await getProject(db, projectId))) throw notFound(`Could not find project with id ${projectId}`);
    return projectId;
  };
  registerInstanceInsightRoutes(app, service);
  registerProjectInsightRoutes(app, service, existing);
}

type InsightService = ReturnType<typeof createInsightService>;

/** The instance-wide insights of the Admin UI. */
function registerInstanceInsightRoutes(app: App, service: InsightService): void {
  app.get(
    '/api/admin/insights',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getInstanceInsights',
        tags: ['Insights'],
        querystring: InstanceInsightsQuerySchema,
        response: { 200: InstanceInsightsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.instanceInsights(request.query, await request.hiddenProjects()),
  );

  app.get(
    '/api/admin/insights/lifecycle',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getLifecycleTrends',
        tags: ['Insights'],
        querystring: LifecycleTrendsQuerySchema,
        response: { 200: LifecycleTrendsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.lifecycle(request.query.projects, await request.hiddenProjects()),
  );
}

/** One project's insights; `existing` answers 404 for an unknown project. */
function registerProjectInsightRoutes(
  app: App,
  service: InsightService,
  existing: (projectId: string) => Promise<string>,
): void {
  app.get(
    '/api/admin/projects/:projectId/dora',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getProjectDora',
        tags: ['Projects'],
        params: Type.Object({ projectId: Type.String() }),
        response: { 200: ProjectDoraMetricsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.projectDora(await existing(request.params.projectId)),
  );

  app.get(
    '/api/admin/projects/:projectId/status',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getProjectStatus',
        tags: ['Projects'],
        params: Type.Object({ projectId: Type.String() }),
        response: { 200: ProjectStatusSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.projectStatus(await existing(request.params.projectId)),
  );

  // Deprecated in Unleash 8.2 (still 200); kept for the clients and scripts that read them.
  app.get(
    '/api/admin/projects/:projectId/health-report',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getProjectHealthReport',
        tags: ['Projects'],
        deprecated: true,
        params: Type.Object({ projectId: Type.String() }),
        response: { 200: HealthReportSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.projectHealthReport(await existing(request.params.projectId)),
  );

  app.get(
    '/api/admin/projects/:projectId/insights',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getProjectInsights',
        tags: ['Projects'],
        deprecated: true,
        params: Type.Object({ projectId: Type.String() }),
        response: { 200: ProjectInsightsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.projectInsights(await existing(request.params.projectId)),
  );
}
