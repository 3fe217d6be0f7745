import * as store from './assignment-store';

/**
 * Who holds which role: root roles of users and groups, group memberships and project roles. The
 * access domain's public reads and writes of assignments for the domains that change them in their
 * own transaction with their own event (users, groups, service accounts, project access, SCIM, SSO,
 * the account view), so that no other domain reaches the store.
 */

export type { MembershipRow, ProjectRoleRow } from './assignment-store';

// ---- Root roles
export const setUserRootRole = store.setUserRootRole;
export const rootRolesOfUsers = store.rootRolesOfUsers;
export const usersWithRootRole = store.usersWithRootRole;
export const setGroupRootRole = store.setGroupRootRole;
export const rootRolesOfGroups = store.rootRolesOfGroups;

// ---- Group membership
export const membersOfGroups = store.membersOfGroups;
export const groupIdsOfUser = store.groupIdsOfUser;
export const addGroupMembers = store.addGroupMembers;
export const removeGroupMembers = store.removeGroupMembers;

// ---- Project roles
export const userRolesInProject = store.userRolesInProject;
export const groupRolesInProject = store.groupRolesInProject;
export const addUserProjectRoles = store.addUserProjectRoles;
export const removeUserProjectRoles = store.removeUserProjectRoles;
export const addGroupProjectRoles = store.addGroupProjectRoles;
export const removeGroupProjectRoles = store.removeGroupProjectRoles;
export const projectUsageOfRole = store.projectUsageOfRole;
export const projectsOfUser = store.projectsOfUser;
export const roleIdsOfUserInProject = store.roleIdsOfUserInProject;
export const projectsOfGroups = store.projectsOfGroups;
