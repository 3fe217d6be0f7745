import type {
  AdminPermissions,
  CreateRole,
  Role,
  Roles,
  RoleType,
  RoleWithPermissions,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { ApiError, badData, notFound } from '../../lib/errors';
import { appendEvent } from '../events';
import { ALL_ENVIRONMENTS } from './permission-rules';
import type { ProjectCatalog } from './project-catalog';
import {
  deleteRole,
  getRole,
  getRoleByName,
  getRolePermissions,
  insertRole,
  listPermissions,
  listRoles,
  type PermissionRow,
  ROLE_IN_USE,
  type RoleRow,
  roleExistsMessage,
  roleUsageCount,
  setRolePermissions,
  updateRole,
} from './role-store';
import { toAdminPermission, toRole } from './role-view';

/** Built-in roles have the plain types; custom ones `root-custom` / `custom`. */
export function isBuiltInRole(role: { type: RoleType }): boolean {
  return role.type === 'root' || role.type === 'project';
}

export function isRootRole(role: { type: RoleType }): boolean {
  return role.type === 'root' || role.type === 'root-custom';
}

interface ResolvedPermission {
  permission: string;
  environment: string;
}

/** Turns a role body's permission list into rows, refusing what the role type cannot hold. */
async function resolvePermissions(
  db: Queryable,
  catalog: ProjectCatalog,
  type: 'root-custom' | 'custom',
  inputs: CreateRole['permissions'],
): Promise<ResolvedPermission[]> {
  if (!inputs || inputs.length === 0) return [];
  const all = await listPermissions(db);
  const byName = new Map(all.map((p) => [p.name, p]));
  const byId = new Map(all.map((p) => [p.id, p]));
  const environments = new Set(await catalog.environmentNames());
  const resolved = new Map<string, ResolvedPermission>();
  for (const input of inputs) {
    const permission: PermissionRow | undefined =
      input.name !== undefined
        ? byName.get(input.name)
        : input.id !== undefined
          ? byId.get(input.id)
          : undefined;
    if (!permission) throw badData(`Unknown permission ${input.name ?? input.id ?? '(none given)'}`);
    let environment = '';
    if (type === 'root-custom' && permission.type !== 'root') {
      throw badData(`A root role cannot hold the ${permission.type} permission ${permission.name}`);
    }
    if (type === 'custom' && permission.type === 'root') {
      throw badData(`A project role cannot hold the root permission ${permission.name}`);
    }
    if (permission.type === 'environment') {
      environment = input.environment ?? '';
      if (!environment) throw badData(`The permission ${permission.name} needs an environment`);
      if (environment !== ALL_ENVIRONMENTS && !environments.has(environment)) {
        throw badData(`Environment=${environment} does not exist`);
      }
    }
    resolved.set(`${permission.name}\u0000${environment}`, { permission: permission.name, environment });
  }
  return [...resolved.values()];
}

function eventData(role: RoleRow, permissions: ResolvedPermission[]) {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    type: role.type,
    permissions: permissions.map((p) =>
      p.environment ? { name: p.permission, environment: p.environment } : { name: p.permission },
    ),
  };
}

async function existingRole(db: Db, id: number): Promise<RoleRow> {
  const role = await getRole(db, id);
  if (!role) throw notFound(`Could not find role with id ${id}`);
  return role;
}

async function assertRoleNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const other = await getRoleByName(db, name);
  if (other && other.id !== exceptId) throw new ApiError('NameExistsError', roleExistsMessage(name));
}

