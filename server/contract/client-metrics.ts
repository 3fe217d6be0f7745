import { type Static, Type } from 'typebox';

/**
 * What SDKs send to register themselves and report evaluation counts
 * (shared/unleash/API.md §2.4-2.6, SCHEMAS.md clientApplicationSchema, clientMetricsSchema,
 * bulkMetricsSchema), and the admin read side over it (applications, instances, usage).
 */

/** A date as an ISO string or unix time, as SDKs send both. */
export const DateInputSchema = Type.Union([Type.String({ format: 'date-time' }), Type.Integer()]);

const SdkIdentity = {
  instanceId: Type.Optional(Type.String()),
  sdkVersion: Type.Optional(Type.String()),
  platformName: Type.Optional(Type.String()),
  platformVersion: Type.Optional(Type.String()),
  yggdrasilVersion: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  specVersion: Type.Optional(Type.String()),
  sdkFlavor: Type.Optional(Type.String({ maxLength: 256 })),
  sdkFlavorVersion: Type.Optional(Type.String({ maxLength: 32 })),
};

export const ClientApplicationSchema = Type.Object(
  {
    appName: Type.String({ minLength: 1 }),
    ...SdkIdentity,
    environment: Type.Optional(Type.String()),
    interval: Type.Number({ minimum: 0 }),
    started: DateInputSchema,
    strategies: Type.Array(Type.String()),
  },
  // SDKs send extra fields (connectionId, ...): accepted and ignored, as Unleash does.
  { additionalProperties: true },
);
export type ClientApplication = Static<typeof ClientApplicationSchema>;

/**
 * A registration posted to the frontend API (`POST /api/frontend/client/register`): Unleash 8.2
 * requires the same four fields as a backend SDK's, without the backend's bounds on their values,
 * and does nothing with it.
 */
export const FrontendClientRegistrationSchema = Type.Object(
  {
    appName: Type.String(),
    interval: Type.Number(),
    started: DateInputSchema,
    strategies: Type.Array(Type.Unknown()),
  },
  { additionalProperties: true },
);

export const ToggleCountsSchema = Type.Object(
  {
    yes: Type.Optional(Type.Integer({ minimum: 0 })),
    no: Type.Optional(Type.Integer({ minimum: 0 })),
    variants: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 0 }))),
  },
  { additionalProperties: true },
);
export type ToggleCounts = Static<typeof ToggleCountsSchema>;

export const MetricsBucketSchema = Type.Object(
  {
    start: DateInputSchema,
    stop: DateInputSchema,
    toggles: Type.Record(Type.String(), ToggleCountsSchema),
  },
  { additionalProperties: true },
);

export const ClientMetricsSchema = Type.Object(
  {
    appName: Type.String({ minLength: 1 }),
    ...SdkIdentity,
    environment: Type.Optional(Type.String()),
    bucket: Type.Optional(Type.Union([MetricsBucketSchema, Type.Null()])),
  },
  { additionalProperties: true },
);
export type ClientMetrics = Static<typeof ClientMetricsSchema>;

export const ClientMetricsEnvSchema = Type.Object(
  {
    featureName: Type.String({ minLength: 1 }),
    appName: Type.String({ minLength: 1 }),
    environment: Type.String({ minLength: 1 }),
    timestamp: Type.Optional(DateInputSchema),
    yes: Type.Optional(Type.Integer({ minimum: 0 })),
    no: Type.Optional(Type.Integer({ minimum: 0 })),
    variants: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 0 }))),
  },
  { additionalProperties: true },
);

/** Longest name in an Edge chain entry (Unleash's own name columns are varchar(255)). */
const MAX_EDGE_NAME = 255;

export const BulkRegistrationSchema = Type.Object(
  {
    appName: Type.String({ minLength: 1 }),
    environment: Type.String({ minLength: 1 }),
    instanceId: Type.String({ minLength: 1 }),
    interval: Type.Optional(Type.Number()),
    started: Type.Optional(DateInputSchema),
    strategies: Type.Optional(Type.Array(Type.String())),
    projects: Type.Optional(Type.Array(Type.String())),
    sdkVersion: Type.Optional(Type.String()),
    sdkType: Type.Optional(Type.Union([Type.Literal('frontend'), Type.Literal('backend'), Type.Null()])),
    sdkFlavor: Type.Optional(Type.String({ maxLength: 256 })),
    sdkFlavorVersion: Type.Optional(Type.String({ maxLength: 32 })),
    // The Edge/proxy chain the SDK reached us through, nearest last (bulkRegistrationSchema);
    // accepted and validated as Unleash does, which stores none of it. Bounded: a chain is short.
    connectVia: Type.Optional(
      Type.Array(
        Type.Object(
          {
            appName: Type.String({ maxLength: MAX_EDGE_NAME }),
            instanceId: Type.String({ maxLength: MAX_EDGE_NAME }),
          },
          { additionalProperties: true },
        ),
        { maxItems: 64 },
      ),
    ),
  },
  { additionalProperties: true },
);

