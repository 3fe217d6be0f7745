import type { AccessOverview, RootRoleInput } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { Grants } from '../../lib/caller';
import { badData } from '../../lib/errors';
import { accessOverview } from './access-overview-store';
import { grantRowsOfUser } from './assignment-store';
import { buildGrants } from './permission-rules';
import { isRootRole } from './role-service';
import { getRole, getRoleByName, getRoles, type RoleRow } from './role-store';

/** Everything a user holds right now: root role, project roles and the roles of their groups. */
export async function resolveGrants(db: Queryable, userId: number): Promise<Grants> {
  return buildGrants(await grantRowsOfUser(db, userId));
}

/** A root role given by id or built-in name; 400 when it is missing or a project role. */
export async function resolveRootRole(db: Queryable, input: RootRoleInput): Promise<RoleRow> {
  const role = typeof input === 'number' ? await getRole(db, input) : await getRoleByName(db, input);
  if (!role) throw badData(`Could not find the root role ${input}`);
  if (!isRootRole(role)) throw badData(`The role ${role.name} is a project role, not a root role`);
  return role;
}

/** Project roles by id; 400 when one is missing or a root role. */
export async function resolveProjectRoles(db: Queryable, ids: readonly number[]): Promise<RoleRow[]> {
  const unique = [...new Set(ids)];
  const roles = await getRoles(db, unique);
  const found = new Map(roles.map((role) => [role.id, role]));
  for (const id of unique) {
    const role = found.get(id);
    if (!role) throw badData(`Could not find the role with id ${id}`);
    if (isRootRole(role)) throw badData(`The role ${role.name} is a root role, not a project role`);
  }
  return unique.map((id) => found.get(id) as RoleRow);
}

/** `GET /api/admin/access/overview`: each human user's root role, groups and projects. */
export async function readAccessOverview(db: Queryable): Promise<AccessOverview> {
  return accessOverview(db);
}
