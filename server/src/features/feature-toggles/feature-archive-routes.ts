import { Type } from 'typebox';
import {
  BatchFeaturesSchema,
  BatchStaleSchema,
  EmptyResponseSchema,
  ProjectParamsSchema,
  ValidateArchiveFeaturesSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { routeOptionsFor, WRITE_ERRORS } from '../../http/route-options';
import { actorFromRequest } from '../events';
import type { FeatureService } from './feature-service';

const route = routeOptionsFor(['Features']);
const archiveRoute = routeOptionsFor(['Archive']);
const FeatureNameParams = Type.Object({ featureName: Type.String() });

/** Stale on/off, archive and archive validation for several flags of a project. */
export function registerFeatureBatchRoutes(app: App, service: FeatureService): void {
  app.post(
    '/api/admin/projects/:projectId/stale',
    route({
      operationId: 'staleFeatures',
      permission: 'UPDATE_FEATURE',
      params: ProjectParamsSchema,
      body: BatchStaleSchema,
      response: { 202: EmptyResponseSchema },
      errors: [400, 401, 403, 415],
    }),
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
    route({
      operationId: 'archiveFeatures',
      permission: 'DELETE_FEATURE',
      params: ProjectParamsSchema,
      body: BatchFeaturesSchema,
      response: { 202: EmptyResponseSchema },
      errors: WRITE_ERRORS,
    }),
    async (request, reply) => {
      await service.archiveMany(request.params.projectId, request.body.features, actorFromRequest(request));
      return reply.status(202).send();
    },
  );

  app.post(
    '/api/admin/projects/:projectId/archive/validate',
    route({
      operationId: 'validateArchiveFeatures',
      permission: 'DELETE_FEATURE',
      params: ProjectParamsSchema,
      body: BatchFeaturesSchema,
      response: { 200: ValidateArchiveFeaturesSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request) => service.validateArchive(request.params.projectId, request.body.features),
  );
}

/** The archive: revive and delete archived flags, one or several. */
export function registerArchiveRoutes(app: App, service: FeatureService): void {
  app.post(
    '/api/admin/archive/revive/:featureName',
    archiveRoute({
      operationId: 'reviveFeature',
      permission: 'UPDATE_FEATURE',
      params: FeatureNameParams,
      response: { 200: EmptyResponseSchema },
      errors: [400, 401, 403, 404],
    }),
    async (request, reply) => {
      await service.revive(request.params.featureName, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.delete(
    '/api/admin/archive/:featureName',
    archiveRoute({
      operationId: 'deleteFeature',
      permission: 'DELETE_FEATURE',
      params: FeatureNameParams,
      response: { 200: EmptyResponseSchema },
      errors: [401, 403],
    }),
    async (request, reply) => {
      await service.deleteArchived(request.params.featureName, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/projects/:projectId/delete',
    archiveRoute({
      operationId: 'deleteFeatures',
      permission: 'DELETE_FEATURE',
      params: ProjectParamsSchema,
      body: BatchFeaturesSchema,
      response: { 200: EmptyResponseSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request, reply) => {
      await service.deleteMany(request.params.projectId, request.body.features, actorFromRequest(request));
      return reply.status(200).send();
    },
  );

  app.post(
    '/api/admin/projects/:projectId/revive',
    archiveRoute({
      operationId: 'reviveFeatures',
      permission: 'UPDATE_FEATURE',
      params: ProjectParamsSchema,
      body: BatchFeaturesSchema,
      response: { 200: EmptyResponseSchema },
      errors: [400, 401, 403, 415],
    }),
    async (request, reply) => {
      await service.reviveMany(request.params.projectId, request.body.features, actorFromRequest(request));
      return reply.status(200).send();
    },
  );
}
