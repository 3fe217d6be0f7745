import { EmptyResponseSchema, RecordUiErrorSchema, UiErrorsSchema } from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { newestUiErrors, recordUiError } from './ui-error-service';

const route = routeOptionsFor(['Admin UI']);

/**
 * `POST /api/admin/record-ui-error` (Unleash's uiObservability) and Switchyard's own
 * `GET /api/admin/ui-errors` for admins: the newest UI_ERRORS_KEPT reports are kept.
 */
export async function uiErrorRoutes(app: App, { db }: { db: Db }) {
  app.post(
    '/api/admin/record-ui-error',
    route({
      operationId: 'uiObservability',
      permission: 'AUTHENTICATED',
      body: RecordUiErrorSchema,
      response: { 204: EmptyResponseSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request, reply) => {
      const caller = request.caller;
      await recordUiError(db, request.body, caller.kind === 'user' ? caller.id : null);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/admin/ui-errors',
    route({
      operationId: 'getUiErrors',
      permission: 'ADMIN',
      response: { 200: UiErrorsSchema },
      errors: [401, 403],
    }),
    async () => ({ uiErrors: await newestUiErrors(db) }),
  );
}
