export { projectAccessRoutes } from './project-access-routes';
export { createProjectAccessService, type ProjectAccessService } from './project-access-service';
