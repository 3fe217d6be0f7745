import * as store from './role-store';

/**
 * The roles and permissions other domains read (project access, users, service accounts, public
 * sign-up, the account view): the access domain's public reads, so that no other domain reaches its
 * store. Role changes go through the role service.
 */

export type { PermissionRow, RoleRow } from './role-store';

/** Every role (of the given types), by name. */
export const listRoles = store.listRoles;
/** One role by id. */
export const getRole = store.getRole;
/** One role by name, case-insensitively (the built-in ones: Admin, Editor, Viewer, Owner, Member). */
export const getRoleByName = store.getRoleByName;
/** The roles of `ids`. */
export const getRoles = store.getRoles;
/** Every permission Unleash knows. */
export const listPermissions = store.listPermissions;
/** A role's permissions, with their environment. */
export const getRolePermissions = store.getRolePermissions;
