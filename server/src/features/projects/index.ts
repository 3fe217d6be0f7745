export {
  applyProjectOperation,
  PROJECT_OPERATION_KINDS,
  type ProjectOperation,
  type ProjectOperationResults,
} from './project-operations';
export {
  getProject,
  getProjectEnvironments,
  type ProjectEnvironmentRow,
  type ProjectRow,
} from './project-store';
