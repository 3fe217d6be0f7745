export {
  applyProjectOperation,
  PROJECT_OPERATION_KINDS,
  type ProjectOperation,
  type ProjectOperationResults,
} from './project-operations';
// The overview and its numbers are read again by the deprecated health report and project insights (insights domain).
export {
  getProject,
  getProjectEnvironments,
  memberCounts,
  membersAddedSince,
  type ProjectEnvironmentRow,
  type ProjectRow,
  projectCounts,
  projectFlagCounts,
} from './project-reads';
export { projectHealth } from './project-rules';
export { createProjectService } from './project-service';
