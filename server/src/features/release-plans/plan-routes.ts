import {
  ChangeTimedProgressionSchema,
  CreateSafeguardSchema,
  EmptyResponseSchema,
  errorResponses,
  MilestoneProgressionSchema,
  PlanEnvironmentParamsSchema,
  PlanMilestoneParamsSchema,
  PlanMilestoneStrategyParamsSchema,
  PlanParamsSchema,
  ProgressionParamsSchema,
  ReleasePlanMilestoneSchema,
  ReleasePlanMilestoneStrategySchema,
  ReleasePlanProgressSchema,
  ReleasePlansProgressSchema,
  ReleasePlanTemplateIdSchema,
  SafeguardParamsSchema,
  UpdateMilestoneStrategySchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { App } from '../../http/app-type';
import { type Actor, actorFromRequest } from '../events';
import { applyReleasePlanOperation, type ReleasePlanOperation } from './plan-operations';
import { readPlansOfFlagEnvironment } from './plan-view';

const tags = ['Release Plans'];
const environmentPath = '/api/admin/projects/:project/features/:featureName/environments/:environment';
const ResumeParamsSchema = PlanParamsSchema;

const apply = <O extends ReleasePlanOperation>(db: Db, operation: O, actor: Actor) =>
  inTransaction(db, (trx) => applyReleasePlanOperation(trx, operation, actor));

/** The plans of a flag environment: list, add, remove. */
function registerPlanRoutes(app: App, db: Db): void {
  app.get(
    `${environmentPath}/release-plans`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getReleasePlans',
        tags,
        params: PlanEnvironmentParamsSchema,
        response: { 200: ReleasePlansProgressSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { featureName, environment } = request.params;
      return readPlansOfFlagEnvironment(db, featureName, environment);
    },
  );

  app.post(
    `${environmentPath}/release-plans`,
    {
      config: { permission: 'CREATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'addReleasePlan',
        tags,
        params: PlanEnvironmentParamsSchema,
        body: ReleasePlanTemplateIdSchema,
        response: { 200: ReleasePlanProgressSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => {
      const { project, featureName, environment } = request.params;
      return apply(
        db,
        { kind: 'add-release-plan', project, featureName, environment, templateId: request.body.templateId },
        actorFromRequest(request),
      );
    },
  );

  app.delete(
    `${environmentPath}/release-plans/:planId`,
    {
      config: { permission: 'DELETE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'removeReleasePlan',
        tags,
        params: PlanParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { project, featureName, environment, planId } = request.params;
      await apply(
        db,
        { kind: 'delete-release-plan', project, featureName, environment, planId },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );
}

/** Starting milestones, and setting their automatic progressions. */
function registerProgressionRoutes(app: App, db: Db): void {
  app.post(
    `${environmentPath}/release-plans/:planId/milestones/:milestoneId/start`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'startMilestone',
        tags,
        params: PlanMilestoneParamsSchema,
        response: { 200: ReleasePlanMilestoneSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { project, featureName, environment, planId, milestoneId } = request.params;
      return apply(
        db,
        { kind: 'start-milestone', project, featureName, environment, planId, milestoneId },
        actorFromRequest(request),
      );
    },
  );

  app.put(
    `${environmentPath}/progressions/:id`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'changeMilestoneProgression',
        tags,
        params: ProgressionParamsSchema,
        body: ChangeTimedProgressionSchema,
        response: { 200: MilestoneProgressionSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { project, featureName, environment, id } = request.params;
      return apply(
        db,
        {
          kind: 'change-milestone-progression',
          project,
          featureName,
          environment,
          sourceMilestone: id,
          targetMilestone: request.body.targetMilestone,
          transitionCondition: request.body.transitionCondition,
        },
        actorFromRequest(request),
      );
    },
  );
}

/** Removing and resuming milestone progressions. */
function registerProgressionChangeRoutes(app: App, db: Db): void {
  app.delete(
    `${environmentPath}/progressions/:id`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'deleteMilestoneProgression',
        tags,
        params: ProgressionParamsSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { project, featureName, environment, id } = request.params;
      await apply(
        db,
        { kind: 'delete-milestone-progression', project, featureName, environment, sourceMilestone: id },
        actorFromRequest(request),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    `${environmentPath}/progressions/:planId/resume`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'resumeMilestoneProgressions',
        tags,
        params: ResumeParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { project, featureName, environment, planId } = request.params;
      await apply(
        db,
        { kind: 'resume-milestone-progressions', project, featureName, environment, planId },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );
}

/** Safeguards, and the strategies of a plan milestone. */
function registerSafeguardRoutes(app: App, db: Db): void {
  app.put(
    `${environmentPath}/release-plans/:planId/safeguards`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'changeSafeguard',
        tags,
        params: PlanParamsSchema,
        body: CreateSafeguardSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { project, featureName, environment, planId } = request.params;
      await apply(
        db,
        { kind: 'change-safeguard', project, featureName, environment, planId, safeguard: request.body },
        actorFromRequest(request),
      );
      return reply.status(204).send();
    },
  );

  app.delete(
    `${environmentPath}/release-plans/:planId/safeguards/:safeguardId`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'deleteSafeguard',
        tags,
        params: SafeguardParamsSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { project, featureName, environment, planId, safeguardId } = request.params;
      await apply(
        db,
        { kind: 'delete-safeguard', project, featureName, environment, planId, safeguardId },
        actorFromRequest(request),
      );
      return reply.status(204).send();
    },
  );

  app.put(
    `${environmentPath}/milestone-strategies/:strategyId`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'updateProjectMilestoneStrategy',
        tags,
        params: PlanMilestoneStrategyParamsSchema,
        body: UpdateMilestoneStrategySchema,
        response: { 200: ReleasePlanMilestoneStrategySchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { project, featureName, environment, strategyId } = request.params;
      const { id: _id, milestoneId, ...strategy } = request.body;
      return apply(
        db,
        {
          kind: 'update-plan-milestone-strategy',
          project,
          featureName,
          environment,
          strategyId,
          ...(milestoneId === undefined ? {} : { milestoneId }),
          strategy,
        },
        actorFromRequest(request),
      );
    },
  );
}

/**
 * Release plans on a flag environment, their milestones, progressions and safeguards
 * (shared/unleash/API.md "Release Templates": the 9 plan operations, and the flag section's
 * updateProjectMilestoneStrategy). Each write is one
 * operation applied in one transaction with its event; in an environment governed by change
 * requests the operation refuses direct writes, as flag strategy writes do.
 */
export async function releasePlanRoutes(app: App, { db }: { db: Db }): Promise<void> {
  registerPlanRoutes(app, db);
  registerProgressionRoutes(app, db);
  registerProgressionChangeRoutes(app, db);
  registerSafeguardRoutes(app, db);
}
