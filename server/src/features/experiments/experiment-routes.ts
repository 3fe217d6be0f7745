import {
  CreateExperimentSchema,
  EmptyResponseSchema,
  ExperimentDecisionBodySchema,
  ExperimentListQuerySchema,
  ExperimentParamsSchema,
  ExperimentSchema,
  ExperimentsSchema,
  FlagExperimentsParamsSchema,
  UpdateExperimentSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { READ_ERRORS, routeOptionsFor, WRITE_ERRORS } from '../../http/route-options';
import { assertCallerHas } from '../access';
import { actorFromRequest } from '../events';
import { createExperimentService, type ExperimentService } from './experiment-service';

const route = routeOptionsFor(['Experiments']);
export const FLAG_EXPERIMENTS_PATH = '/api/admin/projects/:projectId/features/:featureName/experiments';
const experimentPath = `${FLAG_EXPERIMENTS_PATH}/:id`;

/** Reading: any signed-in caller who sees the project (hidden projects answer 404 in the guard). */
function registerReadRoutes(app: App, service: ExperimentService): void {
  app.get(
    '/api/admin/experiments',
    route({
      operationId: 'getAllExperiments',
      permission: 'AUTHENTICATED',
      querystring: ExperimentListQuerySchema,
      response: { 200: ExperimentsSchema },
      errors: [400, 401, 403],
    }),
    async (request) => ({
      experiments: await service.list(request.query, await request.hiddenProjects()),
    }),
  );

  app.get(
    FLAG_EXPERIMENTS_PATH,
    route({
      operationId: 'getFlagExperiments',
      permission: 'AUTHENTICATED',
      params: FlagExperimentsParamsSchema,
      response: { 200: ExperimentsSchema },
      errors: READ_ERRORS,
    }),
    async (request) => ({
      experiments: await service.listOfFlag(request.params.projectId, request.params.featureName),
    }),
  );

  app.get(
    experimentPath,
    route({
      operationId: 'getExperiment',
      permission: 'AUTHENTICATED',
      params: ExperimentParamsSchema,
      response: { 200: ExperimentSchema },
      errors: [400, ...READ_ERRORS],
    }),
    async (request) => {
      const { projectId, featureName, id } = request.params;
      return service.get(projectId, featureName, id);
    },
  );
}

/** Defining: the project's UPDATE_FEATURE, as editing the flag itself. */
function registerDefinitionRoutes(app: App, service: ExperimentService): void {
  app.post(
    FLAG_EXPERIMENTS_PATH,
    route({
      operationId: 'createExperiment',
      permission: 'UPDATE_FEATURE',
      params: FlagExperimentsParamsSchema,
      body: CreateExperimentSchema,
      response: { 201: ExperimentSchema },
      errors: WRITE_ERRORS,
    }),
    async (request, reply) => {
      const { projectId: project, featureName } = request.params;
      const created = await service.apply(
        { kind: 'create-experiment', project, featureName, experiment: request.body },
        actorFromRequest(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    experimentPath,
    route({
      operationId: 'updateExperiment',
      permission: 'UPDATE_FEATURE',
      params: ExperimentParamsSchema,
      body: UpdateExperimentSchema,
      response: { 200: ExperimentSchema },
      errors: [...WRITE_ERRORS, 409],
    }),
    async (request) => {
      const { projectId: project, featureName, id } = request.params;
      return service.apply(
        { kind: 'update-experiment', project, featureName, experimentId: id, experiment: request.body },
        actorFromRequest(request),
      );
    },
  );

  app.delete(
    experimentPath,
    route({
      operationId: 'deleteExperiment',
      permission: 'UPDATE_FEATURE',
      params: ExperimentParamsSchema,
      response: { 204: EmptyResponseSchema },
      errors: [400, ...READ_ERRORS, 409],
    }),
    async (request, reply) => {
      const { projectId: project, featureName, id } = request.params;
      await service.apply(
        { kind: 'delete-experiment', project, featureName, experimentId: id },
        actorFromRequest(request),
      );
      return reply.status(204).send();
    },
  );
}

/** Recording the outcome of a stopped experiment: also UPDATE_FEATURE, it does not change the flag. */
function registerDecisionRoute(app: App, service: ExperimentService): void {
  app.post(
    `${experimentPath}/decision`,
    route({
      operationId: 'decideExperiment',
      permission: 'UPDATE_FEATURE',
      params: ExperimentParamsSchema,
      body: ExperimentDecisionBodySchema,
      response: { 200: ExperimentSchema },
      errors: [...WRITE_ERRORS, 409],
    }),
    async (request) => {
      const { projectId: project, featureName, id } = request.params;
      return service.apply(
        { kind: 'decide-experiment', project, featureName, experimentId: id, decision: request.body },
        actorFromRequest(request),
      );
    },
  );
}

/**
 * Starting and stopping change what the flag environment does: they need UPDATE_FEATURE_ENVIRONMENT
 * in the experiment's environment. The path names no environment, so the guard checks the
 * permission in any environment of the project and the handler in the experiment's own, once it
 * is read. In an environment that requires change requests the operation refuses a direct write
 * (403 naming SKIP_CHANGE_REQUEST): draft `startExperiment` / `stopExperiment` instead.
 */
function registerRunRoutes(app: App, service: ExperimentService): void {
  for (const [action, kind] of [
    ['start', 'start-experiment'],
    ['stop', 'stop-experiment'],
  ] as const) {
    app.post(
      `${experimentPath}/${action}`,
      route({
        operationId: action === 'start' ? 'startExperiment' : 'stopExperiment',
        permission: 'UPDATE_FEATURE_ENVIRONMENT',
        params: ExperimentParamsSchema,
        response: { 200: ExperimentSchema },
        errors: [400, ...READ_ERRORS, 409],
      }),
      async (request) => {
        const { projectId: project, featureName, id } = request.params;
        const { environment } = await service.get(project, featureName, id);
        assertCallerHas(request.caller, 'UPDATE_FEATURE_ENVIRONMENT', { project, environment });
        return service.apply(
          { kind, project, featureName, environment, experimentId: id },
          actorFromRequest(request),
        );
      },
    );
  }
}

/**
 * Experiments on a flag (issue 35 §3; our own admin API, documented in docs/experiments.md):
 * list, create, read, edit and delete drafts, start, stop and decide, and the instance-wide list
 * of the Experiments screen. Each write is one operation in one transaction with its event.
 */
export async function experimentRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createExperimentService(db);
  registerReadRoutes(app, service);
  registerDefinitionRoutes(app, service);
  registerDecisionRoute(app, service);
  registerRunRoutes(app, service);
}
