import {
  ActionSetEventsSchema,
  ActionSetParamsSchema,
  ActionSetSchema,
  ActionSetsSchema,
  CreateActionSetSchema,
  EmptyResponseSchema,
  errorResponses,
  LimitOffsetQuerySchema,
  ProjectActionsParamsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf } from '../../lib/caller';
import type { ActionSetService } from './action-set-service';

const tags = ['Projects'];
// Unleash: "Creating actions requires the ADMIN permission" (docs, reference/actions).
const admin = { permission: 'ADMIN' as const };

/** Action sets of a project and their execution log (Unleash's /projects/{projectId}/actions). */
export async function actionSetRoutes(app: App, { actionSets }: { actionSets: ActionSetService }) {
  actionSetCrudRoutes(app, actionSets);
  actionSetStateRoutes(app, actionSets);
}

/** List, create, update and delete a project's action sets. */
function actionSetCrudRoutes(app: App, actionSets: ActionSetService): void {
  app.get(
    '/api/admin/projects/:projectId/actions',
    {
      config: admin,
      schema: {
        operationId: 'getActions',
        tags,
        params: ProjectActionsParamsSchema,
        response: { 200: ActionSetsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ actions: await actionSets.list(request.params.projectId) }),
  );

  app.post(
    '/api/admin/projects/:projectId/actions',
    {
      config: admin,
      schema: {
        operationId: 'createActions',
        tags,
        params: ProjectActionsParamsSchema,
        body: CreateActionSetSchema,
        response: { 201: ActionSetSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      const created = await actionSets.create(projectId, request.body, actorOf(request.caller));
      return reply
        .status(201)
        .header('location', `projects/${projectId}/actions/${created.id}`)
        .send(created);
    },
  );

  app.put(
    '/api/admin/projects/:projectId/actions/:id',
    {
      config: admin,
      schema: {
        operationId: 'updateActions',
        tags,
        params: ActionSetParamsSchema,
        body: CreateActionSetSchema,
        response: { 200: ActionSetSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      actionSets.update(request.params.projectId, request.params.id, request.body, actorOf(request.caller)),
  );

  app.delete(
    '/api/admin/projects/:projectId/actions/:id',
    {
      config: admin,
      schema: {
        operationId: 'deleteActions',
        tags,
        params: ActionSetParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await actionSets.remove(request.params.projectId, request.params.id, actorOf(request.caller));
      return reply.send();
    },
  );
}

/** Switching an action set on or off, and its execution log. */
function actionSetStateRoutes(app: App, actionSets: ActionSetService): void {
  for (const [suffix, enabled, operationId] of [
    ['on', true, 'enableActions'],
    ['off', false, 'disableActions'],
  ] as const) {
    app.post(
      `/api/admin/projects/:projectId/actions/:id/${suffix}`,
      {
        config: admin,
        schema: {
          operationId,
          tags,
          params: ActionSetParamsSchema,
          response: { 200: ActionSetSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        actionSets.setEnabled(request.params.projectId, request.params.id, enabled, actorOf(request.caller)),
    );
  }

  app.get(
    '/api/admin/projects/:projectId/actions/:id/events',
    {
      config: admin,
      schema: {
        operationId: 'getActionsEvents',
        tags,
        params: ActionSetParamsSchema,
        querystring: LimitOffsetQuerySchema,
        response: { 200: ActionSetEventsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      actionSetEvents: await actionSets.events(request.params.projectId, request.params.id, {
        limit: request.query.limit ?? 50,
        offset: request.query.offset ?? 0,
      }),
    }),
  );
}
