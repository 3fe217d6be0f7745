import type { AdminPermission, AdminPermissions } from '../access-api';

export type CustomRoleType = 'root-custom' | 'custom';

export interface PermissionGroup {
  id: string;
  label: string;
  permissions: AdminPermission[];
}

/** The catalogue's groups a role of this type can hold: root permissions, or project and per-environment ones. */
export function permissionGroups(catalog: AdminPermissions, type: CustomRoleType): PermissionGroup[] {
  if (type === 'root-custom') {
    return [{ id: 'root', label: 'Root permissions', permissions: catalog.permissions.root ?? [] }];
  }
  return [
    { id: 'project', label: 'Project permissions', permissions: catalog.permissions.project },
    ...catalog.permissions.environments.map((environment) => ({
      id: `environment:${environment.name}`,
      label: `In the environment ${environment.name}`,
      permissions: environment.permissions.map((permission) => ({
        ...permission,
        environment: permission.environment ?? environment.name,
      })),
    })),
  ];
}
