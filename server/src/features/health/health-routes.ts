import { sql } from 'kysely';
import { Type } from 'typebox';
import { HealthSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';

/** Longer than a healthy round trip by far, short enough for a load balancer's probe. */
const READY_TIMEOUT_MS = 1000;

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
      // A frozen database must make the instance "not ready" quickly, not hang the probe.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), READY_TIMEOUT_MS);
      });
      try {
        const answer = await Promise.race([sql`select 1`.execute(options.db), late]);
        if (answer !== 'late') return { health: 'GOOD' as const };
      } catch {
        // Unreachable or failing: not ready, below.
      } finally {
        clearTimeout(timer);
      }
      return reply.status(503).send(null);
    },
  );
}
