export { groupRoutes } from './group-routes';
export { createGroupService, type GroupService } from './group-service';
