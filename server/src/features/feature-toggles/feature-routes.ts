import { Type } from 'typebox';
import {
  BatchFeaturesSchema,
  BatchStaleSchema,
  ChangeProjectSchema,
  CloneFeatureSchema,
  CreateFeatureSchema,
  EmptyResponseSchema,
  errorResponses,
  FeatureLinkSchema,
  FeatureParamsSchema,
  FeatureSchema,
  PatchesSchema,
  ProjectFeaturesSchema,
  ProjectParamsSchema,
  UpdateFeatureSchema,
  ValidateArchiveFeaturesSchema,
  ValidateFeatureSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { registerFeatureEnvironmentRoutes } from './feature-environment-routes';
import { createFeatureService } from './feature-service';

const tags = ['Features'];
const base = '/api/admin/projects/:projectId/features';
const featurePath = `${base}/:featureName`;
const FeatureNameParams = Type.Object({ featureName: Type.String() });

/**
 * Flags: create, read, update, clone, links, moves, stale, archive and revive (shared/unleash/API.md
 * §6 "Features", "Archive"); their environments, strategies and variants in feature-environment-routes.ts.
 */
export async function featureRoutes(app: App, { db }: { db: Db }): Promise<void> {
  const service = createFeatureService(db);

  app.post(
    '/api/admin/features/validate',
    {
      config: { permission: 'CREATE_FEATURE' },
      schema: {
        operationId: 'validateFeature',
        tags,
        body: ValidateFeatureSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 409, 415) },
      },
    },
    async (request, reply) => {
      await service.validateName(request.body.name, request.body.projectId);
      return reply.status(200).send();
    },
  );

  app.get(
    base,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFeatures',
        tags,
        params: ProjectParamsSchema,
        response: { 200: ProjectFeaturesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      version: 2,
      features: await service.listProjectFeatures(request.params.projectId),
    }),
  );

  app.post(
    base,
    {
      config: { permission: 'CREATE_FEATURE' },
      schema: {
        operationId: 'createFeature',
        tags,
        params: ProjectParamsSchema,
        body: CreateFeatureSchema,
        response: { 201: FeatureSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.params.projectId, request.body, actorFromRequest(request));
      return reply.status(201).send(created);
    },
  );

  app.get(
    featurePath,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFeature',
        tags,
        params: FeatureParamsSchema,
        response: { 200: FeatureSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.getFeature(request.params.projectId, request.params.featureName),
  );

  app.put(
    featurePath,
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'updateFeature',
        tags,
        params: FeatureParamsSchema,
        body: UpdateFeatureSchema,
        response: { 200: FeatureSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
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
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'patchFeature',
        tags,
        params: FeatureParamsSchema,
        body: PatchesSchema,
        response: { 200: FeatureSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
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
    {
      config: { permission: 'DELETE_FEATURE' },
      schema: {
        operationId: 'archiveFeature',
        tags,
        params: FeatureParamsSchema,
        response: { 202: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.archive(request.params.projectId, request.params.featureName, actorFromRequest(request));
      return reply.status(202).send();
    },
  );

  app.post(
    `${featurePath}/clone`,
    {
      config: { permission: 'CREATE_FEATURE' },
      schema: {
        operationId: 'cloneFeature',
        tags,
        params: FeatureParamsSchema,
        body: CloneFeatureSchema,
        response: { 201: FeatureSchema, ...errorResponses(400, 401, 403, 404, 409, 415) },
      },
    },
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

  app.post(
    `${featurePath}/link`,
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'createFeatureLink',
        tags,
        params: FeatureParamsSchema,
        body: FeatureLinkSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { projectId, featureName } = request.params;
      await service.addLink(projectId, featureName, request.body, actorFromRequest(request));
      return reply.status(204).send();
    },
  );

  app.put(
    `${featurePath}/link/:linkId`,
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'updateFeatureLink',
        tags,
        params: Type.Object({ projectId: Type.String(), featureName: Type.String(), linkId: Type.String() }),
        body: FeatureLinkSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { projectId, featureName, linkId } = request.params;
      await service.updateLink(projectId, featureName, linkId, request.body, actorFromRequest(request));
      return reply.status(204).send();
    },
  );

  app.delete(
    `${featurePath}/link/:linkId`,
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'deleteFeatureLink',
        tags,
        params: Type.Object({ projectId: Type.String(), featureName: Type.String(), linkId: Type.String() }),
        response: { 204: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { projectId, featureName, linkId } = request.params;
      await service.deleteLink(projectId, featureName, linkId, actorFromRequest(request));
      return reply.status(204).send();
    },
  );

  app.post(
    `${featurePath}/changeProject`,
    {
      config: { permission: 'MOVE_FEATURE_TOGGLE' },
      schema: {
        operationId: 'changeProject',
        tags,
        params: FeatureParamsSchema,
        body: ChangeProjectSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
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

  registerFeatureEnvironmentRoutes(app, service);

  app.post(
    '/api/admin/projects/:projectId/stale',
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'staleFeatures',
        tags,
        params: ProjectParamsSchema,
        body: BatchStaleSchema,
        response: { 202: EmptyResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      await service.setStale(
        request.params.projectId,
        request.body.features,
        request.body.stale,
        actorFromRequest(request),
      );
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/admin/projects/:projectId/archive',
    {
      config: { permission: 'DELETE_FEATURE' },
      schema: {
        operationId: 'archiveFeatures',
        tags,
        params: ProjectParamsSchema,
        body: BatchFeaturesSchema,
        response: { 202: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await service.archiveMany(request.params.projectId, request.body.features, actorFromRequest(request));
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/admin/projects/:projectId/archive/validate',
    {
      config: { permission: 'DELETE_FEATURE' },
      schema: {
        operationId: 'validateArchiveFeatures',
        tags,
        params: ProjectParamsSchema,
        body: BatchFeaturesSchema,
        response: { 200: ValidateArchiveFeaturesSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request) => service.validateArchive(request.params.projectId, request.body.features),
  );

  app.post(
    '/api/admin/archive/revive/:featureName',
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'reviveFeature',
        tags: ['Archive'],
        params: FeatureNameParams,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revive(request.params.featureName, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/archive/:featureName',
    {
      config: { permission: 'DELETE_FEATURE' },
      schema: {
        operationId: 'deleteFeature',
        tags: ['Archive'],
        params: FeatureNameParams,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await service.deleteArchived(request.params.featureName, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/projects/:projectId/delete',
    {
      config: { permission: 'DELETE_FEATURE' },
      schema: {
        operationId: 'deleteFeatures',
        tags: ['Archive'],
        params: ProjectParamsSchema,
        body: BatchFeaturesSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      await service.deleteMany(request.params.projectId, request.body.features, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/projects/:projectId/revive',
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'reviveFeatures',
        tags: ['Archive'],
        params: ProjectParamsSchema,
        body: BatchFeaturesSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 415) },
      },
    },
    async (request, reply) => {
      await service.reviveMany(request.params.projectId, request.body.features, actorFromRequest(request));
      return reply.status(200).send();
    },
  );
}
