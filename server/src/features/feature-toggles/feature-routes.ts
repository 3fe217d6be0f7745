import { Type } from 'typebox';
import {
  BatchFeaturesSchema,
  BatchStaleSchema,
  ChangeProjectSchema,
  CloneFeatureSchema,
  CreateFeatureSchema,
  CreateFeatureStrategySchema,
  EmptyResponseSchema,
  errorResponses,
  FeatureEnvironmentParamsSchema,
  FeatureEnvironmentSchema,
  FeatureLinkSchema,
  FeatureParamsSchema,
  FeatureSchema,
  FeatureStrategyParamsSchema,
  FeatureStrategySchema,
  FeatureVariantsSchema,
  PatchesSchema,
  ProjectFeaturesSchema,
  ProjectParamsSchema,
  PushVariantsSchema,
  SetStrategySortOrderSchema,
  UpdateFeatureSchema,
  UpdateFeatureStrategySchema,
  UpdateFeatureStrategySegmentsSchema,
  ValidateArchiveFeaturesSchema,
  ValidateFeatureSchema,
  VariantsSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import { createFeatureService } from './feature-service';

const tags = ['Features'];
const base = '/api/admin/projects/:projectId/features';
const featurePath = `${base}/:featureName`;
const environmentPath = `${featurePath}/environments/:environment`;
const ProjectEnvironmentParams = Type.Object({ projectId: Type.String(), environment: Type.String() });
const FeatureNameParams = Type.Object({ featureName: Type.String() });

/** Flags, their environments, strategies and variants (shared/unleash/API.md §6 "Features", "Archive"). */
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

  app.get(
    environmentPath,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFeatureEnvironment',
        tags,
        params: FeatureEnvironmentParamsSchema,
        response: { 200: FeatureEnvironmentSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment } = request.params;
      return service.getEnvironment(projectId, featureName, environment);
    },
  );

  for (const [suffix, enabled] of [
    ['on', true],
    ['off', false],
  ] as const) {
    app.post(
      `${environmentPath}/${suffix}`,
      {
        config: { permission: 'UPDATE_FEATURE_ENVIRONMENT' },
        schema: {
          operationId: enabled ? 'toggleFeatureEnvironmentOn' : 'toggleFeatureEnvironmentOff',
          tags,
          params: FeatureEnvironmentParamsSchema,
          querystring: Type.Object({ shouldActivateDisabledStrategies: Type.Optional(Type.Boolean()) }),
          response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, featureName, environment } = request.params;
        await service.setEnvironmentEnabled(
          projectId,
          featureName,
          environment,
          enabled,
          request.query.shouldActivateDisabledStrategies === true,
          actorFromRequest(request),
        );
        return reply.status(200).send();
      },
    );
  }

  app.get(
    `${environmentPath}/strategies`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFeatureStrategies',
        tags,
        params: FeatureEnvironmentParamsSchema,
        response: { 200: Type.Array(FeatureStrategySchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment } = request.params;
      return service.listStrategies(projectId, featureName, environment);
    },
  );

  app.post(
    `${environmentPath}/strategies`,
    {
      config: { permission: 'CREATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'addFeatureStrategy',
        tags,
        params: FeatureEnvironmentParamsSchema,
        body: CreateFeatureStrategySchema,
        response: { 200: FeatureStrategySchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment } = request.params;
      return service.addStrategy(
        projectId,
        featureName,
        environment,
        request.body,
        actorFromRequest(request),
      );
    },
  );

  app.post(
    `${environmentPath}/strategies/set-sort-order`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'setStrategySortOrder',
        tags,
        params: FeatureEnvironmentParamsSchema,
        body: SetStrategySortOrderSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { projectId, featureName, environment } = request.params;
      await service.reorderStrategies(
        projectId,
        featureName,
        environment,
        request.body,
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );

  app.get(
    `${environmentPath}/strategies/:strategyId`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFeatureStrategy',
        tags,
        params: FeatureStrategyParamsSchema,
        response: { 200: FeatureStrategySchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment, strategyId } = request.params;
      return service.getStrategy(projectId, featureName, environment, strategyId);
    },
  );

  app.put(
    `${environmentPath}/strategies/:strategyId`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'updateFeatureStrategy',
        tags,
        params: FeatureStrategyParamsSchema,
        body: UpdateFeatureStrategySchema,
        response: { 200: FeatureStrategySchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment, strategyId } = request.params;
      return service.updateStrategy(
        projectId,
        featureName,
        environment,
        strategyId,
        request.body,
        actorFromRequest(request),
      );
    },
  );

  app.patch(
    `${environmentPath}/strategies/:strategyId`,
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'patchFeatureStrategy',
        tags,
        params: FeatureStrategyParamsSchema,
        body: PatchesSchema,
        response: { 200: FeatureStrategySchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment, strategyId } = request.params;
      return service.patchStrategy(
        projectId,
        featureName,
        environment,
        strategyId,
        request.body,
        actorFromRequest(request),
      );
    },
  );

  app.delete(
    `${environmentPath}/strategies/:strategyId`,
    {
      config: { permission: 'DELETE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'deleteFeatureStrategy',
        tags,
        params: FeatureStrategyParamsSchema,
        response: { 200: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { projectId, featureName, environment, strategyId } = request.params;
      await service.deleteStrategy(
        projectId,
        featureName,
        environment,
        strategyId,
        actorFromRequest(request),
      );
      return reply.status(200).send();
    },
  );

  app.get(
    `${environmentPath}/variants`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getEnvironmentFeatureVariants',
        tags,
        params: FeatureEnvironmentParamsSchema,
        response: { 200: FeatureVariantsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment } = request.params;
      return { version: 1, variants: await service.getVariants(projectId, featureName, environment) };
    },
  );

  app.put(
    `${environmentPath}/variants`,
    {
      config: { permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS' },
      schema: {
        operationId: 'overwriteEnvironmentFeatureVariants',
        tags,
        params: FeatureEnvironmentParamsSchema,
        body: VariantsSchema,
        response: { 200: FeatureVariantsSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment } = request.params;
      const variants = await service.setVariants(
        projectId,
        featureName,
        environment,
        request.body,
        actorFromRequest(request),
      );
      return { version: 1, variants };
    },
  );

  app.patch(
    `${environmentPath}/variants`,
    {
      config: { permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS' },
      schema: {
        operationId: 'patchEnvironmentsFeatureVariants',
        tags,
        params: FeatureEnvironmentParamsSchema,
        body: PatchesSchema,
        response: { 200: FeatureVariantsSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { projectId, featureName, environment } = request.params;
      const variants = await service.patchVariants(
        projectId,
        featureName,
        environment,
        request.body,
        actorFromRequest(request),
      );
      return { version: 1, variants };
    },
  );

  app.put(
    `${featurePath}/variants-batch`,
    {
      config: { permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS' },
      schema: {
        operationId: 'overwriteFeatureVariantsOnEnvironments',
        tags,
        params: FeatureParamsSchema,
        body: PushVariantsSchema,
        response: { 200: FeatureVariantsSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) => {
      const { projectId, featureName } = request.params;
      const variants = await service.setVariantsOnEnvironments(
        projectId,
        featureName,
        request.body.environments ?? [],
        request.body.variants ?? [],
        actorFromRequest(request),
      );
      return { version: 1, variants };
    },
  );

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

  for (const [suffix, enabled] of [
    ['on', true],
    ['off', false],
  ] as const) {
    app.post(
      `/api/admin/projects/:projectId/bulk_features/environments/:environment/${suffix}`,
      {
        config: { permission: 'UPDATE_FEATURE_ENVIRONMENT' },
        schema: {
          operationId: enabled ? 'bulkToggleFeaturesEnvironmentOn' : 'bulkToggleFeaturesEnvironmentOff',
          tags,
          params: ProjectEnvironmentParams,
          body: BatchFeaturesSchema,
          response: { 200: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request, reply) => {
        const { projectId, environment } = request.params;
        await service.bulkSetEnvironmentEnabled(
          projectId,
          environment,
          request.body.features,
          enabled,
          actorFromRequest(request),
        );
        return reply.status(200).send();
      },
    );
  }

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

  app.post(
    '/api/admin/segments/strategies',
    {
      config: { permission: 'UPDATE_FEATURE_STRATEGY' },
      schema: {
        operationId: 'updateFeatureStrategySegments',
        tags: ['Strategies'],
        body: UpdateFeatureStrategySegmentsSchema,
        response: { 201: UpdateFeatureStrategySegmentsSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      const { projectId, environmentId, strategyId, segmentIds } = request.body;
      await service.setStrategySegments(
        projectId,
        environmentId,
        strategyId,
        segmentIds,
        actorFromRequest(request),
      );
      return reply.status(201).send(request.body);
    },
  );
}
