export { customMetricsRoutes } from './custom-metrics-routes';
export { FLAG_SAFEGUARD_CHECK_INTERVAL_MS, flagSafeguardJob } from './flag-safeguard-job';
export { createImpactMetricsIngestion, type ImpactMetricsIngestion } from './impact-metrics-ingestion';
export {
  applyImpactMetricOperation,
  type ImpactMetricOperation,
  type ImpactMetricOperationResults,
} from './impact-metrics-operations';
export { flagSafeguardsByEnvironment, measureImpactMetric } from './impact-metrics-reads';
export { impactMetricsRoutes } from './impact-metrics-routes';
export {
  type AggregationMode,
  assertStorableSafeguard,
  isBreached,
  MAX_LABEL_SELECTORS,
  MAX_SELECTOR_VALUES,
  type TimeRange,
} from './impact-metrics-rules';
export { createImpactMetricsService, type ImpactMetricsService } from './impact-metrics-service';
