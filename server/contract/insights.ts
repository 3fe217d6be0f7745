import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { ProjectFeatureSchema } from './features';
import { FeatureNamingSchema, ProjectModeSchema, ProjectStatsSchema } from './projects';

/**
 * Insights (shared/unleash/API.md §6 "Admin UI" and "Projects"; SCHEMAS.md instanceInsightsSchema,
 * lifecycleTrendsSchema, projectStatusSchema).
 */

/** `from` and `to` as Unleash takes them: ISO dates (a date-time is cut to its day). */
export const InstanceInsightsQuerySchema = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
});
export type InstanceInsightsQuery = Static<typeof InstanceInsightsQuerySchema>;

const Count = Type.Number({ minimum: 0 });

export const UserTrendSchema = Type.Object({
  date: DateTimeSchema,
  total: Type.Number(),
  active: Type.Number(),
  inactive: Type.Number(),
});
export type UserTrend = Static<typeof UserTrendSchema>;

export const FlagTrendSchema = Type.Object({
  date: DateTimeSchema,
  total: Type.Number(),
  active: Type.Number(),
  stale: Type.Number(),
  potentiallyStale: Type.Number(),
});
export type FlagTrend = Static<typeof FlagTrendSchema>;

export const ProjectFlagTrendSchema = Type.Object({
  week: Type.String(),
  project: Type.String(),
  health: Type.Number(),
  technicalDebt: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  timeToProduction: Type.Optional(Type.Number()),
  date: DateTimeSchema,
  total: Type.Number(),
  active: Type.Number(),
  stale: Type.Number(),
  potentiallyStale: Type.Number(),
  users: Type.Optional(Type.Number()),
});
export type ProjectFlagTrend = Static<typeof ProjectFlagTrendSchema>;

export const MetricsSummaryTrendSchema = Type.Object({
  week: Type.String(),
  date: DateTimeSchema,
  project: Type.String(),
  totalRequests: Type.Number(),
  totalYes: Type.Number(),
  totalNo: Type.Number(),
  totalApps: Type.Number(),
  totalFlags: Type.Number(),
  totalEnvironments: Type.Number(),
});
export type MetricsSummaryTrend = Static<typeof MetricsSummaryTrendSchema>;

export const EnvironmentTypeTrendSchema = Type.Object({
  date: DateTimeSchema,
  week: Type.String(),
  environmentType: Type.String(),
  totalUpdates: Type.Number(),
});
export type EnvironmentTypeTrend = Static<typeof EnvironmentTypeTrendSchema>;

export const LifecycleTrendSchema = Type.Object({
  week: Type.String(),
  date: DateTimeSchema,
  newProductionFlags: Type.Number(),
  project: Type.String(),
});
export type LifecycleTrend = Static<typeof LifecycleTrendSchema>;

export const CreationArchiveTrendSchema = Type.Object({
  week: Type.String(),
  date: DateTimeSchema,
  project: Type.String(),
  /** Flags created that week, by flag type. */
  createdFlags: Type.Record(Type.String(), Count),
  archivedFlags: Count,
});
export type CreationArchiveTrend = Static<typeof CreationArchiveTrendSchema>;

export const InstanceInsightsSchema = Type.Object({
  userTrends: Type.Array(UserTrendSchema),
  flagTrends: Type.Array(FlagTrendSchema),
  projectFlagTrends: Type.Array(ProjectFlagTrendSchema),
  metricsSummaryTrends: Type.Array(MetricsSummaryTrendSchema),
  environmentTypeTrends: Type.Array(EnvironmentTypeTrendSchema),
  lifecycleTrends: Type.Array(LifecycleTrendSchema),
  creationArchiveTrends: Type.Array(CreationArchiveTrendSchema),
});
export type InstanceInsights = Static<typeof InstanceInsightsSchema>;

export const LifecycleTrendsQuerySchema = Type.Object({
  /** Comma-separated project ids; absent or empty: every project the caller can see. */
  projects: Type.Optional(Type.String({ maxLength: 10_000 })),
});

const CategoryCountsSchema = Type.Object({ flagsOlderThanWeek: Count, newFlagsThisWeek: Count });
export const LIFECYCLE_TREND_CATEGORIES = ['experimental', 'permanent', 'release'] as const;
export type LifecycleTrendCategory = (typeof LIFECYCLE_TREND_CATEGORIES)[number];

