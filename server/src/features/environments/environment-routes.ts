import { Type } from 'typebox';
import {
  CloneEnvironmentSchema,
  CreateEnvironmentSchema,
  EmptyResponseSchema,
  ENVIRONMENT_NAME_PATTERN,
  EnvironmentSchema,
  EnvironmentsProjectSchema,
  EnvironmentsSchema,
  errorResponses,
  SortOrderSchema,
  UpdateEnvironmentSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { createEnvironmentService, type EnvironmentService } from './environment-service';

const tags = ['Environments'];
const NameParams = Type.Object({ name: Type.String() });

/** Environments (shared/unleash/API.md §6 "Environments"), including Unleash's enterprise CRUD. */
export async function environmentRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createEnvironmentService(db);
  registerEnvironmentListRoutes(app, service);
  registerSingleEnvironmentRoutes(app, service);
  registerEnvironmentCloneAndToggleRoutes(app, service);
}

/** The environment list: read, create, validate, per project, sort order. */
function registerEnvironmentListRoutes(app: App, service: EnvironmentService): void {
  app.get(
    '/api/admin/environments',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getAllEnvironments',
        tags,
        response: { 200: EnvironmentsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ version: 1, environments: await service.list() }),
  );

  app.post(
    '/api/admin/environments',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'createEnvironment',
        tags,
        body: CreateEnvironmentSchema,
        response: { 201: EnvironmentSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.body, actorFromRequest(request))),
  );

  app.post(
    '/api/admin/environments/validate',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'validateEnvironmentName',
        tags,
        body: Type.Object({ name: Type.String({ pattern: ENVIRONMENT_NAME_PATTERN }) }),
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 409, 415) },
      },
    },
    async (request, reply) => {
      await service.validateName(request.body.name);
      return reply.status(200).send();
    },
  );

  app.get(
    '/api/admin/environments/project/:projectId',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getProjectEnvironments',
        tags,
        params: Type.Object({ projectId: Type.String() }),
        response: { 200: EnvironmentsProjectSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ version: 1, environments: await service.listForProject(request.params.projectId) }),
  );

  app.put(
    '/api/admin/environments/sort-order',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'updateSortOrder',
        tags,
        body: SortOrderSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await service.setSortOrder(request.body, actorFromRequest(request));
      return reply.status(200).send();
    },
  );
}

/** One environment: update, read, delete. */
function registerSingleEnvironmentRoutes(app: App, service: EnvironmentService): void {
  app.put(
    '/api/admin/environments/update/:name',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'updateEnvironment',
        tags,
        params: NameParams,
        body: UpdateEnvironmentSchema,
        response: { 200: EnvironmentSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => service.update(request.params.name, request.body, actorFromRequest(request)),
  );

  app.get(
    '/api/admin/environments/:name',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getEnvironment',
        tags,
        params: NameParams,
        response: { 200: EnvironmentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.name),
  );

  app.delete(
    '/api/admin/environments/:name',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'removeEnvironment',
        tags,
        params: NameParams,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.name, actorFromRequest(request));
      return reply.status(200).send();
    },
  );
}

/** Cloning an environment, turning it on and off. */
function registerEnvironmentCloneAndToggleRoutes(app: App, service: EnvironmentService): void {
  app.post(
    '/api/admin/environments/:name/clone',
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'cloneEnvironment',
        tags,
        params: NameParams,
        body: CloneEnvironmentSchema,
        response: { 200: EnvironmentSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request) => service.clone(request.params.name, request.body, actorFromRequest(request)),
  );

  for (const [suffix, enabled] of [
    ['on', true],
    ['off', false],
  ] as const) {
    app.post(
      `/api/admin/environments/:name/${suffix}`,
      {
        config: { permission: 'ADMIN' },
        schema: {
          operationId: enabled ? 'toggleEnvironmentOn' : 'toggleEnvironmentOff',
          tags,
          params: NameParams,
          response: { 204: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await service.setEnabled(request.params.name, enabled, actorFromRequest(request));
        return reply.status(204).send();
      },
    );
  }
}
