import { Type } from 'typebox';
import {
  CreateFeatureStrategySchema,
  CreateProjectSchema,
  EmptyResponseSchema,
  errorResponses,
  ProjectCreatedSchema,
  ProjectEnvironmentBodySchema,
  ProjectOverviewSchema,
  ProjectParamsSchema,
  ProjectsSchema,
  UpdateProjectSchema,
  UpdateProjectSettingsSchema,
  ValidateProjectSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { userIdOf } from '../../lib/caller';
import { actorFromRequest } from '../events';
import { createProjectService, type ProjectService } from './project-service';

const tags = ['Projects'];
const ProjectEnvironmentParams = Type.Object({ projectId: Type.String(), environment: Type.String() });

/** Projects and their environments (shared/unleash/API.md §6 "Projects"), including Unleash's enterprise CRUD. */
export async function projectRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createProjectService(db);
  registerProjectCollectionRoutes(app, service);
  registerProjectLifecycleRoutes(app, service);
  registerProjectDetailRoutes(app, service);
  registerProjectEnvironmentRoutes(app, service);
}

/** The project list, creating a project and checking a new id. */
function registerProjectCollectionRoutes(app: App, service: ProjectService): void {
  app.get(
    '/api/admin/projects',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getProjects',
        tags,
        querystring: Type.Object({ archived: Type.Optional(Type.Boolean()) }),
        response: { 200: ProjectsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      version: 1,
      projects: await service.list(
        request.query.archived === true,
        await request.hiddenProjects(),
        userIdOf(request.caller),
      ),
    }),
  );

  app.post(
    '/api/admin/projects',
    {
      config: { permission: 'CREATE_PROJECT' },
      schema: {
        operationId: 'createProject',
        tags,
        body: CreateProjectSchema,
        response: { 201: ProjectCreatedSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body, actorFromRequest(request));
      return reply.status(201).send({
        id: created.id,
        name: created.name,
        description: created.description,
        featureLimit: created.featureLimit,
        mode: created.mode,
        defaultStickiness: created.defaultStickiness,
        environments: created.environments,
        ...(created.changeRequestEnvironments.length > 0
          ? { changeRequestEnvironments: created.changeRequestEnvironments }
          : {}),
      });
    },
  );

  app.post(
    '/api/admin/projects/validate',
    {
      config: { permission: 'CREATE_PROJECT' },
      schema: {
        operationId: 'validateProject',
        tags,
        body: ValidateProjectSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      await service.validateId(request.body.id);
      return reply.status(200).send();
    },
  );
}

/** Archiving, reviving, editing and deleting a project. */
function registerProjectLifecycleRoutes(app: App, service: ProjectService): void {
  app.post(
    '/api/admin/projects/archive/:projectId',
    {
      config: { permission: 'DELETE_PROJECT' },
      schema: {
        operationId: 'archiveProject',
        tags,
        params: ProjectParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.archive(request.params.projectId, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/projects/revive/:projectId',
    {
      config: { permission: 'UPDATE_PROJECT' },
      schema: {
        operationId: 'reviveProject',
        tags,
        params: ProjectParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revive(request.params.projectId, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.put(
    '/api/admin/projects/:projectId',
    {
      config: { permission: 'UPDATE_PROJECT' },
      schema: {
        operationId: 'updateProject',
        tags,
        params: ProjectParamsSchema,
        body: UpdateProjectSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await service.update(request.params.projectId, request.body, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/projects/:projectId',
    {
      config: { permission: 'DELETE_PROJECT' },
      schema: {
        operationId: 'deleteProject',
        tags,
        params: ProjectParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.projectId, actorFromRequest(request));
      return reply.status(200).send();
    },
  );
}

/** A project's overview, enterprise settings and flag creators. */
function registerProjectDetailRoutes(app: App, service: ProjectService): void {
  app.get(
    '/api/admin/projects/:projectId/overview',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getProjectOverview',
        tags,
        params: ProjectParamsSchema,
        response: { 200: ProjectOverviewSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.overview(request.params.projectId, userIdOf(request.caller)),
  );

  app.put(
    '/api/admin/projects/:projectId/settings',
    {
      config: { permission: 'PROJECT_SETTINGS_WRITE' },
      schema: {
        operationId: 'updateProjectEnterpriseSettings',
        tags,
        params: ProjectParamsSchema,
        body: UpdateProjectSettingsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await service.updateSettings(request.params.projectId, request.body, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.get(
    '/api/admin/projects/:projectId/flag-creators',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getProjectFlagCreators',
        tags,
        params: ProjectParamsSchema,
        response: {
          200: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => service.flagCreators(request.params.projectId),
  );
}

/** The environments of a project and their default strategies. */
function registerProjectEnvironmentRoutes(app: App, service: ProjectService): void {
  app.post(
    '/api/admin/projects/:projectId/environments',
    {
      config: { permission: 'UPDATE_PROJECT' },
      schema: {
        operationId: 'addEnvironmentToProject',
        tags,
        params: ProjectParamsSchema,
        body: ProjectEnvironmentBodySchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const { environment, defaultStrategy } = request.body;
      await service.addEnvironment(
        request.params.projectId,
        environment,
        defaultStrategy,
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/projects/:projectId/environments/:environment',
    {
      config: { permission: 'UPDATE_PROJECT' },
      schema: {
        operationId: 'removeEnvironmentFromProject',
        tags,
        params: ProjectEnvironmentParams,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { projectId, environment } = request.params;
      await service.removeEnvironment(projectId, environment, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/projects/:projectId/environments/:environment/default-strategy',
    {
      config: { permission: 'PROJECT_DEFAULT_STRATEGY_WRITE' },
      schema: {
        operationId: 'addDefaultStrategyToProjectEnvironment',
        tags,
        params: ProjectEnvironmentParams,
        body: CreateFeatureStrategySchema,
        response: { 200: CreateFeatureStrategySchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { projectId, environment } = request.params;
      return service.setDefaultStrategy(projectId, environment, request.body, actorFromRequest(request));
    },
  );
}
