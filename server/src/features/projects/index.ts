// The overview and its numbers are read again by the deprecated health report and project insights (insights domain).
export { memberCounts, membersAddedSince } from './project-member-store';
export {
  applyProjectOperation,
  PROJECT_OPERATION_KINDS,
  type ProjectOperation,
  type ProjectOperationResults,
} from './project-operations';
export { createProjectService } from './project-service';
export {
  getProject,
  getProjectEnvironments,
  type ProjectEnvironmentRow,
  type ProjectRow,
  projectCounts,
  projectFlagCounts,
  projectHealth,
} from './project-store';
