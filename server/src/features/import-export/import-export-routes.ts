import {
  ExportQuerySchema,
  ExportResultSchema,
  IMPORT_LIMITS,
  ImportAnswerSchema,
  ImportExportExtensionsQuerySchema,
  ImportTogglesSchema,
  ImportValidateSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { actorFromRequest } from '../events';
import { applyImport, buildExport, validateImport } from './import-export-service';

const options = routeOptionsFor(['Import/Export']);

/**
 * Unleash's features-batch routes (shared/unleash/API.md §6 "Import/Export"). Any signed-in
 * caller may export and validate, as in Unleash; an import checks, inside the service, every
 * permission the file needs in the target project and environment.
 */
export async function importExportRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.post(
    '/api/admin/features-batch/export',
    options({
      operationId: 'exportFeatures',
      permission: 'AUTHENTICATED',
      querystring: ImportExportExtensionsQuerySchema,
      body: ExportQuerySchema,
      response: { 200: ExportResultSchema },
      errors: [400, 401, 403, 404, 415],
    }),
    async (request, reply) => {
      const file = await inTransaction(db, (trx) =>
        buildExport(trx, request.body, actorFromRequest(request), {
          extensions: request.query.extensions,
        }),
      );
      if (request.body.downloadFile) {
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        reply.header('content-disposition', `attachment; filename="export-${stamp}.json"`);
      }
      return file;
    },
  );

  app.post(
    '/api/admin/features-batch/validate',
    {
      ...options({
        operationId: 'validateImport',
        permission: 'AUTHENTICATED',
        querystring: ImportExportExtensionsQuerySchema,
        body: ImportTogglesSchema,
        response: { 200: ImportValidateSchema },
        errors: [400, 401, 403, 404, 413, 415],
      }),
      // Beyond Unleash's 500 kB: 10,000 flags must import (the JSON parser stays bounded by this).
      bodyLimit: IMPORT_LIMITS.bodyBytes,
    },
    async (request) =>
      validateImport(db, request.caller, request.body, { extensions: request.query.extensions }),
  );

  app.post(
    '/api/admin/features-batch/import',
    {
      ...options({
        operationId: 'importToggles',
        permission: 'AUTHENTICATED',
        querystring: ImportExportExtensionsQuerySchema,
        body: ImportTogglesSchema,
        response: { 200: ImportAnswerSchema },
        errors: [400, 401, 403, 404, 413, 415],
      }),
      bodyLimit: IMPORT_LIMITS.bodyBytes,
    },
    async (request, reply) => {
      const result = await applyImport(db, request.caller, actorFromRequest(request), request.body);
      // Unleash answers an empty 200; what the import did only for a caller that asks for it.
      return request.query.extensions ? result : reply.status(200).send();
    },
  );
}
