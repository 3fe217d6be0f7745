export {
  type Replay,
  registerClientFeaturesFastPath,
  registerClientMetricsFastPath,
  type SdkCredentials,
  sdkScopeOf,
} from './client-api-fast-path';
export { clientApiRoutes, sdkReporterOf } from './client-api-routes';
export {
  type ClientFeatureCache,
  createClientFeatureCache,
  type TaggedSnapshot,
} from './client-feature-cache';
export { createRevisionTracker, type RevisionTracker } from './revision-tracker';
