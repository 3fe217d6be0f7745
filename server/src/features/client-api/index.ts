export {
  type Replay,
  registerClientFeaturesFastPath,
  registerClientMetricsFastPath,
  sdkScopeOf,
} from './client-api-fast-path';
export { clientApiRoutes, sdkReporterOf } from './client-api-routes';
export {
  applySnapshotChanges,
  type ClientFeatureCache,
  createClientFeatureCache,
  dependentsOf,
  type TaggedSnapshot,
} from './client-feature-cache';
export { createRevisionTracker, type RevisionTracker } from './revision-tracker';
