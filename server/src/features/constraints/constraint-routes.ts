import { ConstraintSchema, EmptyResponseSchema, errorResponses } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { validateConstraints } from './constraint-validator';

/** `POST /api/admin/constraints/validate`: 204 when the constraint would be accepted on save. */
export async function constraintRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.post(
    '/api/admin/constraints/validate',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'validateConstraint',
        tags: ['Features'],
        body: ConstraintSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      await validateConstraints(db, [request.body]);
      return reply.status(204).send();
    },
  );
}
