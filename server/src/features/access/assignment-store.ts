import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { GrantRow } from './permission-rules';

/**
 * Who holds which role: root roles and project roles of users (role_user), group membership
 * (group_user) and the roles of groups (group_role). A null project is a root role.
 */

export async function setUserRootRole(
  db: Queryable,
  userId: number,
  roleId: number,
  createdByUserId: number | null,
): Promise<void> {
  await db.deleteFrom('role_user').where('user_id', '=', userId).where('project', 'is', null).execute();
  await db
    .insertInto('role_user')
    .values({ user_id: userId, role_id: roleId, project: null, created_by_user_id: createdByUserId })
    .execute();
}

export async function rootRolesOfUsers(
  db: Queryable,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('role_user')
    .select(['user_id', 'role_id'])
    .where('project', 'is', null)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.role_id]));
}

/** Ids of the users whose root role is one of `roleIds`. */
export async function usersWithRootRole(db: Queryable, roleIds: readonly number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('role_user')
    .select('user_id')
    .where('project', 'is', null)
    .where('role_id', 'in', [...roleIds])
    .execute();
  return rows.map((row) => row.user_id);
}

export async function setGroupRootRole(
  db: Queryable,
  groupId: number,
  roleId: number | null,
  createdBy: string,
): Promise<void> {
  await db.deleteFrom('group_role').where('group_id', '=', groupId).where('project', 'is', null).execute();
  if (roleId === null) return;
  await db
    .insertInto('group_role')
    .values({ group_id: groupId, role_id: roleId, project: null, created_by: createdBy })
    .execute();
}

export async function rootRolesOfGroups(
  db: Queryable,
  groupIds: readonly number[],
): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('group_role')
    .select(['group_id', 'role_id'])
    .where('project', 'is', null)
    .where('group_id', 'in', [...groupIds])
    .execute();
  return new Map(rows.map((row) => [row.group_id, row.role_id]));
}

export interface MembershipRow {
  groupId: number;
  userId: number;
  createdBy: string | null;
  joinedAt: Date;
}

export async function membersOfGroups(db: Queryable, groupIds: readonly number[]): Promise<MembershipRow[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .selectFrom('group_user')
    .select(['group_id', 'user_id', 'created_by', 'created_at'])
    .where('group_id', 'in', [...groupIds])
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => ({
    groupId: row.group_id,
    userId: row.user_id,
    createdBy: row.created_by,
    joinedAt: row.created_at,
  }));
}

export async function groupIdsOfUser(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('group_user').select('group_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.group_id);
}

export async function addGroupMembers(
  db: Queryable,
  groupId: number,
  userIds: readonly number[],
  createdBy: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('group_user')
    .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId, created_by: createdBy })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeGroupMembers(
  db: Queryable,
  groupId: number,
  userIds: readonly number[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('group_user')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', [...userIds])
    .execute();
}

export interface ProjectRoleRow {
  /** A user id or a group id, depending on the query. */
  id: number;
  roleId: number;
  addedAt: Date;
}

export async function userRolesInProject(db: Queryable, project: string): Promise<ProjectRoleRow[]> {
  const rows = await db
    .selectFrom('role_user')
    .select(['user_id', 'role_id', 'created_at'])
    .where('project', '=', project)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ id: row.user_id, roleId: row.role_id, addedAt: row.created_at }));
}

export async function groupRolesInProject(db: Queryable, project: string): Promise<ProjectRoleRow[]> {
  const rows = await db
    .selectFrom('group_role')
    .select(['group_id', 'role_id', 'created_at'])
    .where('project', '=', project)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ id: row.group_id, roleId: row.role_id, addedAt: row.created_at }));
}

export async function addUserProjectRoles(
  db: Queryable,
  project: string,
  userId: number,
  roleIds: readonly number[],
  createdByUserId: number | null,
): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insertInto('role_user')
    .values(
      roleIds.map((roleId) => ({
        user_id: userId,
        role_id: roleId,
        project,
        created_by_user_id: createdByUserId,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'role_id', 'project']).where('project', 'is not', null).doNothing(),
    )
    .execute();
}

export async function removeUserProjectRoles(db: Queryable, project: string, userId: number): Promise<void> {
  await db.deleteFrom('role_user').where('project', '=', project).where('user_id', '=', userId).execute();
}

