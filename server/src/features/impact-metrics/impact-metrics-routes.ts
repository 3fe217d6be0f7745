import {
  CreateImpactMetricsConfigSchema,
  CreateSafeguardSchema,
  EmptyResponseSchema,
  errorResponses,
  FlagImpactConfigParamsSchema,
  FlagImpactParamsSchema,
  FlagSafeguardEnvironmentParamsSchema,
  FlagSafeguardParamsSchema,
  ImpactConfigIdParamsSchema,
  ImpactMetricSeriesSchema,
  ImpactMetricsConfigListSchema,
  ImpactMetricsConfigSchema,
  PlausibleMetricsResponseSchema,
} from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { App } from '../../http/app-type';
import { notFound } from '../../lib/errors';
import { type Actor, actorFromRequest } from '../events';
import { applyImpactMetricOperation, type ImpactMetricOperation } from './impact-metrics-operations';
import type { ImpactMetricsService } from './impact-metrics-service';

const tags = ['Metrics'];
const INSTANCE = '/api/admin/impact-metrics/config';
const FLAG = '/api/admin/projects/:projectId/features/:featureName/impact-metrics/config';
const ENVIRONMENT = '/api/admin/projects/:project/features/:featureName/environments/:environment';

interface Deps {
  db: Db;
  service: ImpactMetricsService;
}

const apply = <O extends ImpactMetricOperation>(db: Db, operation: O, actor: Actor) =>
  inTransaction(db, (trx) => applyImpactMetricOperation(trx, operation, actor));

/** The instance's charts (Unleash's [E,beta] instance impact-metrics config), and plausible metrics. */
function registerInstanceRoutes(app: App, { db, service }: Deps): void {
  app.get(
    INSTANCE,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getInstanceImpactMetricsConfigs',
        tags,
        response: { 200: ImpactMetricsConfigListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.configs(),
  );
  app.post(
    INSTANCE,
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'saveInstanceImpactMetricsConfig',
        tags,
        body: CreateImpactMetricsConfigSchema,
        response: { 200: ImpactMetricsConfigSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      apply(db, { kind: 'save-impact-config', config: request.body }, actorFromRequest(request)),
  );
  app.delete(
    `${INSTANCE}/:id`,
    {
      config: { permission: 'ADMIN' },
      schema: {
        operationId: 'deleteInstanceImpactMetricConfig',
        tags,
        params: ImpactConfigIdParamsSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await apply(db, { kind: 'delete-impact-config', id: request.params.id }, actorFromRequest(request));
      return reply.status(204).send();
    },
  );
  app.get(
    `${INSTANCE}/:id/series`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getInstanceImpactMetricSeries',
        tags,
        params: ImpactConfigIdParamsSchema,
        response: { 200: ImpactMetricSeriesSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.series(undefined, request.params.id),
  );
  app.get(
    '/api/admin/impact-metrics/plausible',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getPlausibleMetrics',
        tags,
        response: { 200: PlausibleMetricsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async () => {
      // Unleash reads these from a Plausible analytics site it is connected to; Switchyard connects
      // to none, so there is nothing to read, which Unleash answers with a 404 too.
      throw notFound('Plausible analytics is not configured.');
    },
  );
}

/** A flag's charts (saveFeatureImpactMetricsConfig and its siblings) and their points. */
function registerFlagRoutes(app: App, { db, service }: Deps): void {
  app.get(
    FLAG,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFlagImpactMetricsConfigsByFeature',
        tags,
        params: FlagImpactParamsSchema,
        response: { 200: ImpactMetricsConfigListSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.configs(flagOf(request.params)),
  );
  app.post(
    FLAG,
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'saveFeatureImpactMetricsConfig',
        tags,
        params: FlagImpactParamsSchema,
        body: CreateImpactMetricsConfigSchema,
        response: { 200: ImpactMetricsConfigSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      apply(
        db,
        { kind: 'save-impact-config', flag: flagOf(request.params), config: request.body },
        actorFromRequest(request),
      ),
  );
  app.delete(
    `${FLAG}/:id`,
    {
      config: { permission: 'UPDATE_FEATURE' },
      schema: {
        operationId: 'deleteFlagImpactMetricConfig',
        tags,
        params: FlagImpactConfigParamsSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await apply(
        db,
        { kind: 'delete-impact-config', flag: flagOf(request.params), id },
        actorFromRequest(request),
      );
      return reply.status(204).send();
    },
  );
  app.get(
    `${FLAG}/:id/series`,
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFlagImpactMetricSeries',
        tags,
        params: FlagImpactConfigParamsSchema,
        response: { 200: ImpactMetricSeriesSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.series(flagOf(request.params), request.params.id),
  );
}

const flagOf = (params: { projectId: string; featureName: string }) => ({
  project: params.projectId,
  featureName: params.featureName,
});

/** The safeguard of a flag environment (changeFeatureEnvSafeguard, deleteFeatureEnvSafeguard). */
function registerSafeguardRoutes(app: App, { db }: Deps): void {
  app.put(
    `${ENVIRONMENT}/safeguards`,
    {
      config: { permission: 'UPDATE_FEATURE_ENVIRONMENT' },
      schema: {
        operationId: 'changeFeatureEnvSafeguard',
        tags: ['Features'],
        params: FlagSafeguardEnvironmentParamsSchema,
        body: CreateSafeguardSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request, reply) => {
      await apply(
        db,
        { kind: 'change-flag-safeguard', ...request.params, safeguard: request.body },
        actorFromRequest(request),
      );
      return reply.status(204).send();
    },
  );
  app.delete(
    `${ENVIRONMENT}/safeguards/:safeguardId`,
    {
      config: { permission: 'UPDATE_FEATURE_ENVIRONMENT' },
      schema: {
        operationId: 'deleteFeatureEnvSafeguard',
        tags: ['Features'],
        params: FlagSafeguardParamsSchema,
        response: { 204: EmptyResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await apply(db, { kind: 'delete-flag-safeguard', ...request.params }, actorFromRequest(request));
      return reply.status(204).send();
    },
  );
}

/**
 * Impact-metric charts of the instance and of flags, plausible metrics and flag-environment
 * safeguards (issue 35 §1; shared/unleash/API.md "Metrics" and the flag section). Each write is
 * one operation applied in one transaction with its event.
 */
export async function impactMetricsRoutes(app: App, deps: Deps): Promise<void> {
  registerInstanceRoutes(app, deps);
  registerFlagRoutes(app, deps);
  registerSafeguardRoutes(app, deps);
}
