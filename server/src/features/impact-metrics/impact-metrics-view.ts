import type { FeatureEnvironmentSafeguard, ImpactMetricsConfig } from '../../../contract';
import type { FlagSafeguardRecord } from './flag-safeguard-store';
import type { ImpactConfigRecord } from './impact-metric-config-store';
import { RANGE_STEP } from './impact-metrics-rules';

/** The action a flag environment's safeguard takes when it triggers (featureEnvironmentSafeguardSchema). */
export const DISABLE_ACTION = 'disableFeatureEnvironment';

/** A chart as impactMetricsConfigSchema, its type read from the metric's stored samples. */
export function toConfigView(
  record: ImpactConfigRecord,
  type: ImpactMetricsConfig['type'] | undefined,
): ImpactMetricsConfig {
  return {
    id: record.id,
    metricName: record.metricName,
    timeRange: record.timeRange,
    aggregationMode: record.aggregationMode,
    labelSelectors: record.labelSelectors,
    type: type ?? 'unknown',
    displayName: record.title ?? record.metricName,
    yAxisMin: record.yAxisMin,
    step: RANGE_STEP[record.timeRange].step,
    ...(record.title === null ? {} : { title: record.title }),
    mode: 'write',
  };
}

export function toFlagSafeguardView(
  record: FlagSafeguardRecord,
  project: string,
): FeatureEnvironmentSafeguard {
  return {
    id: record.id,
    action: {
      type: DISABLE_ACTION,
      featureName: record.featureName,
      environment: record.environment,
      project,
    },
    triggerCondition: record.triggerCondition,
    impactMetric: {
      id: record.impactMetricId,
      metricName: record.metricName,
      timeRange: record.timeRange,
      aggregationMode: record.aggregationMode,
      labelSelectors: record.labelSelectors,
      source: 'internal',
    },
    triggeredAt: record.triggeredAt?.toISOString() ?? null,
  };
}