/** Edge reports the tokens its SDKs used since the last post: one per SDK key, not per request. */
export const MAX_SEEN_TOKENS = 10_000;

export const BulkMetricsSchema = Type.Object(
  {
    applications: Type.Array(BulkRegistrationSchema),
    metrics: Type.Array(ClientMetricsEnvSchema),
    // Secrets of the tokens Edge's SDKs used: their "last seen" moves as if they had called us.
    seenTokens: Type.Optional(Type.Array(Type.String({ maxLength: 1024 }), { maxItems: MAX_SEEN_TOKENS })),
  },
  { additionalProperties: true },
);
export type BulkMetrics = Static<typeof BulkMetricsSchema>;

export const ApplicationUsageSchema = Type.Object({
  project: Type.String(),
  environments: Type.Array(Type.String()),
});

export const ApplicationSchema = Type.Object({
  appName: Type.String(),
  /** The SDK of the instance that reported last, e.g. `unleash-node-sdk:6.12.1` (in lists too). */
  sdkVersion: Type.Optional(Type.String()),
  /**
   * Switchyard: when its latest registration or metrics arrived (issue 33). Unleash has no such
   * field here; its console reads the instances for it.
   */
  lastSeen: Type.Optional(Type.String({ format: 'date-time' })),
  strategies: Type.Optional(Type.Array(Type.String())),
  description: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  color: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
  usage: Type.Optional(Type.Array(ApplicationUsageSchema)),
});
export type Application = Static<typeof ApplicationSchema>;

export const ApplicationsSchema = Type.Object({
  total: Type.Integer(),
  applications: Type.Array(ApplicationSchema),
});
export type Applications = Static<typeof ApplicationsSchema>;

export const CreateApplicationSchema = Type.Object(
  {
    strategies: Type.Optional(Type.Array(Type.String())),
    description: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    color: Type.Optional(Type.String()),
    icon: Type.Optional(Type.String()),
  },
  { description: 'Unknown properties are ignored, as Unleash does.' },
);
export type CreateApplication = Static<typeof CreateApplicationSchema>;

export const ApplicationOverviewSchema = Type.Object({
  projects: Type.Array(Type.String()),
  featureCount: Type.Number(),
  environments: Type.Array(
    Type.Object({
      name: Type.String(),
      instanceCount: Type.Number(),
      sdks: Type.Array(Type.String()),
      frontendSdks: Type.Array(Type.String()),
      backendSdks: Type.Array(Type.String()),
      lastSeen: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      issues: Type.Object({ missingFeatures: Type.Array(Type.String()) }),
    }),
  ),
  issues: Type.Object({ missingStrategies: Type.Array(Type.String()) }),
});
export type ApplicationOverview = Static<typeof ApplicationOverviewSchema>;

export const ApplicationEnvironmentInstancesSchema = Type.Object({
  instances: Type.Array(
    Type.Object({
      instanceId: Type.String(),
      sdkVersion: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      clientIp: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      lastSeen: Type.Optional(Type.String({ format: 'date-time' })),
    }),
  ),
});
export type ApplicationEnvironmentInstances = Static<typeof ApplicationEnvironmentInstancesSchema>;

/**
 * A Switchyard addition (Unleash has no such route): the flags an application reported metrics
 * for, with the project each belongs to (null when no such flag exists), the environments it was
 * evaluated in and the latest hour it was counted.
 */
export const ApplicationFeaturesSchema = Type.Object({
  features: Type.Array(
    Type.Object({
      name: Type.String(),
      project: Type.Union([Type.String(), Type.Null()]),
      environments: Type.Array(Type.String()),
      lastSeen: Type.String({ format: 'date-time' }),
    }),
  ),
});
export type ApplicationFeatures = Static<typeof ApplicationFeaturesSchema>;

export const OutdatedSdksSchema = Type.Object({
  sdks: Type.Array(Type.Object({ sdkVersion: Type.String(), applications: Type.Array(Type.String()) })),
});

export type OutdatedSdks = Static<typeof OutdatedSdksSchema>;

