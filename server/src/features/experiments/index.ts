export {
  applyExperimentOperation,
  EXPERIMENT_OPERATION_KINDS,
  type ExperimentOperation,
  type ExperimentOperationResults,
  GOVERNED_EXPERIMENT_OPERATION_KINDS,
} from './experiment-operations';
export { experimentRoutes } from './experiment-routes';
export { createExperimentService, type ExperimentService } from './experiment-service';
export { experimentSnapshotJob } from './experiment-snapshot-job';
