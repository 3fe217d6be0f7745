import {
  errorResponses,
  type LoginHistory,
  LoginHistoryQuerySchema,
  LoginHistorySchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { loginHistoryCsv } from './login-history-csv';
import { readLoginHistory } from './login-history-service';

/** True when the caller asked for CSV: `?format=csv`, or an Accept header preferring text/csv. */
function wantsCsv(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === 'csv';
  return (accept ?? '').split(',')[0]?.trim().toLowerCase().startsWith('text/csv') ?? false;
}

/** `GET /api/admin/logins` (Unleash Enterprise's getLoginHistory), JSON or CSV. */
export async function loginHistoryRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.get(
    '/api/admin/logins',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'getLoginHistory',
        tags: ['Instance Admin'],
        description:
          'Login attempts, newest first. `?format=csv` (or `Accept: text/csv`) downloads them as CSV.',
        querystring: LoginHistoryQuerySchema,
        produces: ['application/json', 'text/csv'],
        response: { 200: LoginHistorySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const history = await readLoginHistory(db, request.query);
      if (!wantsCsv(request.query.format, request.headers.accept)) return history;
      const stamp = new Date().toISOString().slice(0, 10);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="login-history-${stamp}.csv"`)
          // A string body is sent as it is, never through the JSON schema's serializer.
          .send(loginHistoryCsv(history.events) as unknown as LoginHistory)
      );
    },
  );
}
