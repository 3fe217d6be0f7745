export { assertCallerHas, callerHas, permissionDenied } from './access-checks';
export { accessOverviewRoutes } from './access-overview-routes';
export { resolveGrants, resolveProjectRoles, resolveRootRole } from './access-service';
export {
  addGroupMembers,
  addGroupProjectRoles,
  addUserProjectRoles,
  groupIdsOfUser,
  groupRolesInProject,
  type MembershipRow,
  membersOfGroups,
  type ProjectRoleRow,
  projectsOfGroups,
  projectsOfUser,
  projectUsageOfRole,
  removeGroupMembers,
  removeGroupProjectRoles,
  removeUserProjectRoles,
  roleIdsOfUserInProject,
  rootRolesOfGroups,
  rootRolesOfUsers,
  setGroupRootRole,
  setUserRootRole,
  userRolesInProject,
  usersWithRootRole,
} from './assignments';
export {
  ALL_ENVIRONMENTS,
  buildGrants,
  DEFAULT_PROJECT,
  grantsAllow,
  listGrants,
  NO_GRANTS,
  type PermissionContext,
  permissionKind,
} from './permission-rules';
export { createProjectCatalog, type ProjectCatalog } from './project-catalog';
export { hiddenProjectsOf, maySubmitChangeRequests } from './project-visibility';
export {
  getRole,
  getRoleByName,
  getRolePermissions,
  getRoles,
  listPermissions,
  listRoles,
  type PermissionRow,
  type RoleRow,
} from './role-reads';
export { roleRoutes } from './role-routes';
export { createRoleService, isBuiltInRole, isRootRole, type RoleService } from './role-service';
export { toAdminPermission, toRole } from './role-view';