export const LifecycleStageTrendSchema = Type.Object({
  totalFlags: Count,
  medianDaysInCurrentStage: Count,
  medianDaysHistorically: Count,
  categories: Type.Object({
    experimental: CategoryCountsSchema,
    permanent: CategoryCountsSchema,
    release: CategoryCountsSchema,
  }),
});
export type LifecycleStageTrend = Static<typeof LifecycleStageTrendSchema>;

export const LIFECYCLE_TREND_STAGES = ['develop', 'production', 'cleanup'] as const;
export type LifecycleTrendStage = (typeof LIFECYCLE_TREND_STAGES)[number];

export const LifecycleTrendsSchema = Type.Object({
  lifecycleTrends: Type.Object({
    develop: LifecycleStageTrendSchema,
    production: LifecycleStageTrendSchema,
    cleanup: LifecycleStageTrendSchema,
  }),
});
export type LifecycleTrends = Static<typeof LifecycleTrendsSchema>;

const StageSummarySchema = Type.Object({ averageDays: Nullable(Type.Number()), currentFlags: Count });

export const ProjectStatusSchema = Type.Object({
  /** Events in the project per day over the last year, days without any left out. */
  activityCountByDate: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer({ minimum: 0 }) })),
  health: Type.Object({ current: Type.Integer({ minimum: 0 }) }),
  technicalDebt: Type.Object({ current: Type.Integer({ minimum: 0, maximum: 100 }) }),
  resources: Type.Object({
    apiTokens: Type.Integer({ minimum: 0 }),
    members: Type.Integer({ minimum: 0 }),
    segments: Type.Integer({ minimum: 0 }),
  }),
  staleFlags: Type.Object({ total: Type.Integer({ minimum: 0 }) }),
  lifecycleSummary: Type.Object({
    initial: StageSummarySchema,
    preLive: StageSummarySchema,
    live: StageSummarySchema,
    completed: StageSummarySchema,
    archived: Type.Object({ currentFlags: Count, last30Days: Count }),
  }),
});
export type ProjectStatus = Static<typeof ProjectStatusSchema>;

/** Lead time (getProjectDora): whole days from a flag's creation to its live stage. */
export const ProjectDoraMetricsSchema = Type.Object({
  projectAverage: Type.Optional(Type.Number()),
  features: Type.Array(Type.Object({ name: Type.String(), timeToProduction: Type.Number() })),
});
export type ProjectDoraMetrics = Static<typeof ProjectDoraMetricsSchema>;

const FlagStateCounts = {
  activeCount: Count,
  potentiallyStaleCount: Count,
  staleCount: Count,
};

/**
 * The deprecated project health report (getProjectHealthReport, SCHEMAS.md healthReportSchema):
 * the project's settings, health and its active flags with their environments. `activeCount`
 * holds flags neither stale nor potentially stale.
 */
export const HealthReportSchema = Type.Object({
  version: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  mode: ProjectModeSchema,
  defaultStickiness: Type.String(),
  featureLimit: Nullable(Type.Number()),
  featureNaming: FeatureNamingSchema,
  members: Type.Integer({ minimum: 0 }),
  health: Type.Integer({ minimum: 0, maximum: 100 }),
  technicalDebt: Type.Number({ minimum: 0, maximum: 100 }),
  environments: Type.Array(Type.Object({ environment: Type.String() })),
  features: Type.Array(ProjectFeatureSchema),
  favorite: Type.Boolean(),
  createdAt: DateTimeSchema,
  updatedAt: Nullable(DateTimeSchema),
  stats: ProjectStatsSchema,
  ...FlagStateCounts,
});
export type HealthReport = Static<typeof HealthReportSchema>;

/** The deprecated project insights (getProjectInsights, SCHEMAS.md projectInsightsSchema). */
export const ProjectInsightsSchema = Type.Object({
  stats: ProjectStatsSchema,
  health: Type.Object({ rating: Type.Integer({ minimum: 0, maximum: 100 }), ...FlagStateCounts }),
  technicalDebt: Type.Object({ rating: Type.Integer({ minimum: 0, maximum: 100 }), ...FlagStateCounts }),
  leadTime: ProjectDoraMetricsSchema,
  featureTypeCounts: Type.Array(Type.Object({ type: Type.String(), count: Count })),
  /** `change`: users who became members in the last 30 days. */
  members: Type.Object({ currentMembers: Count, change: Count }),
});
export type ProjectInsights = Static<typeof ProjectInsightsSchema>;
