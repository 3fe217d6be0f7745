import { Type } from 'typebox';
import {
  CodeReferenceCountsSchema,
  CodeReferencePushResultSchema,
  CodeReferencePushSchema,
  EmptyResponseSchema,
  FlagCodeReferencesSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { routeOptionsFor } from '../../http/route-options';
import { actorFromRequest } from '../events';
import { createCodeReferenceService } from './code-reference-service';

const route = routeOptionsFor(['Code references']);

/**
 * Code references (issue 37 §1): pushed by `switchyard code-refs scan --push` from a checkout or
 * a CI job, read on the flag page and in the flag list's counts.
 */
export async function codeReferenceRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createCodeReferenceService(db);
  app.post(
    '/api/admin/code-references',
    route({
      operationId: 'pushCodeReferences',
      // Checked per flag against its project (UPDATE_FEATURE) by the service.
      permission: 'AUTHENTICATED',
      body: CodeReferencePushSchema,
      response: { 200: CodeReferencePushResultSchema },
      errors: [400, 401, 403, 409, 413, 415],
    }),
    async (request) => service.push(request.body, request.caller, actorFromRequest(request)),
  );
  app.get(
    '/api/admin/projects/:projectId/features/:featureName/code-references',
    route({
      operationId: 'getFlagCodeReferences',
      permission: 'AUTHENTICATED',
      params: Type.Object({ projectId: Type.String(), featureName: Type.String() }),
      response: { 200: FlagCodeReferencesSchema },
      errors: [401, 404],
    }),
    async (request) => service.ofFlag(request.params.featureName),
  );
  app.get(
    '/api/admin/code-references/counts',
    route({
      operationId: 'getCodeReferenceCounts',
      permission: 'AUTHENTICATED',
      response: { 200: CodeReferenceCountsSchema },
      errors: [401],
    }),
    async (request) => service.counts(await request.hiddenProjects()),
  );
  app.delete(
    '/api/admin/code-references/repositories/:name',
    route({
      operationId: 'deleteCodeReferenceRepository',
      permission: 'ADMIN',
      params: Type.Object({ name: Type.String() }),
      response: { 200: EmptyResponseSchema },
      errors: [401, 403, 404],
    }),
    async (request, reply) => {
      await service.removeRepository(request.params.name, actorFromRequest(request));
      return reply.status(200).send();
    },
  );
}
