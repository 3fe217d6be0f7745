import { Type } from 'typebox';
import {
  ActionableChangeRequestsSchema,
  ChangeRequestAddCommentSchema,
  ChangeRequestAvailableReviewersSchema,
  ChangeRequestFeatureParamsSchema,
  ChangeRequestIdParamsSchema,
  ChangeRequestProjectParamsSchema,
  ChangeRequestReviewersParamsSchema,
  ChangeRequestScheduledResultSchema,
  ChangeRequestsCountSchema,
  ChangeRequestsSchema,
  EmptyResponseSchema,
  errorResponses,
  UpdateChangeRequestTitleSchema,
  UpdateRequestedApproversSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import {
  addChangeRequestComment,
  findVisibleChangeRequest,
  setRequestedApprovers,
  updateChangeRequestTitle,
} from './change-request-comment-service';
import {
  countActionable,
  countProjectChangeRequests,
  listAvailableReviewers,
  listPendingForAuthor,
  listPendingForFeature,
  listProjectChangeRequests,
  listRequestedApprovers,
  listScheduledTouching,
} from './change-request-list';

const tags = ['Change Requests'];
const BASE = '/api/admin/projects/:projectId/change-requests';
/** Query strings are bounded like every other text input: a long one is a 400, not a slow scan. */
const ScheduledQuery = Type.Object({
  feature: Type.Optional(Type.String({ maxLength: 255 })),
  strategyId: Type.Optional(Type.String({ maxLength: 255 })),
});

/**
 * Change requests, the cr-schedule part (issue 13; API.md §6 "Change Requests"): the lists and
 * counts, reviewers, comments and title. Reading needs a signed-in caller who can see the
 * project (the guard answers 404 for a private one); title and reviewers belong to the author.
 */
export async function changeRequestReadRoutes(app: App, { db }: { db: Db }): Promise<void> {
  listRoutes(app, db);
  overviewRoutes(app, db);
  approverRoutes(app, db);
  authorRoutes(app, db);
}

/** The lists of a project's change requests, all and pending ones. */
function listRoutes(app: App, db: Db): void {
  app.get(
    BASE,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getChangeRequestsForProject',
        tags,
        params: ChangeRequestProjectParamsSchema,
        response: { 200: ChangeRequestsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => listProjectChangeRequests(db, request.params.projectId, actorFromRequest(request)),
  );

  app.get(
    `${BASE}/count`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getChangeRequestsCount',
        tags,
        params: ChangeRequestProjectParamsSchema,
        response: { 200: ChangeRequestsCountSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => countProjectChangeRequests(db, request.params.projectId),
  );

  app.get(
    `${BASE}/pending`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getPendingChangeRequestsForUser',
        tags,
        params: ChangeRequestProjectParamsSchema,
        response: { 200: ChangeRequestsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => listPendingForAuthor(db, request.params.projectId, actorFromRequest(request)),
  );

  app.get(
    `${BASE}/pending/:featureName`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getPendingChangeRequestsForFeature',
        tags,
        params: ChangeRequestFeatureParamsSchema,
        response: { 200: ChangeRequestsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      listPendingForFeature(
        db,
        request.params.projectId,
        request.params.featureName,
        actorFromRequest(request),
      ),
  );
}

/** What waits for the caller, what is scheduled, and who may review. */
function overviewRoutes(app: App, db: Db): void {
  app.get(
    `${BASE}/actionable`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getActionableChangeRequests',
        tags,
        params: ChangeRequestProjectParamsSchema,
        response: { 200: ActionableChangeRequestsSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      countActionable(db, request.params.projectId, request.caller, actorFromRequest(request)),
  );

  app.get(
    `${BASE}/scheduled`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getScheduledChangeRequests',
        tags,
        params: ChangeRequestProjectParamsSchema,
        querystring: ScheduledQuery,
        response: { 200: ChangeRequestScheduledResultSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listScheduledTouching(db, request.params.projectId, request.query),
  );

  app.get(
    `${BASE}/available-reviewers/:environment`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getAvailableChangeRequestReviewers',
        tags,
        params: ChangeRequestReviewersParamsSchema,
        response: { 200: ChangeRequestAvailableReviewersSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      reviewers: await listAvailableReviewers(db, request.params.projectId, request.params.environment),
    }),
  );
}

/** The reviewers the author asked for. */
function approverRoutes(app: App, db: Db): void {
  app.get(
    `${BASE}/:id/approvers`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getChangeRequestApprovers',
        tags,
        params: ChangeRequestIdParamsSchema,
        response: { 200: ChangeRequestAvailableReviewersSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { projectId, id } = request.params;
      await findVisibleChangeRequest(db, projectId, id, actorFromRequest(request));
      return { reviewers: await listRequestedApprovers(db, id) };
    },
  );

  app.put(
    `${BASE}/:id/approvers`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'addChangeRequestReviewers',
        tags,
        params: ChangeRequestIdParamsSchema,
        body: UpdateRequestedApproversSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await setRequestedApprovers(db, {
        project: request.params.projectId,
        id: request.params.id,
        reviewers: request.body.reviewers,
        actor: actorFromRequest(request),
        caller: request.caller,
      });
      return reply.status(204).send();
    },
  );
}

/** A comment, and the title the author gives. */
function authorRoutes(app: App, db: Db): void {
  app.post(
    `${BASE}/:id/comments`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'addChangeRequestComment',
        tags,
        params: ChangeRequestIdParamsSchema,
        body: ChangeRequestAddCommentSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 404, 415) },
      },
    },
    async (request, reply) => {
      await addChangeRequestComment(db, {
        project: request.params.projectId,
        id: request.params.id,
        text: request.body.text,
        actor: actorFromRequest(request),
      });
      return reply.status(204).send();
    },
  );

  app.put(
    `${BASE}/:id/title`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'updateChangeRequestTitle',
        tags,
        params: ChangeRequestIdParamsSchema,
        body: UpdateChangeRequestTitleSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await updateChangeRequestTitle(db, {
        project: request.params.projectId,
        id: request.params.id,
        title: request.body.title,
        actor: actorFromRequest(request),
        caller: request.caller,
      });
      return reply.status(204).send();
    },
  );
}
