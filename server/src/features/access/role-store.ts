import { sql } from 'kysely';
import type { RoleType } from '../../../contract';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { ApiError, nameExists } from '../../lib/errors';

/** Roles, the permission catalogue and role_permission rows. */

export interface RoleRow {
  id: number;
  name: string;
  description: string | null;
  type: RoleType;
}

export interface PermissionRow {
  id: number;
  name: string;
  displayName: string;
  type: 'root' | 'project' | 'environment';
}

export interface RolePermissionRow extends PermissionRow {
  /** '' for root and project permissions. */
  environment: string;
}

export const roleExistsMessage = (name: string) => `There already exists a role with the name ${name}`;

const roleColumns = ['id', 'name', 'description', 'type'] as const;

export async function listRoles(db: Queryable, types?: readonly RoleType[]): Promise<RoleRow[]> {
  let query = db.selectFrom('roles').select(roleColumns).orderBy('id');
  if (types) query = query.where('type', 'in', [...types]);
  return query.execute();
}

export async function getRole(db: Queryable, id: number): Promise<RoleRow | undefined> {
  return db.selectFrom('roles').select(roleColumns).where('id', '=', id).executeTakeFirst();
}

export async function getRoles(db: Queryable, ids: readonly number[]): Promise<RoleRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('roles')
    .select(roleColumns)
    .where('id', 'in', [...ids])
    .execute();
}

export async function getRoleByName(db: Queryable, name: string): Promise<RoleRow | undefined> {
  return db
    .selectFrom('roles')
    .select(roleColumns)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function listPermissions(db: Queryable): Promise<PermissionRow[]> {
  const rows = await db
    .selectFrom('permissions')
    .select(['id', 'name', 'display_name', 'type'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, displayName: row.display_name, type: row.type }));
}

export async function getRolePermissions(db: Queryable, roleId: number): Promise<RolePermissionRow[]> {
  const rows = await db
    .selectFrom('role_permission as rp')
    .innerJoin('permissions as p', 'p.name', 'rp.permission')
    .select(['p.id', 'p.name', 'p.display_name', 'p.type', 'rp.environment'])
    .where('rp.role_id', '=', roleId)
    .orderBy('p.id')
    .orderBy('rp.environment')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    type: row.type,
    environment: row.environment,
  }));
}

export async function insertRole(
  db: Queryable,
  role: { name: string; description: string | null; type: RoleType; createdByUserId: number | null },
): Promise<RoleRow> {
  try {
    return await db
      .insertInto('roles')
      .values({
        name: role.name,
        description: role.description,
        type: role.type,
        created_by_user_id: role.createdByUserId,
      })
      .returning(roleColumns)
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(roleExistsMessage(role.name));
    throw error;
  }
}

export async function updateRole(
  db: Queryable,
  id: number,
  role: { name: string; description: string | null; type: RoleType },
): Promise<RoleRow> {
  try {
    return await db
      .updateTable('roles')
      .set({ name: role.name, description: role.description, type: role.type, updated_at: new Date() })
      .where('id', '=', id)
      .returning(roleColumns)
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(roleExistsMessage(role.name));
    throw error;
  }
}

export async function setRolePermissions(
  db: Queryable,
  roleId: number,
  permissions: ReadonlyArray<{ permission: string; environment: string }>,
): Promise<void> {
  await db.deleteFrom('role_permission').where('role_id', '=', roleId).execute();
  if (permissions.length === 0) return;
  await db
    .insertInto('role_permission')
    .values(
      permissions.map((p) => ({ role_id: roleId, permission: p.permission, environment: p.environment })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export const ROLE_IN_USE =
  'This role is still assigned to users, groups or invite links; remove those assignments before deleting it.';

export async function deleteRole(db: Queryable, id: number): Promise<void> {
  try {
    await db.deleteFrom('roles').where('id', '=', id).execute();
  } catch (error) {
    // Another table (an invite link) still references the role.
    if (isForeignKeyViolation(error)) throw new ApiError('RoleInUseError', ROLE_IN_USE);
    throw error;
  }
}

/** How many user and group assignments hold a role; a role in use cannot be deleted. */
export async function roleUsageCount(db: Queryable, roleId: number): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('role_user')
        .select(eb.fn.countAll<number>().as('n'))
        .where('role_id', '=', roleId)
        .as('users'),
      eb
        .selectFrom('group_role')
        .select(eb.fn.countAll<number>().as('n'))
        .where('role_id', '=', roleId)
        .as('groups'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.users ?? 0) + Number(row.groups ?? 0);
}
