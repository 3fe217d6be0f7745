// Imports create many new flags at once (issue 18).
export { type BulkNewFeature, canCreateInBulk, createFeaturesInBulk } from './bulk-create';
export {
  type ClientSnapshot,
  getAllFeatureNames,
  getClientSnapshot,
  getClientSnapshotChanges,
  getClientSnapshotRevision,
  readClientSnapshot,
  type SnapshotChanges,
  type SnapshotFeature,
  type SnapshotSegment,
  type SnapshotStrategy,
} from './client-snapshot';
// Release plans extend a flag's environments (issue 31 §3), passed in by the composition root.
export type { FlagEnvironmentExtensions } from './environment-extensions';
export {
  FEATURE_OPERATION_KINDS,
  type FeatureChanges,
  type FeatureOperation,
  type FeatureOperationResults,
} from './feature-operation-types';
export { applyFeatureOperation } from './feature-operations';
// The project's flags as the deprecated project health report lists them (insights domain).
export { listProjectFeatures } from './feature-read-model';
// Read by change requests (issue 13) to record what a drafted change is based on and find conflicts.
export {
  type FeatureEnvironmentRow,
  type FeatureRow,
  getFeature,
  getFeatureEnvironment,
  getStrategies,
  getStrategyById,
  type StrategyRow,
} from './feature-reads';
// Milestone strategies of release templates (issue 14) are checked and coerced as flag strategies are.
export { checkStrategyContent, STRATEGY_LIMITS } from './operation-checks';
export {
  markPotentiallyStaleFlags,
  POTENTIALLY_STALE_INTERVAL_MS,
  startPotentiallyStaleJob,
} from './potentially-stale';
export { stringifyParameters, withFlexibleRolloutDefaults } from './strategy-rules';
export { normaliseVariants, TOTAL_WEIGHT, validateVariantShapes } from './variant-rules';
