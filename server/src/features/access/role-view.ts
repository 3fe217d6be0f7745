import type { AdminPermission, Role } from '../../../contract';
import type { PermissionRow, RoleRow } from './role-store';

// Role and permission rows as the admin API shows them (pure mappers, no I/O).

export function toRole(row: RoleRow, project?: string | null): Role {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    ...(project !== undefined ? { project } : {}),
  };
}

export function toAdminPermission(row: PermissionRow, environment?: string): AdminPermission {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    type: row.type,
    ...(environment ? { environment } : {}),
  };
}
