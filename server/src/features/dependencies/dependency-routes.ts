import { Type } from 'typebox';
import {
  CreateDependentFeatureSchema,
  DependenciesExistSchema,
  EmptyResponseSchema,
  errorResponses,
  ParentFeatureOptionsSchema,
  ProjectParamsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { createDependencyService, type DependencyService } from './dependency-service';

const tags = ['Dependencies'];
const ChildParams = Type.Object({ projectId: Type.String(), child: Type.String() });

/** Whether a project has dependencies, and a child's parent and variant options. */
function registerDependencyReadRoutes(app: App, service: DependencyService): void {
  app.get(
    '/api/admin/projects/:projectId/dependencies',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'checkDependenciesExist',
        tags,
        params: ProjectParamsSchema,
        response: { 200: DependenciesExistSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.dependenciesExist(request.params.projectId),
  );

  app.get(
    '/api/admin/projects/:projectId/features/:child/parents',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'listParentOptions',
        tags,
        params: ChildParams,
        response: { 200: ParentFeatureOptionsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.parentOptions(request.params.projectId, request.params.child),
  );

  app.get(
    '/api/admin/projects/:projectId/features/:parent/parent-variants',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'listParentVariantOptions',
        tags,
        params: Type.Object({ projectId: Type.String(), parent: Type.String() }),
        response: { 200: ParentFeatureOptionsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.parentVariantOptions(request.params.projectId, request.params.parent),
  );
}

/** Add a parent to a flag, remove one or all of them. */
function registerDependencyWriteRoutes(app: App, service: DependencyService): void {
  app.post(
    '/api/admin/projects/:projectId/features/:child/dependencies',
    {
      config: { permission: 'UPDATE_FEATURE_DEPENDENCY' },
      schema: {
        operationId: 'addFeatureDependency',
        tags,
        params: ChildParams,
        body: CreateDependentFeatureSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { projectId, child } = request.params;
      await service.apply(
        { kind: 'add-dependency', project: projectId, child, dependency: request.body },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/projects/:projectId/features/:child/dependencies',
    {
      config: { permission: 'UPDATE_FEATURE_DEPENDENCY' },
      schema: {
        operationId: 'deleteFeatureDependencies',
        tags,
        params: ChildParams,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { projectId, child } = request.params;
      await service.apply(
        { kind: 'delete-dependencies', project: projectId, child },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/projects/:projectId/features/:child/dependencies/:parent',
    {
      config: { permission: 'UPDATE_FEATURE_DEPENDENCY' },
      schema: {
        operationId: 'deleteFeatureDependency',
        tags,
        params: Type.Object({ projectId: Type.String(), child: Type.String(), parent: Type.String() }),
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { projectId, child, parent } = request.params;
      await service.apply(
        { kind: 'delete-dependency', project: projectId, child, parent },
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );
}

/** Dependencies between flags (shared/unleash/API.md §6 "Dependencies"). */
export async function dependencyRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createDependencyService(db);
  registerDependencyReadRoutes(app, service);
  registerDependencyWriteRoutes(app, service);
}
