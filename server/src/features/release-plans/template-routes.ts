import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  EmptyResponseSchema,
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
import { READ_ERRORS, routeOptionsFor, WRITE_ERRORS } from '../../http/route-options';
import { actorFromRequest } from '../events';
import { applyTemplateOperation, type TemplateOperation } from './template-operations';
import { readTemplate, readTemplates } from './template-reads';

const route = routeOptionsFor(['Release Templates']);
const BASE = '/api/admin/release-plan-templates';
/** A template write may also find the name taken (409). */
const TEMPLATE_WRITE_ERRORS = [400, 401, 403, 404, 409, 415] as const;
const MILESTONE_PATH = `${BASE}/:templateId/milestones/:milestoneId`;

/** Applies one template operation in its own transaction, as the request's caller. */
const applyFor = <O extends TemplateOperation>(db: Db, request: FastifyRequest, operation: O) =>
  inTransaction(db, (trx) => applyTemplateOperation(trx, operation, actorFromRequest(request)));

/** Deletions and archiving answer an empty 200 once the operation is applied. */
async function appliedEmpty<O extends TemplateOperation>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  operation: O,
) {
  await applyFor(db, request, operation);
  return reply.send();
}

/** Listing, reading, creating and archiving templates. */
function registerTemplateReadAndCreateRoutes(app: App, db: Db): void {
  app.get(
    BASE,
    route({
      operationId: 'getReleaseTemplates',
      permission: 'AUTHENTICATED',
      response: { 200: ReleasePlanTemplatesSchema },
      errors: [401],
    }),
    async () => readTemplates(db),
  );

  app.post(
    BASE,
    route({
      operationId: 'createReleaseTemplate',
      permission: 'RELEASE_PLAN_TEMPLATE_CREATE',
      body: ReleasePlanTemplateInputSchema,
      response: { 200: ReleasePlanTemplateSchema },
      errors: TEMPLATE_WRITE_ERRORS,
    }),
    async (request) => applyFor(db, request, { kind: 'create-template', template: request.body }),
  );

  app.post(
    `${BASE}/archive/:templateId`,
    route({
      operationId: 'archiveReleaseTemplate',
      permission: 'RELEASE_PLAN_TEMPLATE_DELETE',
      params: TemplateParamsSchema,
      response: { 200: EmptyResponseSchema },
      errors: READ_ERRORS,
    }),
    async (request, reply) =>
      appliedEmpty(db, request, reply, { kind: 'archive-template', templateId: request.params.templateId }),
  );

  app.get(
    `${BASE}/:templateId`,
    route({
      operationId: 'getReleaseTemplate',
      permission: 'AUTHENTICATED',
      params: TemplateParamsSchema,
      response: { 200: ReleasePlanTemplateSchema },
      errors: [401, 404],
    }),
    async (request) => readTemplate(db, request.params.templateId),
  );
}

/** Updating and deleting a template. */
function registerTemplateWriteRoutes(app: App, db: Db): void {
  app.put(
    `${BASE}/:templateId`,
    route({
      operationId: 'updateReleaseTemplate',
      permission: 'RELEASE_PLAN_TEMPLATE_UPDATE',
      params: TemplateParamsSchema,
      body: ReleasePlanTemplateInputSchema,
      response: { 200: ReleasePlanTemplateSchema },
      errors: TEMPLATE_WRITE_ERRORS,
    }),
    async (request) =>
      applyFor(db, request, {
        kind: 'update-template',
        templateId: request.params.templateId,
        template: request.body,
      }),
  );

  app.delete(
    `${BASE}/:templateId`,
    route({
      operationId: 'deleteReleaseTemplate',
      permission: 'RELEASE_PLAN_TEMPLATE_DELETE',
      params: TemplateParamsSchema,
      response: { 200: EmptyResponseSchema },
      errors: READ_ERRORS,
    }),
    async (request, reply) =>
      appliedEmpty(db, request, reply, { kind: 'delete-template', templateId: request.params.templateId }),
  );
}

/** A template's milestones. */
function registerTemplateMilestoneRoutes(app: App, db: Db): void {
  app.post(
    `${BASE}/:templateId/milestones`,
    route({
      operationId: 'addMilestoneToReleaseTemplate',
      permission: 'RELEASE_PLAN_TEMPLATE_UPDATE',
      params: TemplateParamsSchema,
      body: MilestoneInputSchema,
      response: { 200: ReleasePlanMilestoneSchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      applyFor(db, request, {
        kind: 'add-milestone',
        templateId: request.params.templateId,
        milestone: request.body,
      }),
  );

  app.put(
    MILESTONE_PATH,
    route({
      operationId: 'updateReleaseTemplateMilestone',
      permission: 'RELEASE_PLAN_TEMPLATE_UPDATE',
      params: TemplateMilestoneParamsSchema,
      body: UpdateMilestoneSchema,
      response: { 200: ReleasePlanMilestoneSchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      applyFor(db, request, { kind: 'update-milestone', ...request.params, milestone: request.body }),
  );

  app.delete(
    MILESTONE_PATH,
    route({
      operationId: 'removeReleaseTemplateMilestone',
      permission: 'RELEASE_PLAN_TEMPLATE_UPDATE',
      params: TemplateMilestoneParamsSchema,
      response: { 200: EmptyResponseSchema },
      errors: READ_ERRORS,
    }),
    async (request, reply) =>
      appliedEmpty(db, request, reply, { kind: 'delete-milestone', ...request.params }),
  );
}

/** A template milestone's strategies. */
function registerMilestoneStrategyRoutes(app: App, db: Db): void {
  app.post(
    `${MILESTONE_PATH}/strategies`,
    route({
      operationId: 'addStrategyToMilestone',
      permission: 'RELEASE_PLAN_TEMPLATE_UPDATE',
      params: TemplateMilestoneParamsSchema,
      body: MilestoneStrategyInputSchema,
      response: { 200: ReleasePlanMilestoneSchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      applyFor(db, request, { kind: 'add-milestone-strategy', ...request.params, strategy: request.body }),
  );

  app.put(
    `${MILESTONE_PATH}/strategies/:strategyId`,
    route({
      operationId: 'updateMilestoneStrategy',
      permission: 'RELEASE_PLAN_TEMPLATE_UPDATE',
      params: TemplateMilestoneStrategyParamsSchema,
      body: UpdateMilestoneStrategySchema,
      response: { 200: ReleasePlanMilestoneStrategySchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      applyFor(db, request, { kind: 'update-milestone-strategy', ...request.params, strategy: request.body }),
  );

  app.delete(
    `${MILESTONE_PATH}/strategies/:strategyId`,
    route({
      // Unleash's operationId, spelling included.
      operationId: 'remoteMilestoneStrategy',
      permission: 'RELEASE_PLAN_TEMPLATE_UPDATE',
      params: TemplateMilestoneStrategyParamsSchema,
      response: { 200: EmptyResponseSchema },
      errors: READ_ERRORS,
    }),
    async (request, reply) =>
      appliedEmpty(db, request, reply, { kind: 'delete-milestone-strategy', ...request.params }),
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
