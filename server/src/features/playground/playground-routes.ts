import { Type } from 'typebox';
import {
  AdvancedPlaygroundRequestSchema,
  AdvancedPlaygroundResponseSchema,
  ChangeRequestPlaygroundRequestSchema,
  errorResponses,
  PlaygroundRequestSchema,
  PlaygroundResponseSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import {
  evaluateAdvancedPlayground,
  evaluateChangeRequestPlayground,
  evaluatePlayground,
} from './playground-service';

const tags = ['Playground'];

/**
 * The playground (shared/unleash/API.md §6 "Playground"): any authenticated admin-API caller,
 * as in Unleash; flags of private projects the caller may not see are left out.
 */
export async function playgroundRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.post(
    '/api/admin/playground',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getPlayground',
        tags,
        body: PlaygroundRequestSchema,
        response: { 200: PlaygroundResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request) => evaluatePlayground(db, request.body, await request.hiddenProjects()),
  );

  app.post(
    '/api/admin/playground/advanced',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getAdvancedPlayground',
        tags,
        body: AdvancedPlaygroundRequestSchema,
        response: { 200: AdvancedPlaygroundResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request) => evaluateAdvancedPlayground(db, request.body, await request.hiddenProjects()),
  );

  app.post(
    '/api/admin/playground/change-request/:id',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getChangeRequestPlayground',
        tags,
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        body: ChangeRequestPlaygroundRequestSchema,
        response: { 200: AdvancedPlaygroundResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      evaluateChangeRequestPlayground(
        db,
        request.params.id,
        request.body,
        await request.hiddenProjects(),
        actorFromRequest(request),
      ),
  );
}
