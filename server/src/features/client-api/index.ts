export {
  type Replay,
  registerClientFeaturesFastPath,
  registerClientMetricsFastPath,
  sdkScopeOf,
} from './client-api-fast-path';
export { clientApiRoutes, sdkReporterOf } from './client-api-routes';
export { type ClientFeatureCache, createClientFeatureCache } from './client-feature-cache';
// The playground (issue 15) evaluates the very payload an SDK receives.
export { buildClientFeatures } from './client-payload';
export { createStreamingHub, type FetchMode, type StreamingHub } from './client-streaming';
export { clientStreamingRoutes } from './client-streaming-routes';
export { createRevisionTracker, type RevisionTracker } from './revision-tracker';
export { registerSnapshotGauges, registerStreamingGauges } from './sdk-prometheus';
export {
  applySnapshotChanges,
  dependentsOf,
  flagsOfProjects,
  type TaggedSnapshot,
} from './snapshot-changes';
export { createStreamingFetchMode, type StreamingFetchMode } from './streaming-fetch-mode';