/** `GET /api/admin/projects/{projectId}/applications` (projectApplicationsSchema, issue 31 §5). */
export const ProjectApplicationsQuerySchema = Type.Object({
  query: Type.Optional(Type.String({ maxLength: 200 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  sortBy: Type.Optional(Type.String()),
  sortOrder: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type ProjectApplicationsQuery = Static<typeof ProjectApplicationsQuerySchema>;
export const ProjectApplicationSchema = Type.Object({
  name: Type.String(),
  environments: Type.Array(Type.String()),
  instances: Type.Array(Type.String()),
  sdks: Type.Array(Type.Object({ name: Type.String(), versions: Type.Array(Type.String()) })),
});
export type ProjectApplication = Static<typeof ProjectApplicationSchema>;
export const ProjectApplicationsSchema = Type.Object({
  total: Type.Integer(),
  applications: Type.Array(ProjectApplicationSchema),
});
export type ProjectApplications = Static<typeof ProjectApplicationsSchema>;

export const FeatureEnvironmentMetricsSchema = Type.Object({
  featureName: Type.Optional(Type.String()),
  appName: Type.Optional(Type.String()),
  environment: Type.String(),
  timestamp: Type.String({ format: 'date-time' }),
  yes: Type.Integer({ minimum: 0 }),
  no: Type.Integer({ minimum: 0 }),
  variants: Type.Optional(Type.Record(Type.String(), Type.Integer({ minimum: 0 }))),
});
export type FeatureEnvironmentMetrics = Static<typeof FeatureEnvironmentMetricsSchema>;

export const FeatureMetricsSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  maturity: Type.String(),
  data: Type.Array(FeatureEnvironmentMetricsSchema),
});
export type FeatureMetrics = Static<typeof FeatureMetricsSchema>;

export const FeatureUsageSchema = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  maturity: Type.String(),
  featureName: Type.String(),
  lastHourUsage: Type.Array(FeatureEnvironmentMetricsSchema),
  seenApplications: Type.Array(Type.String()),
});
export type FeatureUsage = Static<typeof FeatureUsageSchema>;

/** Unleash's unknown-flags list (SCHEMAS.md unknownFlagSchema, unknownFlagsResponseSchema). */
export const UnknownFlagSchema = Type.Object({
  name: Type.String(),
  lastSeenAt: Type.String({ format: 'date-time' }),
  lastEventAt: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  reports: Type.Optional(
    Type.Array(
      Type.Object({
        appName: Type.String(),
        environments: Type.Array(
          Type.Object({ environment: Type.String(), seenAt: Type.String({ format: 'date-time' }) }),
        ),
      }),
    ),
  ),
});

export const UnknownFlagsSchema = Type.Object({ unknownFlags: Type.Array(UnknownFlagSchema) });
export type UnknownFlags = Static<typeof UnknownFlagsSchema>;

/**
 * What Unleash Edge posts to `/api/client/metrics/edge` (its EdgeInstanceData: itself, its
 * traffic and upstream latency, and the Edges connected below it). Unleash 8.2 OSS answers 404
 * (Edge observability is an Enterprise feature); Switchyard keeps the latest per instance.
 * The identity fields are checked; the measurements are kept as sent, within the body limit.
 */
export const EdgeInstanceDataSchema = Type.Object(
  {
    identifier: Type.String({ minLength: 1, maxLength: 255 }),
    appName: Type.String({ minLength: 1, maxLength: 255 }),
    region: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    edgeVersion: Type.String({ maxLength: 100 }),
    started: Type.String({ format: 'date-time' }),
    connectedStreamingClients: Type.Optional(Type.Integer({ minimum: 0 })),
    connectedEdges: Type.Optional(
      Type.Array(
        Type.Object(
          { identifier: Type.String({ maxLength: 255 }), appName: Type.String({ maxLength: 255 }) },
          { additionalProperties: true },
        ),
        { maxItems: 1000 },
      ),
    ),
  },
  { additionalProperties: true },
);
export type EdgeInstanceData = Static<typeof EdgeInstanceDataSchema>;

export const EdgeInstanceSchema = Type.Object({
  identifier: Type.String(),
  appName: Type.String(),
  edgeVersion: Type.String(),
  region: Type.Union([Type.String(), Type.Null()]),
  environment: Type.String(),
  started: Type.Union([Type.String(), Type.Null()]),
  reportedAt: Type.String(),
  connectedStreamingClients: Type.Integer(),
  connectedEdges: Type.Array(Type.Object({ identifier: Type.String(), appName: Type.String() })),
  data: Type.Unknown({ description: 'The instance data as Edge sent it last.' }),
});
export const EdgeInstancesSchema = Type.Object({ edges: Type.Array(EdgeInstanceSchema) });
export type EdgeInstances = Static<typeof EdgeInstancesSchema>;
