import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * Instance statistics (issue 19; Unleash's `GET /api/admin/instance-admin/statistics`,
 * instanceAdminStatsSchema in shared/unleash/SCHEMAS.md). Every field is filled; where
 * Switchyard has no such thing the server's README names the constant it answers.
 */
const Count = Type.Integer({ minimum: 0 });
const Optional = Type.Optional(Count);

export const InstanceAdminStatsSchema = Type.Object({
  instanceId: Type.String(),
  timestamp: Type.Optional(Nullable(DateTimeSchema)),
  versionOSS: Type.Optional(Type.String()),
  versionEnterprise: Type.Optional(Type.String()),
  users: Type.Optional(Count),
  previousDayMetricsBucketsCount: Type.Optional(
    Type.Object({ enabledCount: Optional, variantCount: Optional }),
  ),
  activeUsers: Type.Optional(
    Type.Object({ last7: Optional, last30: Optional, last60: Optional, last90: Optional }),
  ),
  licensedUsers: Type.Optional(Count),
  productionChanges: Type.Optional(Type.Object({ last30: Optional, last60: Optional, last90: Optional })),
  featureToggles: Type.Optional(Count),
  projects: Type.Optional(Count),
  contextFields: Type.Optional(Count),
  roles: Type.Optional(Count),
  groups: Type.Optional(Count),
  environments: Type.Optional(Count),
  segments: Type.Optional(Count),
  strategies: Type.Optional(Count),
  SAMLenabled: Type.Optional(Type.Boolean()),
  OIDCenabled: Type.Optional(Type.Boolean()),
  clientApps: Type.Optional(
    Type.Array(
      Type.Object({
        range: Type.Optional(Type.Union([Type.Literal('allTime'), Type.Literal('30d'), Type.Literal('7d')])),
        count: Type.Optional(Type.Integer()),
      }),
    ),
  ),
  featureExports: Type.Optional(Count),
  featureImports: Type.Optional(Count),
  apiTokens: Type.Optional(Type.Object({ admin: Optional, client: Optional, frontend: Optional })),
  maxEnvironmentStrategies: Type.Optional(Count),
  maxConstraints: Type.Optional(Count),
  maxConstraintValues: Type.Optional(Count),
  releaseTemplates: Type.Optional(Count),
  releasePlans: Type.Optional(Count),
  edgeInstanceUsage: Type.Optional(Type.Record(Type.String(), Type.Number({ minimum: 0 }))),
  readOnlyUsers: Type.Optional(Count),
  sum: Type.Optional(Type.String()),
});
export type InstanceAdminStats = Static<typeof InstanceAdminStatsSchema>;

/**
 * Switchyard (issue 33 §1): the getting-started checklist, each step ticked from real data, and
 * how much the instance has been used (the console asks for feedback only after real use).
 */
export const GettingStartedSchema = Type.Object({
  steps: Type.Object({
    /** A project besides the built-in `default`. */
    project: Type.Boolean(),
    flag: Type.Boolean(),
    /** A client (backend) or frontend token: what an SDK connects with. */
    apiToken: Type.Boolean(),
    /** An SDK registered or sent metrics. */
    sdk: Type.Boolean(),
    /** A flag changed after its creation (enabled, a strategy, a variant...). */
    change: Type.Boolean(),
  }),
  flags: Type.Integer({ minimum: 0 }),
  changes: Type.Integer({ minimum: 0 }),
});
export type GettingStarted = Static<typeof GettingStartedSchema>;
