import {
  EmptyResponseSchema,
  errorResponses,
  MilestoneInputSchema,
  MilestoneStrategyInputSchema,
  ReleasePlanMilestoneSchema,
  ReleasePlanMilestoneStrategySchema,
  ReleasePlanTemplateInputSchema,
  ReleasePlanTemplateSchema,
  ReleasePlanTemplatesSchema,
  TemplateMilestoneParamsSchema,
  TemplateMilestoneStrategyParamsSchema,
  TemplateParamsSchema,
  UpdateMilestoneSchema,
  UpdateMilestoneStrategySchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { App } from '../../http/app-type';
import { type Actor, actorFromRequest } from '../events';
import { applyTemplateOperation, type TemplateOperation } from './template-operations';
import { readTemplate, readTemplates } from './template-reads';

const tags = ['Release Templates'];
const BASE = '/api/admin/release-plan-templates';

const apply = <O extends TemplateOperation>(db: Db, operation: O, actor: Actor) =>
  inTransaction(db, (trx) => applyTemplateOperation(trx, operation, actor));

/** Listing, reading, creating and archiving templates. */
function registerTemplateReadAndCreateRoutes(app: App, db: Db): void {
  app.get(
    BASE,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getReleaseTemplates',
        tags,
        response: { 200: ReleasePlanTemplatesSchema, ...errorResponses(401) },
      },
    },
    async () => readTemplates(db),
  );

  app.post(
    BASE,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_CREATE' },
      schema: {
        operationId: 'createReleaseTemplate',
        tags,
        body: ReleasePlanTemplateInputSchema,
        response: { 200: ReleasePlanTemplateSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) =>
      apply(db, { kind: 'create-template', template: request.body }, actorFromRequest(request)),
  );

  app.post(
    `${BASE}/archive/:templateId`,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_DELETE' },
      schema: {
        operationId: 'archiveReleaseTemplate',
        tags,
        params: TemplateParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await apply(
        db,
        { kind: 'archive-template', templateId: request.params.templateId },
        actorFromRequest(request),
      );
      return reply.send();
    },
  );

  app.get(
    `${BASE}/:templateId`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getReleaseTemplate',
        tags,
        params: TemplateParamsSchema,
        response: { 200: ReleasePlanTemplateSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => readTemplate(db, request.params.templateId),
  );
}

/** Updating and deleting a template. */
function registerTemplateWriteRoutes(app: App, db: Db): void {
  app.put(
    `${BASE}/:templateId`,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_UPDATE' },
      schema: {
        operationId: 'updateReleaseTemplate',
        tags,
        params: TemplateParamsSchema,
        body: ReleasePlanTemplateInputSchema,
        response: { 200: ReleasePlanTemplateSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) =>
      apply(
        db,
        { kind: 'update-template', templateId: request.params.templateId, template: request.body },
        actorFromRequest(request),
      ),
  );

  app.delete(
    `${BASE}/:templateId`,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_DELETE' },
      schema: {
        operationId: 'deleteReleaseTemplate',
        tags,
        params: TemplateParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await apply(
        db,
        { kind: 'delete-template', templateId: request.params.templateId },
        actorFromRequest(request),
      );
      return reply.send();
    },
  );
}

/** A template's milestones. */
function registerTemplateMilestoneRoutes(app: App, db: Db): void {
  app.post(
    `${BASE}/:templateId/milestones`,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_UPDATE' },
      schema: {
        operationId: 'addMilestoneToReleaseTemplate',
        tags,
        params: TemplateParamsSchema,
        body: MilestoneInputSchema,
        response: { 200: ReleasePlanMilestoneSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      apply(
        db,
        { kind: 'add-milestone', templateId: request.params.templateId, milestone: request.body },
        actorFromRequest(request),
      ),
  );

  app.put(
    `${BASE}/:templateId/milestones/:milestoneId`,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_UPDATE' },
      schema: {
        operationId: 'updateReleaseTemplateMilestone',
        tags,
        params: TemplateMilestoneParamsSchema,
        body: UpdateMilestoneSchema,
        response: { 200: ReleasePlanMilestoneSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      apply(
        db,
        { kind: 'update-milestone', ...request.params, milestone: request.body },
        actorFromRequest(request),
      ),
  );

  app.delete(
    `${BASE}/:templateId/milestones/:milestoneId`,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_UPDATE' },
      schema: {
        operationId: 'removeReleaseTemplateMilestone',
        tags,
        params: TemplateMilestoneParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await apply(db, { kind: 'delete-milestone', ...request.params }, actorFromRequest(request));
      return reply.send();
    },
  );
}

/** A template milestone's strategies. */
function registerMilestoneStrategyRoutes(app: App, db: Db): void {
  app.post(
    `${BASE}/:templateId/milestones/:milestoneId/strategies`,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_UPDATE' },
      schema: {
        operationId: 'addStrategyToMilestone',
        tags,
        params: TemplateMilestoneParamsSchema,
        body: MilestoneStrategyInputSchema,
        response: { 200: ReleasePlanMilestoneSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      apply(
        db,
        { kind: 'add-milestone-strategy', ...request.params, strategy: request.body },
        actorFromRequest(request),
      ),
  );

  app.put(
    `${BASE}/:templateId/milestones/:milestoneId/strategies/:strategyId`,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_UPDATE' },
      schema: {
        operationId: 'updateMilestoneStrategy',
        tags,
        params: TemplateMilestoneStrategyParamsSchema,
        body: UpdateMilestoneStrategySchema,
        response: { 200: ReleasePlanMilestoneStrategySchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      apply(
        db,
        { kind: 'update-milestone-strategy', ...request.params, strategy: request.body },
        actorFromRequest(request),
      ),
  );

  app.delete(
    `${BASE}/:templateId/milestones/:milestoneId/strategies/:strategyId`,
    {
      config: { permission: 'RELEASE_PLAN_TEMPLATE_UPDATE' },
      schema: {
        // Unleash's operationId, spelling included.
        operationId: 'remoteMilestoneStrategy',
        tags,
        params: TemplateMilestoneStrategyParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await apply(db, { kind: 'delete-milestone-strategy', ...request.params }, actorFromRequest(request));
      return reply.send();
    },
  );
}

/**
 * Release templates, their milestones and milestone strategies (shared/unleash/API.md "Release
 * Templates", 12 of the 21 operations; the plan operations are in the plan routes). Reading needs
 * a login; writing needs Unleash's root permissions RELEASE_PLAN_TEMPLATE_CREATE/UPDATE/DELETE
 * (archiving counts as deleting, as in Unleash's console), which Admin holds and Editor holds
 * but for DELETE.
 */
export async function templateRoutes(app: App, { db }: { db: Db }): Promise<void> {
  registerTemplateReadAndCreateRoutes(app, db);
  registerTemplateWriteRoutes(app, db);
  registerTemplateMilestoneRoutes(app, db);
  registerMilestoneStrategyRoutes(app, db);
}
