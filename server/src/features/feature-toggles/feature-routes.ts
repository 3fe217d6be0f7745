import { Type } from 'typebox';
import {
  ChangeProjectSchema,
  CloneFeatureSchema,
  CreateFeatureSchema,
  EmptyResponseSchema,
  FeatureLinkSchema,
  FeatureParamsSchema,
  FeatureSchema,
  PatchesSchema,
  ProjectFeaturesSchema,
  ProjectParamsSchema,
  UpdateFeatureSchema,
  ValidateFeatureSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { READ_ERRORS, routeOptionsFor, WRITE_ERRORS } from '../../http/route-options';
import { actorFromRequest } from '../events';
import type { FlagEnvironmentExtensions } from './environment-extensions';
import { registerArchiveRoutes, registerFeatureBatchRoutes } from './feature-archive-routes';
import { registerFeatureEnvironmentRoutes } from './feature-environment-routes';
import { createFeatureService, type FeatureService } from './feature-service';

const route = routeOptionsFor(['Features']);
const base = '/api/admin/projects/:projectId/features';
const featurePath = `${base}/:featureName`;

/** Validate a new name, list the project's flags, create one and read one. */
function registerFlagRoutes(app: App, service: FeatureService): void {
  app.post(
    '/api/admin/features/validate',
    route({
      operationId: 'validateFeature',
      permission: 'CREATE_FEATURE',
      body: ValidateFeatureSchema,
      response: { 200: EmptyResponseSchema },
      errors: [400, 401, 409, 415],
    }),
    async (request, reply) => {
      await service.validateName(request.body.name, request.body.projectId);
      return reply.status(200).send();
    },
  );

  app.get(
    base,
    route({
      operationId: 'getFeatures',
      permission: 'AUTHENTICATED',
      params: ProjectParamsSchema,
      response: { 200: ProjectFeaturesSchema },
      errors: [400, 401, 403],
    }),
    async (request) => ({
      version: 2,
      features: await service.listProjectFeatures(request.params.projectId),
    }),
  );

  app.post(
    base,
    route({
      operationId: 'createFeature',
      permission: 'CREATE_FEATURE',
      params: ProjectParamsSchema,
      body: CreateFeatureSchema,
      response: { 201: FeatureSchema },
      errors: [400, 401, 403, 404, 409, 415],
    }),
    async (request, reply) => {
      const created = await service.create(request.params.projectId, request.body, actorFromRequest(request));
      return reply.status(201).send(created);
    },
  );

  app.get(
    featurePath,
    route({
      operationId: 'getFeature',
      permission: 'AUTHENTICATED',
      params: FeatureParamsSchema,
      response: { 200: FeatureSchema },
      errors: READ_ERRORS,
    }),
    async (request) => service.getFeature(request.params.projectId, request.params.featureName),
  );
}

/** Update, patch, archive and clone one flag. */
function registerFlagUpdateRoutes(app: App, service: FeatureService): void {
  app.put(
    featurePath,
    route({
      operationId: 'updateFeature',
      permission: 'UPDATE_FEATURE',
      params: FeatureParamsSchema,
      body: UpdateFeatureSchema,
      response: { 200: FeatureSchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      service.update(
        request.params.projectId,
        request.params.featureName,
        request.body,
        actorFromRequest(request),
      ),
  );

  app.patch(
    featurePath,
    route({
      operationId: 'patchFeature',
      permission: 'UPDATE_FEATURE',
      params: FeatureParamsSchema,
      body: PatchesSchema,
      response: { 200: FeatureSchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      service.patch(
        request.params.projectId,
        request.params.featureName,
        request.body,
        actorFromRequest(request),
      ),
  );

  app.delete(
    featurePath,
    route({
      operationId: 'archiveFeature',
      permission: 'DELETE_FEATURE',
      params: FeatureParamsSchema,
      response: { 202: EmptyResponseSchema },
      errors: READ_ERRORS,
    }),
    async (request, reply) => {
      await service.archive(request.params.projectId, request.params.featureName, actorFromRequest(request));
      return reply.status(202).send();
    },
  );

  app.post(
    `${featurePath}/clone`,
    route({
      operationId: 'cloneFeature',
      permission: 'CREATE_FEATURE',
      params: FeatureParamsSchema,
      body: CloneFeatureSchema,
      response: { 201: FeatureSchema },
      errors: [400, 401, 403, 404, 409, 415],
    }),
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      const clone = await service.clone(
        projectId,
        featureName,
        request.body.name,
        request.body.replaceGroupId,
        actorFromRequest(request),
      );
      return reply.status(201).send(clone);
    },
  );
}

/** A flag's links and its move to another project. */
function registerFlagLinkRoutes(app: App, service: FeatureService): void {
  app.post(
    `${featurePath}/link`,
    route({
      operationId: 'createFeatureLink',
      permission: 'UPDATE_FEATURE',
      params: FeatureParamsSchema,
      body: FeatureLinkSchema,
      response: { 204: EmptyResponseSchema },
      errors: WRITE_ERRORS,
    }),
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      await service.addLink(projectId, featureName, request.body, actorFromRequest(request));
      return reply.status(204).send();
    },
  );

  app.put(
    `${featurePath}/link/:linkId`,
    route({
      operationId: 'updateFeatureLink',
      permission: 'UPDATE_FEATURE',
      params: Type.Object({ projectId: Type.String(), featureName: Type.String(), linkId: Type.String() }),
      body: FeatureLinkSchema,
      response: { 204: EmptyResponseSchema },
      errors: WRITE_ERRORS,
    }),
    async (request, reply) => {
      const { projectId, featureName, linkId } = request.params;
      await service.updateLink(projectId, featureName, linkId, request.body, actorFromRequest(request));
      return reply.status(204).send();
    },
  );

  app.delete(
    `${featurePath}/link/:linkId`,
    route({
      operationId: 'deleteFeatureLink',
      permission: 'UPDATE_FEATURE',
      params: Type.Object({ projectId: Type.String(), featureName: Type.String(), linkId: Type.String() }),
      response: { 204: EmptyResponseSchema },
      errors: READ_ERRORS,
    }),
    async (request, reply) => {
      const { projectId, featureName, linkId } = request.params;
      await service.deleteLink(projectId, featureName, linkId, actorFromRequest(request));
      return reply.status(204).send();
    },
  );

  app.post(
    `${featurePath}/changeProject`,
    route({
      operationId: 'changeProject',
      permission: 'MOVE_FEATURE_TOGGLE',
      params: FeatureParamsSchema,
      body: ChangeProjectSchema,
      response: { 200: EmptyResponseSchema },
      errors: WRITE_ERRORS,
    }),
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      await service.changeProject(
        projectId,
        featureName,
        request.body.newProjectId,
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );
}

/**
 * Flags: create, read, update, clone, links, moves, stale, archive and revive (shared/unleash/API.md
 * §6 "Features", "Archive"); their environments, strategies and variants in feature-environment-routes.ts.
 */
export async function featureRoutes(
  app: App,
  { db, extensions }: { db: Db; extensions: FlagEnvironmentExtensions | null },
): Promise<void> {
  const service = createFeatureService(db, extensions);
  registerFlagRoutes(app, service);
  registerFlagUpdateRoutes(app, service);
  registerFlagLinkRoutes(app, service);
  registerFeatureEnvironmentRoutes(app, service);
  registerFeatureBatchRoutes(app, service);
  registerArchiveRoutes(app, service);
}
