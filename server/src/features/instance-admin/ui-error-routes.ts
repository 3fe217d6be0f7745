import {
  EmptyResponseSchema,
  RecordUiErrorSchema,
  UI_ERROR_MESSAGE_MAX,
  UI_ERROR_STACK_MAX,
  UI_ERRORS_KEPT,
  UiErrorsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { uiErrorStore } from './ui-error-store';

const route = routeOptionsFor(['Admin UI']);

/** Long text is cut, not refused: the report of a crash must get through. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

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
      await uiErrorStore.record(
        db,
        {
          errorMessage: cut(request.body.errorMessage, UI_ERROR_MESSAGE_MAX),
          errorStack:
            request.body.errorStack === undefined ? null : cut(request.body.errorStack, UI_ERROR_STACK_MAX),
          userId: caller.kind === 'user' ? caller.id : null,
        },
        UI_ERRORS_KEPT,
      );
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
    async () => ({ uiErrors: await uiErrorStore.newest(db, UI_ERRORS_KEPT) }),
  );
}
