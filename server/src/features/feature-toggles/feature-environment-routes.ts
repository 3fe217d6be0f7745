import { Type } from 'typebox';
import {
  BatchFeaturesSchema,
  CreateFeatureStrategySchema,
  EmptyResponseSchema,
  errorResponses,
  FeatureEnvironmentParamsSchema,
  FeatureEnvironmentSchema,
  FeatureParamsSchema,
  FeatureStrategyParamsSchema,
  FeatureStrategySchema,
  FeatureVariantsSchema,
  PatchesSchema,
  PushVariantsSchema,
  SetStrategySortOrderSchema,
  UpdateFeatureStrategySchema,
  UpdateFeatureStrategySegmentsSchema,
  VariantsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorFromRequest } from '../events';
import type { FeatureService } from './feature-service';

const tags = ['Features'];
const featurePath = '/api/admin/projects/:projectId/features/:featureName';
const environmentPath = `${featurePath}/environments/:environment`;
const ProjectEnvironmentParams = Type.Object({ projectId: Type.String(), environment: Type.String() });

/**
 * A flag's environments: reading one, turning it on and off (one flag or in bulk), its strategies,
 * their segments and its variants (shared/unleash/API.md §6 "Features"). Registered by featureRoutes
 * on the same instance.
 */
export function registerFeatureEnvironmentRoutes(app: App, service: FeatureService): void {
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