export async function addGroupProjectRoles(
  db: Queryable,
  project: string,
  groupId: number,
  roleIds: readonly number[],
  createdBy: string,
): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insertInto('group_role')
    .values(roleIds.map((roleId) => ({ group_id: groupId, role_id: roleId, project, created_by: createdBy })))
    .onConflict((oc) =>
      oc.columns(['group_id', 'role_id', 'project']).where('project', 'is not', null).doNothing(),
    )
    .execute();
}

export async function removeGroupProjectRoles(
  db: Queryable,
  project: string,
  groupId: number,
): Promise<void> {
  await db.deleteFrom('group_role').where('project', '=', project).where('group_id', '=', groupId).execute();
}

/** Every project role assignment of a project, for a project being deleted. */
export async function removeProjectAssignments(db: Queryable, project: string): Promise<void> {
  await db.deleteFrom('role_user').where('project', '=', project).execute();
  await db.deleteFrom('group_role').where('project', '=', project).execute();
}

export interface RoleProjectUsageRow {
  project: string;
  userIds: number[];
  groupCount: number;
}

/** Where a project role is used: per project, the users and how many groups hold it. */
export async function projectUsageOfRole(db: Queryable, roleId: number): Promise<RoleProjectUsageRow[]> {
  const users = await db
    .selectFrom('role_user')
    .select(['project', 'user_id'])
    .where('role_id', '=', roleId)
    .where('project', 'is not', null)
    .execute();
  const groups = await db
    .selectFrom('group_role')
    .select(['project', (eb) => eb.fn.countAll<number>().as('count')])
    .where('role_id', '=', roleId)
    .where('project', 'is not', null)
    .groupBy('project')
    .execute();
  const byProject = new Map<string, RoleProjectUsageRow>();
  const entry = (project: string) => {
    let row = byProject.get(project);
    if (!row) {
      row = { project, userIds: [], groupCount: 0 };
      byProject.set(project, row);
    }
    return row;
  };
  for (const row of users) entry(row.project as string).userIds.push(row.user_id);
  for (const row of groups) entry(row.project as string).groupCount = Number(row.count);
  return [...byProject.values()].sort((a, b) => a.project.localeCompare(b.project));
}

/** Projects where the user holds a project role, directly or through a group. */
export async function projectsOfUser(db: Queryable, userId: number): Promise<string[]> {
  const { rows } = await sql<{ project: string }>`
    select project from role_user where user_id = ${userId} and project is not null
    union
    select gr.project from group_role gr join group_user gu on gu.group_id = gr.group_id
    where gu.user_id = ${userId} and gr.project is not null
    order by project`.execute(db);
  return rows.map((row) => row.project);
}

/** Role ids the user holds in a project (directly or through groups), root role included. */
export async function roleIdsOfUserInProject(
  db: Queryable,
  userId: number,
  project: string,
): Promise<number[]> {
  const { rows } = await sql<{ role_id: number }>`
    select role_id from role_user where user_id = ${userId} and (project is null or project = ${project})
    union
    select gr.role_id from group_role gr join group_user gu on gu.group_id = gr.group_id
    where gu.user_id = ${userId} and (gr.project is null or gr.project = ${project})`.execute(db);
  return rows.map((row) => row.role_id);
}

/**
 * Every permission a user holds, in one query: the permissions of each role assigned to the
 * user directly or through a group, with the project it was assigned in (null for root roles).
 */
export async function grantRowsOfUser(db: Queryable, userId: number): Promise<GrantRow[]> {
  const { rows } = await sql<GrantRow>`
    select a.project, rp.permission, rp.environment
    from (
      select role_id, project from role_user where user_id = ${userId}
      union
      select gr.role_id, gr.project from group_role gr
      join group_user gu on gu.group_id = gr.group_id
      where gu.user_id = ${userId}
    ) a
    join role_permission rp on rp.role_id = a.role_id`.execute(db);
  return rows;
}

/** The projects where each group holds a project role. */
export async function projectsOfGroups(
  db: Queryable,
  groupIds: readonly number[],
): Promise<Map<number, string[]>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('group_role')
    .select(['group_id', 'project'])
    .distinct()
    .where('group_id', 'in', [...groupIds])
    .where('project', 'is not', null)
    .orderBy('project')
    .execute();
  const result = new Map<number, string[]>();
  for (const row of rows) {
    const list = result.get(row.group_id) ?? [];
    list.push(row.project as string);
    result.set(row.group_id, list);
  }
  return result;
}
