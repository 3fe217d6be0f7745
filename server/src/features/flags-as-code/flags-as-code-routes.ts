import {
  errorResponses,
  FlagsAsCodeApplySchema,
  type FlagsAsCodeDocument,
  FlagsAsCodeDocumentSchema,
  FlagsAsCodePlanSchema,
  type Permission,
  ProjectParamsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { createFlagsAsCodeService } from './flags-as-code-service';

const tags = ['Flags as code'];
const BASE = '/api/admin/projects/:projectId/flags-as-code';
/** A document of 2,000 flags with their strategies stays well under this. */
const BODY_LIMIT = 10 * 1024 * 1024;

const options = (operationId: string, permission: Permission, schema: Record<string, unknown>) => ({
  config: { permission },
  schema: { operationId, tags, params: ProjectParamsSchema, ...schema },
});

/**
 * Flags as code (issue 36 §2): the project's desired-state document, the plan of a document
 * against the server, and its application (each flag in its own transaction; the operations
 * check each write's own permission, as their REST routes do).
 */
export async function flagsAsCodeRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createFlagsAsCodeService(db);
  app.get(
    BASE,
    options('exportFlagsAsCode', 'AUTHENTICATED', {
      response: { 200: FlagsAsCodeDocumentSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => service.exportDocument((request.params as { projectId: string }).projectId),
  );
  app.post(
    `${BASE}/plan`,
    {
      bodyLimit: BODY_LIMIT,
      ...options('planFlagsAsCode', 'AUTHENTICATED', {
        body: FlagsAsCodeDocumentSchema,
        response: { 200: FlagsAsCodePlanSchema, ...errorResponses(400, 401, 403, 404, 415) },
      }),
    },
    async (request) =>
      service.plan((request.params as { projectId: string }).projectId, request.body as FlagsAsCodeDocument),
  );
  app.post(
    `${BASE}/apply`,
    {
      bodyLimit: BODY_LIMIT,
      ...options('applyFlagsAsCode', 'UPDATE_FEATURE', {
        body: FlagsAsCodeDocumentSchema,
        response: { 200: FlagsAsCodeApplySchema, ...errorResponses(400, 401, 403, 404, 415) },
      }),
    },
    async (request) =>
      service.apply(
        (request.params as { projectId: string }).projectId,
        request.body as FlagsAsCodeDocument,
        request.caller,
        actorFromRequest(request),
      ),
  );
}
