export { clientApiRoutes, sdkReporterOf } from './client-api-routes';
export {
  type ClientFeatureCache,
  createClientFeatureCache,
  type TaggedSnapshot,
} from './client-feature-cache';
export { createRevisionTracker, type RevisionTracker } from './revision-tracker';
