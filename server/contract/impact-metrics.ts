import { type Static, Type } from 'typebox';
import { MAX_LABELS_PER_SAMPLE } from './impact-metric-names';
import {
  SafeguardAggregationModeSchema,
  SafeguardTimeRangeSchema,
  SafeguardTriggerConditionSchema,
} from './release-plans';

/**
 * Impact metrics (issue 35 §1; shared/unleash/API.md "Metrics"): the custom metrics SDKs post,
 * the instance's and each flag's impact-metric charts, plausible metrics, and the safeguards of
 * a flag environment. Shared by server and console.
 */

export const IMPACT_METRIC_LIMITS = {
  /** Charts of the instance, and of one flag. */
  instanceConfigs: 100,
  flagConfigs: 20,
  titleLength: 255,
  /** Metrics of one `POST /api/client/metrics/custom`. */
  customMetricsPerPost: 500,
  /** The body of that post, in bytes (413 beyond). */
  customMetricsBodyBytes: 256 * 1024,
  labelValueLength: 100,
} as const;

const MetricTypeSchema = Type.Union([
  Type.Literal('counter'),
  Type.Literal('gauge'),
  Type.Literal('histogram'),
  Type.Literal('unknown'),
]);
const YAxisMinSchema = Type.Union([Type.Literal('auto'), Type.Literal('zero')]);
const LabelSelectorsSchema = Type.Record(Type.String(), Type.Array(Type.String()));

/** createImpactMetricsConfigSchema: a chart to add, or (with `id`) to change. */
export const CreateImpactMetricsConfigSchema = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  metricName: Type.String({ minLength: 1 }),
  timeRange: SafeguardTimeRangeSchema,
  yAxisMin: YAxisMinSchema,
  aggregationMode: SafeguardAggregationModeSchema,
  labelSelectors: LabelSelectorsSchema,
  title: Type.Optional(Type.String({ maxLength: IMPACT_METRIC_LIMITS.titleLength })),
});
export type CreateImpactMetricsConfig = Static<typeof CreateImpactMetricsConfigSchema>;

/** impactMetricsConfigSchema. */
export const ImpactMetricsConfigSchema = Type.Object({
  id: Type.String(),
  metricName: Type.String(),
  timeRange: SafeguardTimeRangeSchema,
  aggregationMode: SafeguardAggregationModeSchema,
  labelSelectors: LabelSelectorsSchema,
  type: MetricTypeSchema,
  displayName: Type.String(),
  yAxisMin: YAxisMinSchema,
  step: Type.Optional(
    Type.Union([
      Type.Literal('1m'),
      Type.Literal('15m'),
      Type.Literal('3h'),
      Type.Literal('1d'),
      Type.Null(),
    ]),
  ),
  title: Type.Optional(Type.String()),
  mode: Type.Optional(Type.Union([Type.Literal('read'), Type.Literal('write')])),
});
export type ImpactMetricsConfig = Static<typeof ImpactMetricsConfigSchema>;

/** impactMetricsConfigListSchema. */
export const ImpactMetricsConfigListSchema = Type.Object({ configs: Type.Array(ImpactMetricsConfigSchema) });
export type ImpactMetricsConfigList = Static<typeof ImpactMetricsConfigListSchema>;

/** A chart's points (Switchyard's read for the console: one value per step of its time range). */
export const ImpactMetricSeriesSchema = Type.Object({
  configId: Type.String(),
  step: Type.Union([Type.Literal('1m'), Type.Literal('15m'), Type.Literal('3h'), Type.Literal('1d')]),
  points: Type.Array(Type.Object({ time: Type.String(), value: Type.Union([Type.Number(), Type.Null()]) })),
});
export type ImpactMetricSeries = Static<typeof ImpactMetricSeriesSchema>;

/** plausibleMetricsResponseSchema. */
export const PlausibleMetricsResponseSchema = Type.Object({
  data: Type.Array(Type.Object({ count: Type.Number(), date: Type.String() })),
});

/** customMetricSchema, with Switchyard's optional `type` (a gauge unless it says counter). */
export const CustomMetricSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.Number(),
  labels: Type.Optional(
    Type.Record(Type.String(), Type.String({ maxLength: IMPACT_METRIC_LIMITS.labelValueLength }), {
      maxProperties: MAX_LABELS_PER_SAMPLE + 2,
    }),
  ),
  type: Type.Optional(Type.Union([Type.Literal('counter'), Type.Literal('gauge')])),
});
export type CustomMetric = Static<typeof CustomMetricSchema>;

/** customMetricsSchema: the body of `POST /api/client/metrics/custom`. */
export const CustomMetricsSchema = Type.Object({
  metrics: Type.Array(CustomMetricSchema, { maxItems: IMPACT_METRIC_LIMITS.customMetricsPerPost }),
});
export type CustomMetrics = Static<typeof CustomMetricsSchema>;

/** One stored series as `GET /api/admin/custom-metrics` lists it: its latest minute. */
export const StoredCustomMetricSchema = Type.Object({
  name: Type.String(),
  value: Type.Number(),
  labels: Type.Record(Type.String(), Type.String()),
  timestamp: Type.String(),
  type: Type.Union([Type.Literal('counter'), Type.Literal('gauge'), Type.Literal('histogram')]),
  appName: Type.String(),
  environment: Type.String(),
  histogram: Type.Optional(
    Type.Object({
      count: Type.Number(),
      sum: Type.Number(),
      buckets: Type.Array(
        Type.Object({ le: Type.Union([Type.Number(), Type.Literal('+Inf')]), count: Type.Number() }),
      ),
    }),
  ),
});
export const StoredCustomMetricsSchema = Type.Object({
  metrics: Type.Array(StoredCustomMetricSchema),
  count: Type.Integer(),
  metricNames: Type.Array(Type.String()),
});
export type StoredCustomMetrics = Static<typeof StoredCustomMetricsSchema>;

/** featureEnvironmentSafeguardSchema, plus when it last disabled the flag. */
export const FeatureEnvironmentSafeguardSchema = Type.Object({
  id: Type.String(),
  action: Type.Object({
    type: Type.String(),
    featureName: Type.String(),
    environment: Type.String(),
    project: Type.String(),
  }),
  triggerCondition: SafeguardTriggerConditionSchema,
  impactMetric: Type.Object({
    id: Type.String(),
    metricName: Type.String(),
    timeRange: SafeguardTimeRangeSchema,
    aggregationMode: SafeguardAggregationModeSchema,
    labelSelectors: LabelSelectorsSchema,
    source: Type.Optional(Type.Union([Type.Literal('internal'), Type.Literal('external')])),
  }),
  triggeredAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type FeatureEnvironmentSafeguard = Static<typeof FeatureEnvironmentSafeguardSchema>;
export const FeatureEnvironmentSafeguardsSchema = Type.Array(FeatureEnvironmentSafeguardSchema);

// ---- Path parameters -------------------------------------------------------------------------

export const ImpactConfigIdParamsSchema = Type.Object({ id: Type.String() });
export const FlagImpactParamsSchema = Type.Object({ projectId: Type.String(), featureName: Type.String() });
export const FlagImpactConfigParamsSchema = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  id: Type.String(),
});
/** Unleash names the project parameter `project` on the environment routes. */
export const FlagSafeguardEnvironmentParamsSchema = Type.Object({
  project: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
});
export const FlagSafeguardParamsSchema = Type.Object({
  project: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
  safeguardId: Type.String(),
});

export const IMPACT_METRIC_EVENT_TYPES = [
  'impact-metric-created',
  'impact-metric-updated',
  'impact-metric-deleted',
] as const;