/** Changes a custom role's name, description, type (only while unused) and permissions; logs it. */
async function updateCustomRole(
  db: Db,
  catalog: ProjectCatalog,
  id: number,
  body: CreateRole,
  actor: AuditActor,
): Promise<Role> {
  const name = body.name.trim();
  return inTransaction(db, async (trx) => {
    const before = await existingRole(db, id);
    if (isBuiltInRole(before)) throw badData('Built-in roles cannot be changed');
    const type = body.type ?? (before.type as 'root-custom' | 'custom');
    if (type !== before.type && (await roleUsageCount(trx, id)) > 0) {
      throw badData('The type of a role in use cannot change');
    }
    await assertRoleNameFree(db, name, id);
    const permissions = await resolvePermissions(trx, catalog, type, body.permissions);
    const beforePermissions = await getRolePermissions(trx, id);
    const role = await updateRole(trx, id, { name, description: body.description ?? null, type });
    await setRolePermissions(trx, id, permissions);
    await appendEvent(trx, {
      type: 'role-updated',
      ...actor,
      data: eventData(role, permissions),
      preData: eventData(
        before,
        beforePermissions.map((p) => ({ permission: p.name, environment: p.environment })),
      ),
    });
    return toRole(role);
  });
}

/** The permission catalogue: root and project permissions, and environment ones per environment. */
async function permissionCatalogue(db: Db, catalog: ProjectCatalog): Promise<AdminPermissions> {
  const all = await listPermissions(db);
  const environments = await catalog.environmentNames();
  const envPermissions = all.filter((p) => p.type === 'environment');
  return {
    version: 1,
    permissions: {
      root: all.filter((p) => p.type === 'root').map((p) => toAdminPermission(p)),
      project: all.filter((p) => p.type === 'project').map((p) => toAdminPermission(p)),
      environments: environments.map((name) => ({
        name,
        permissions: envPermissions.map((p) => toAdminPermission(p, name)),
      })),
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;

/** Roles: listing, custom root and project roles (create, update, validate, delete), the permission catalogue. */
export function createRoleService(db: Db, catalog: ProjectCatalog) {
  return {
    async list(): Promise<Roles> {
      return { version: 1, roles: (await listRoles(db)).map((role) => toRole(role)) };
    },

    async get(id: number): Promise<RoleWithPermissions> {
      const role = await existingRole(db, id);
      const permissions = await getRolePermissions(db, id);
      return {
        ...toRole(role),
        permissions: permissions.map((p) => toAdminPermission(p, p.environment || undefined)),
      };
    },

    async validate(body: CreateRole, exceptId?: number): Promise<void> {
      await assertRoleNameFree(db, body.name.trim(), exceptId);
      await resolvePermissions(db, catalog, body.type ?? 'custom', body.permissions);
    },

    async create(body: CreateRole, actor: AuditActor): Promise<Role> {
      const name = body.name.trim();
      const type = body.type ?? 'custom';
      return inTransaction(db, async (trx) => {
        await assertRoleNameFree(db, name);
        const permissions = await resolvePermissions(trx, catalog, type, body.permissions);
        const role = await insertRole(trx, {
          name,
          description: body.description ?? null,
          type,
          createdByUserId: actor.createdByUserId,
        });
        await setRolePermissions(trx, role.id, permissions);
        await appendEvent(trx, { type: 'role-created', ...actor, data: eventData(role, permissions) });
        return toRole(role);
      });
    },

    update: (id: number, body: CreateRole, actor: AuditActor): Promise<Role> =>
      updateCustomRole(db, catalog, id, body, actor),

    async remove(id: number, actor: AuditActor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const role = await existingRole(db, id);
        if (isBuiltInRole(role)) throw badData('Built-in roles cannot be deleted');
        if ((await roleUsageCount(trx, id)) > 0) throw new ApiError('RoleInUseError', ROLE_IN_USE);
        const permissions = await getRolePermissions(trx, id);
        await deleteRole(trx, id);
        await appendEvent(trx, {
          type: 'role-deleted',
          ...actor,
          preData: eventData(
            role,
            permissions.map((p) => ({ permission: p.name, environment: p.environment })),
          ),
        });
      });
    },

    permissions: (): Promise<AdminPermissions> => permissionCatalogue(db, catalog),
  };
}
