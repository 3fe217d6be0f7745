export {
  type ClientSnapshot,
  getAllFeatureNames,
  getClientSnapshot,
  getClientSnapshotChanges,
  getClientSnapshotRevision,
  type SnapshotChanges,
  type SnapshotFeature,
  type SnapshotSegment,
  type SnapshotStrategy,
} from './client-snapshot';
export {
  FEATURE_OPERATION_KINDS,
  type FeatureChanges,
  type FeatureOperation,
  type FeatureOperationResults,
} from './feature-operation-types';
export { applyFeatureOperation } from './feature-operations';
// Read by change requests (issue 13) to record what a drafted change is based on and find conflicts.
export {
  type FeatureEnvironmentRow,
  type FeatureRow,
  getFeature,
  getFeatureEnvironment,
  getStrategies,
  getStrategyById,
  type StrategyRow,
} from './feature-store';
export {
  markPotentiallyStaleFlags,
  POTENTIALLY_STALE_INTERVAL_MS,
  startPotentiallyStaleJob,
} from './potentially-stale';
export { normaliseVariants, TOTAL_WEIGHT, validateVariantShapes } from './variant-rules';
