import { Type } from 'typebox';
import { errorResponses, GettingStartedSchema, InstanceAdminStatsSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { createInstanceStatsService, type InstanceStatsOptions, statsCsv } from './instance-stats-service';

const tags = ['Instance Admin'];

/**
 * `GET /api/admin/instance-admin/statistics` and its `/csv` variant (API.md §6 "Instance Admin").
 * Unleash lets any signed-in caller read them (permission NONE behind the admin API's login).
 */
export async function instanceStatsRoutes(
  app: App,
  { db, ...options }: { db: Db } & InstanceStatsOptions,
): Promise<void> {
  const service = createInstanceStatsService(db, options);

  app.get(
    '/api/admin/instance-admin/statistics',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getInstanceAdminStats',
        tags,
        response: { 200: InstanceAdminStatsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.collect(),
  );

  app.get(
    '/api/admin/instance-admin/statistics/csv',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getInstanceAdminStatsCsv',
        tags,
        produces: ['text/csv'],
        response: { 200: Type.String(), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      const stats = await service.collect();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="unleash-instance-stats.csv"')
        .send(statsCsv(stats));
    },
  );

  // Switchyard's (issue 33 §1): the console's getting-started checklist, ticked from real data.
  app.get(
    '/api/admin/getting-started',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getGettingStarted',
        tags,
        response: { 200: GettingStartedSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.gettingStarted(),
  );
}
