import { Type } from 'typebox';
import {
  ApplicationEnvironmentInstancesSchema,
  ApplicationFeaturesSchema,
  ApplicationOverviewSchema,
  ApplicationSchema,
  ApplicationsSchema,
  CreateApplicationSchema,
  ErrorBodySchema,
  FeatureMetricsSchema,
  FeatureUsageSchema,
  OutdatedSdksSchema,
  UnknownFlagsSchema,
} from '../../../contract';
import type { App } from '../../http/app-type';
import { actorOf } from '../../lib/caller';
import type { ClientMetricsService } from './client-metrics-service';

export interface ClientMetricsRouteOptions {
  service: ClientMetricsService;
  /** Names of the flags that exist, to report flags an application asks for that do not. */
  knownFlagNames: () => Promise<ReadonlySet<string>>;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const AppNameParams = Type.Object({ appName: Type.String({ minLength: 1 }) });
const FeatureParams = Type.Object({ name: Type.String({ minLength: 1 }) });

/** The admin read side of what SDKs report: applications, instances and flag usage (API.md §6 Metrics). */
export async function clientMetricsAdminRoutes(app: App, options: ClientMetricsRouteOptions): Promise<void> {
  applicationRoutes(app, options.service);
  applicationDetailRoutes(app, options);
  sdkReportRoutes(app, options.service);
  featureUsageRoutes(app, options.service);
}

/** The applications SDKs registered: list, read, create, delete. */
function applicationRoutes(app: App, service: ClientMetricsService): void {
  app.get(
    '/api/admin/metrics/applications',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getApplications',
        tags: ['Metrics'],
        querystring: Type.Object({
          query: Type.Optional(Type.String()),
          offset: Type.Optional(Type.Integer({ minimum: 0 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
          sortBy: Type.Optional(Type.String()),
          sortOrder: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
        }),
        response: { 200: ApplicationsSchema, ...errors },
      },
    },
    async (request) => service.listApplications(request.query, await request.hiddenProjects()),
  );

  app.get(
    '/api/admin/metrics/applications/:appName',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getApplication',
        tags: ['Metrics'],
        params: AppNameParams,
        response: { 200: ApplicationSchema, ...errors },
      },
    },
    async (request) => service.getApplication(request.params.appName, await request.hiddenProjects()),
  );

  app.post(
    '/api/admin/metrics/applications/:appName',
    {
      config: { permission: 'UPDATE_APPLICATION' },
      schema: {
        operationId: 'createApplication',
        tags: ['Metrics'],
        params: AppNameParams,
        body: CreateApplicationSchema,
        response: { 202: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.createApplication(request.params.appName, request.body, actorOf(request.caller));
      return reply.status(202).send(null);
    },
  );

  app.delete(
    '/api/admin/metrics/applications/:appName',
    {
      config: { permission: 'UPDATE_APPLICATION' },
      schema: {
        operationId: 'deleteApplication',
        tags: ['Metrics'],
        params: AppNameParams,
        response: { 200: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteApplication(request.params.appName, actorOf(request.caller));
      return reply.status(200).send(null);
    },
  );
}

/** One application's overview, flags and instances. */
function applicationDetailRoutes(app: App, { service, knownFlagNames }: ClientMetricsRouteOptions): void {
  app.get(
    '/api/admin/metrics/applications/:appName/overview',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getApplicationOverview',
        tags: ['Metrics'],
        params: AppNameParams,
        response: { 200: ApplicationOverviewSchema, ...errors },
      },
    },
    async (request) =>
      service.applicationOverview(
        request.params.appName,
        await knownFlagNames(),
        await request.hiddenProjects(),
      ),
  );

  // A Switchyard addition (Unleash has no such route): the console's application page lists the
  // flags an application uses.
  app.get(
    '/api/admin/metrics/applications/:appName/features',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getApplicationFeatures',
        tags: ['Metrics'],
        params: AppNameParams,
        response: { 200: ApplicationFeaturesSchema, ...errors },
      },
    },
    async (request) => service.applicationFeatures(request.params.appName, await request.hiddenProjects()),
  );

  app.get(
    '/api/admin/metrics/instances/:appName/environment/:environment',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getApplicationEnvironmentInstances',
        tags: ['Metrics'],
        params: Type.Object({
          appName: Type.String({ minLength: 1 }),
          environment: Type.String({ minLength: 1 }),
        }),
        response: { 200: ApplicationEnvironmentInstancesSchema, ...errors },
      },
    },
    async (request) => service.environmentInstances(request.params.appName, request.params.environment),
  );
}

/** Outdated SDK versions and flags SDKs asked for that do not exist. */
function sdkReportRoutes(app: App, service: ClientMetricsService): void {
  app.get(
    '/api/admin/metrics/sdks/outdated',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getOutdatedSdks',
        tags: ['Metrics'],
        response: { 200: OutdatedSdksSchema, ...errors },
      },
    },
    async () => service.sdkVersions(),
  );

  app.get(
    '/api/admin/metrics/unknown-flags',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getUnknownFlags',
        tags: ['Unknown Flags'],
        response: { 200: UnknownFlagsSchema, ...errors },
      },
    },
    async () => service.unknownFlags(),
  );
}

/** How often a flag was evaluated, summed and raw. */
function featureUsageRoutes(app: App, service: ClientMetricsService): void {
  app.get(
    '/api/admin/client-metrics/features/:name',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getFeatureUsageSummary',
        tags: ['Metrics'],
        params: FeatureParams,
        response: { 200: FeatureUsageSchema, ...errors },
      },
    },
    async (request) => service.featureUsage(request.params.name, await request.hiddenProjects()),
  );

  app.get(
    '/api/admin/client-metrics/features/:name/raw',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'getRawFeatureMetrics',
        tags: ['Metrics'],
        params: FeatureParams,
        querystring: Type.Object({ hoursBack: Type.Optional(Type.Integer({ minimum: 1, maximum: 168 })) }),
        response: { 200: FeatureMetricsSchema, ...errors },
      },
    },
    async (request) =>
      service.rawMetrics(request.params.name, request.query.hoursBack ?? 48, await request.hiddenProjects()),
  );
}
