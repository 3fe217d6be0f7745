import { Type } from 'typebox';
import { HealthSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { isReady } from './health-service';

/**
 * Liveness (`/health`, always GOOD while the process answers, as in Unleash) and readiness
 * (`/ready`, which asks the database so a load balancer stops routing to a cut-off instance).
 */
export async function healthRoutes(app: App, options: { db: Db }): Promise<void> {
  app.get(
    '/health',
    {
      config: { permission: 'NONE' },
      schema: { operationId: 'getHealth', tags: ['Operational'], response: { 200: HealthSchema } },
    },
    async () => ({ health: 'GOOD' as const }),
  );

  app.get(
    '/ready',
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'getReady',
        tags: ['Operational'],
        response: { 200: HealthSchema, 503: Type.Null() },
      },
    },
    async (_request, reply) => {
      if (await isReady(options.db)) return { health: 'GOOD' as const };
      return reply.status(503).send(null);
    },
  );
}
