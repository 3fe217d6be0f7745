/** Experiment data (issue 35 §1): what other domains and the composition root use. See README.md. */

export { experimentDataRetentionJob } from './experiment-data-retention-job';
export { clientTrackRoutes, frontendTrackRoutes } from './experiment-data-routes';
export {
  createExperimentData,
  type ExperimentData,
  type ExperimentDataOptions,
  type TrackCaller,
} from './experiment-data-service';
export { type CovariateSums, readVariantStats, type VariantStats } from './variant-stats';
