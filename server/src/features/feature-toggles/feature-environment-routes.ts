import { Type } from 'typebox';
import {
  BatchFeaturesSchema,
  CreateFeatureStrategySchema,
  EmptyResponseSchema,
  FeatureEnvironmentParamsSchema,
  FeatureEnvironmentSchema,
  FeatureParamsSchema,
  FeatureStrategyListItemSchema,
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
import { READ_ERRORS, routeOptionsFor, WRITE_ERRORS } from '../../http/route-options';
import { actorFromRequest } from '../events';
import type { FeatureService } from './feature-service';

const route = routeOptionsFor(['Features']);
const featurePath = '/api/admin/projects/:projectId/features/:featureName';
const environmentPath = `${featurePath}/environments/:environment`;
const ProjectEnvironmentParams = Type.Object({ projectId: Type.String(), environment: Type.String() });

/** The flag environment a request names, as the service's first three arguments. */
const inEnvironment = ({
  projectId,
  featureName,
  environment,
}: {
  projectId: string;
  featureName: string;
  environment: string;
}) => [projectId, featureName, environment] as const;
/** One strategy of a flag environment, as the service's first four arguments. */
const ofStrategy = (params: {
  projectId: string;
  featureName: string;
  environment: string;
  strategyId: string;
}) => [...inEnvironment(params), params.strategyId] as const;
/** The variants answer of the legacy variant routes. */
const variantsAnswer = async <Variant>(variants: Promise<Variant[]>) => ({
  version: 1,
  variants: await variants,
});

/** A write answered with an empty 200 (Unleash's answer for these actions). */
async function emptyOk(reply: { status(code: 200): { send(): unknown } }, work: Promise<unknown>) {
  await work;
  return reply.status(200).send();
}

/** Read one flag environment and turn it on or off. */
function registerEnvironmentStateRoutes(app: App, service: FeatureService): void {
  app.get(
    environmentPath,
    route({
      operationId: 'getFeatureEnvironment',
      permission: 'AUTHENTICATED',
      params: FeatureEnvironmentParamsSchema,
      response: { 200: FeatureEnvironmentSchema },
      errors: READ_ERRORS,
    }),
    async (request) => service.getEnvironment(...inEnvironment(request.params)),
  );

  for (const [suffix, enabled] of [
    ['on', true],
    ['off', false],
  ] as const) {
    app.post(
      `${environmentPath}/${suffix}`,
      route({
        operationId: enabled ? 'toggleFeatureEnvironmentOn' : 'toggleFeatureEnvironmentOff',
        permission: 'UPDATE_FEATURE_ENVIRONMENT',
        params: FeatureEnvironmentParamsSchema,
        querystring: Type.Object({ shouldActivateDisabledStrategies: Type.Optional(Type.Boolean()) }),
        response: { 200: EmptyResponseSchema },
        errors: [400, 401, 403, 404],
      }),
      async (request, reply) =>
        emptyOk(
          reply,
          service.setEnvironmentEnabled(
            ...inEnvironment(request.params),
            enabled,
            request.query.shouldActivateDisabledStrategies === true,
            actorFromRequest(request),
          ),
        ),
    );
  }
}

/** List, add, reorder and read the strategies of a flag environment. */
function registerStrategyRoutes(app: App, service: FeatureService): void {
  app.get(
    `${environmentPath}/strategies`,
    route({
      operationId: 'getFeatureStrategies',
      permission: 'AUTHENTICATED',
      params: FeatureEnvironmentParamsSchema,
      response: { 200: Type.Array(FeatureStrategyListItemSchema) },
      errors: READ_ERRORS,
    }),
    async (request) => service.listStrategies(...inEnvironment(request.params)),
  );

  app.post(
    `${environmentPath}/strategies`,
    route({
      operationId: 'addFeatureStrategy',
      permission: 'CREATE_FEATURE_STRATEGY',
      params: FeatureEnvironmentParamsSchema,
      body: CreateFeatureStrategySchema,
      response: { 200: FeatureStrategySchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      service.addStrategy(...inEnvironment(request.params), request.body, actorFromRequest(request)),
  );

  app.post(
    `${environmentPath}/strategies/set-sort-order`,
    route({
      operationId: 'setStrategySortOrder',
      permission: 'UPDATE_FEATURE_STRATEGY',
      params: FeatureEnvironmentParamsSchema,
      body: SetStrategySortOrderSchema,
      response: { 200: EmptyResponseSchema },
      errors: WRITE_ERRORS,
    }),
    async (request, reply) =>
      emptyOk(
        reply,
        service.reorderStrategies(...inEnvironment(request.params), request.body, actorFromRequest(request)),
      ),
  );

  app.get(
    `${environmentPath}/strategies/:strategyId`,
    route({
      operationId: 'getFeatureStrategy',
      permission: 'AUTHENTICATED',
      params: FeatureStrategyParamsSchema,
      response: { 200: FeatureStrategySchema },
      errors: READ_ERRORS,
    }),
    async (request) => service.getStrategy(...ofStrategy(request.params)),
  );
}

/** Replace, patch and delete one strategy. */
function registerStrategyUpdateRoutes(app: App, service: FeatureService): void {
  app.put(
    `${environmentPath}/strategies/:strategyId`,
    route({
      operationId: 'updateFeatureStrategy',
      permission: 'UPDATE_FEATURE_STRATEGY',
      params: FeatureStrategyParamsSchema,
      body: UpdateFeatureStrategySchema,
      response: { 200: FeatureStrategySchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      service.updateStrategy(...ofStrategy(request.params), request.body, actorFromRequest(request)),
  );

  app.patch(
    `${environmentPath}/strategies/:strategyId`,
    route({
      operationId: 'patchFeatureStrategy',
      permission: 'UPDATE_FEATURE_STRATEGY',
      params: FeatureStrategyParamsSchema,
      body: PatchesSchema,
      response: { 200: FeatureStrategySchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      service.patchStrategy(...ofStrategy(request.params), request.body, actorFromRequest(request)),
  );

  app.delete(
    `${environmentPath}/strategies/:strategyId`,
    route({
      operationId: 'deleteFeatureStrategy',
      permission: 'DELETE_FEATURE_STRATEGY',
      params: FeatureStrategyParamsSchema,
      response: { 200: EmptyResponseSchema },
      errors: READ_ERRORS,
    }),
    async (request, reply) =>
      emptyOk(reply, service.deleteStrategy(...ofStrategy(request.params), actorFromRequest(request))),
  );
}

/** The legacy variants of a flag environment: read, replace and patch (one environment), or set on several. */
function registerVariantRoutes(app: App, service: FeatureService): void {
  app.get(
    `${environmentPath}/variants`,
    route({
      operationId: 'getEnvironmentFeatureVariants',
      permission: 'AUTHENTICATED',
      params: FeatureEnvironmentParamsSchema,
      response: { 200: FeatureVariantsSchema },
      errors: READ_ERRORS,
    }),
    async (request) => variantsAnswer(service.getVariants(...inEnvironment(request.params))),
  );

  app.put(
    `${environmentPath}/variants`,
    route({
      operationId: 'overwriteEnvironmentFeatureVariants',
      permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
      params: FeatureEnvironmentParamsSchema,
      body: VariantsSchema,
      response: { 200: FeatureVariantsSchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      variantsAnswer(
        service.setVariants(...inEnvironment(request.params), request.body, actorFromRequest(request)),
      ),
  );

  app.patch(
    `${environmentPath}/variants`,
    route({
      operationId: 'patchEnvironmentsFeatureVariants',
      permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
      params: FeatureEnvironmentParamsSchema,
      body: PatchesSchema,
      response: { 200: FeatureVariantsSchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      variantsAnswer(
        service.patchVariants(...inEnvironment(request.params), request.body, actorFromRequest(request)),
      ),
  );

  app.put(
    `${featurePath}/variants-batch`,
    route({
      operationId: 'overwriteFeatureVariantsOnEnvironments',
      permission: 'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
      params: FeatureParamsSchema,
      body: PushVariantsSchema,
      response: { 200: FeatureVariantsSchema },
      errors: WRITE_ERRORS,
    }),
    async (request) =>
      variantsAnswer(
        service.setVariantsOnEnvironments(
          request.params.projectId,
          request.params.featureName,
          request.body.environments ?? [],
          request.body.variants ?? [],
          actorFromRequest(request),
        ),
      ),
  );
}

/** Turn several flags on or off in one environment, and set a strategy's segments. */
function registerEnvironmentBatchRoutes(app: App, service: FeatureService): void {
  for (const [suffix, enabled] of [
    ['on', true],
    ['off', false],
  ] as const) {
    app.post(
      `/api/admin/projects/:projectId/bulk_features/environments/:environment/${suffix}`,
      route({
        operationId: enabled ? 'bulkToggleFeaturesEnvironmentOn' : 'bulkToggleFeaturesEnvironmentOff',
        permission: 'UPDATE_FEATURE_ENVIRONMENT',
        params: ProjectEnvironmentParams,
        body: BatchFeaturesSchema,
        response: { 200: EmptyResponseSchema },
        errors: [400, 401, 403, 404, 413, 415],
      }),
      async (request, reply) =>
        emptyOk(
          reply,
          service.bulkSetEnvironmentEnabled(
            request.params.projectId,
            request.params.environment,
            request.body.features,
            enabled,
            actorFromRequest(request),
          ),
        ),
    );
  }

  app.post(
    '/api/admin/segments/strategies',
    routeOptionsFor(['Strategies'])({
      operationId: 'updateFeatureStrategySegments',
      permission: 'UPDATE_FEATURE_STRATEGY',
      body: UpdateFeatureStrategySegmentsSchema,
      response: { 201: UpdateFeatureStrategySegmentsSchema },
      errors: WRITE_ERRORS,
    }),
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

/**
 * A flag's environments: reading one, turning it on and off (one flag or in bulk), its strategies,
 * their segments and its variants (shared/unleash/API.md §6 "Features"). Registered by featureRoutes
 * on the same instance.
 */
export function registerFeatureEnvironmentRoutes(app: App, service: FeatureService): void {
  registerEnvironmentStateRoutes(app, service);
  registerStrategyRoutes(app, service);
  registerStrategyUpdateRoutes(app, service);
  registerVariantRoutes(app, service);
  registerEnvironmentBatchRoutes(app, service);
}
