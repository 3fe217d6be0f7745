import {
  ChangeRequestChangeParamsSchema,
  ChangeRequestConfigSchema,
  ChangeRequestCreateSchema,
  ChangeRequestEnvironmentParamsSchema,
  ChangeRequestIdParamsSchema,
  ChangeRequestOneOrManyCreateSchema,
  ChangeRequestProjectParamsSchema,
  ChangeRequestSchema,
  EmptyResponseSchema,
  errorResponses,
  UpdateChangeRequestEnvironmentConfigSchema,
  UpdateChangeRequestStateSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { getChangeRequestConfig, updateChangeRequestConfig } from './change-request-config';
import { addChangesToDraft, discardChange, discardChangeRequest, editChange } from './change-request-drafts';
import { readChangeRequest } from './change-request-records';
import { type ScheduleListener, updateChangeRequestState } from './change-request-transitions';

const tags = ['Change Requests'];
const BASE = '/api/admin/projects/:projectId';

/**
 * Change requests, the cr-core part (issue 13; API.md §6 "Change Requests"): configuration,
 * drafting, reading and deleting one, editing its changes, and its state machine. The list and
 * read-model endpoints, comments, reviewers and title live in their own route files.
 */
export async function changeRequestRoutes(
  app: App,
  { db, onScheduled }: { db: Db; onScheduled?: ScheduleListener },
): Promise<void> {
  configRoutes(app, db);
  draftRoutes(app, db);
  changeRoutes(app, db);
  stateRoutes(app, db, onScheduled);
}

/** Which environments of a project need change requests, and how many approvals. */
function configRoutes(app: App, db: Db): void {
  app.get(
    `${BASE}/change-requests/config`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getProjectChangeRequestConfig',
        tags,
        params: ChangeRequestProjectParamsSchema,
        response: { 200: ChangeRequestConfigSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getChangeRequestConfig(db, request.params.projectId),
  );

  app.put(
    `${BASE}/environments/:environment/change-requests/config`,
    {
      config: { permission: 'PROJECT_CHANGE_REQUEST_WRITE' },
      schema: {
        operationId: 'updateProjectChangeRequestConfig',
        tags,
        params: ChangeRequestEnvironmentParamsSchema,
        body: UpdateChangeRequestEnvironmentConfigSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await inTransaction(db, (trx) =>
        updateChangeRequestConfig(trx, {
          project: request.params.projectId,
          environment: request.params.environment,
          body: request.body,
          actor: actorFromRequest(request),
        }),
      );
      return reply.status(200).send();
    },
  );
}

/** Drafting a change request, reading one and discarding it. */
function draftRoutes(app: App, db: Db): void {
  app.post(
    `${BASE}/environments/:environment/change-requests`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'changeRequest',
        tags,
        params: ChangeRequestEnvironmentParamsSchema,
        body: ChangeRequestOneOrManyCreateSchema,
        response: { 200: ChangeRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const { projectId, environment } = request.params;
      const id = await addChangesToDraft(db, {
        project: projectId,
        environment,
        changes: Array.isArray(request.body) ? request.body : [request.body],
        caller: request.caller,
        actor: actorFromRequest(request),
      });
      return readChangeRequest(db, projectId, id);
    },
  );

  app.get(
    `${BASE}/change-requests/:id`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getChangeRequest',
        tags,
        params: ChangeRequestIdParamsSchema,
        response: { 200: ChangeRequestSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => readChangeRequest(db, request.params.projectId, request.params.id),
  );

  app.delete(
    `${BASE}/change-requests/:id`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'deleteChangeRequest',
        tags,
        params: ChangeRequestIdParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await discardChangeRequest(db, {
        project: request.params.projectId,
        id: request.params.id,
        caller: request.caller,
        actor: actorFromRequest(request),
      });
      return reply.status(200).send();
    },
  );
}

/** Editing and discarding one change of a draft. */
function changeRoutes(app: App, db: Db): void {
  app.put(
    `${BASE}/change-requests/:changeRequestId/changes/:changeId`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'editChange',
        tags,
        params: ChangeRequestChangeParamsSchema,
        body: ChangeRequestCreateSchema,
        response: { 200: ChangeRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const { projectId, changeRequestId, changeId } = request.params;
      await editChange(db, {
        project: projectId,
        changeRequestId,
        changeId,
        change: request.body,
        caller: request.caller,
        actor: actorFromRequest(request),
      });
      return readChangeRequest(db, projectId, changeRequestId);
    },
  );

  app.delete(
    `${BASE}/change-requests/:changeRequestId/changes/:changeId`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'deleteChange',
        tags,
        params: ChangeRequestChangeParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { projectId, changeRequestId, changeId } = request.params;
      await discardChange(db, {
        project: projectId,
        changeRequestId,
        changeId,
        caller: request.caller,
        actor: actorFromRequest(request),
      });
      return reply.status(200).send();
    },
  );
}

/** The state machine: review, approve, schedule, apply, cancel. */
function stateRoutes(app: App, db: Db, onScheduled?: ScheduleListener): void {
  app.put(
    `${BASE}/change-requests/:id/state`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'updateChangeRequestState',
        tags,
        params: ChangeRequestIdParamsSchema,
        body: UpdateChangeRequestStateSchema,
        response: { 200: ChangeRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const { projectId, id } = request.params;
      await updateChangeRequestState(db, {
        project: projectId,
        id,
        body: request.body,
        caller: request.caller,
        actor: actorFromRequest(request),
        ...(onScheduled ? { onScheduled } : {}),
      });
      return readChangeRequest(db, projectId, id);
    },
  );
}
