import { sql } from 'kysely';
import type { Permission } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { grantsAllow, resolveGrants } from '../access';

/**
 * Human users who may hold `permission` in the context (admins included), narrowed in SQL to
 * those with a role granting it or ADMIN, then decided by their resolved grants, so project
 * roles, groups and the `*` environment count as the permission guard counts them.
 */
export async function usersHolding(
  db: Queryable,
  permission: Permission,
  context: { project?: string; environment?: string } = {},
): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select u.id from users u
    where not u.is_service and u.id > 0 and exists (
      select 1 from (
        select role_id from role_user where user_id = u.id
        union
        select gr.role_id from group_role gr join group_user gu on gu.group_id = gr.group_id
        where gu.user_id = u.id
      ) a join role_permission rp on rp.role_id = a.role_id
      where rp.permission in ('ADMIN', ${permission}))
    order by u.id`.execute(db);
  const holders: number[] = [];
  for (const row of rows) {
    const grants = await resolveGrants(db, row.id);
    if (permission === 'ADMIN' ? grants.admin : grantsAllow(grants, permission, context))
      holders.push(row.id);
  }
  return holders;
}

/**
 * The members of a project: human users holding a project role there, directly or through a
 * group (the members Unleash's notifications reach).
 */
export async function projectMembers(db: Queryable, project: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select u.id from users u
    where not u.is_service and u.id > 0 and u.id in (
      select user_id from role_user where project = ${project}
      union
      select gu.user_id from group_role gr join group_user gu on gu.group_id = gr.group_id
      where gr.project = ${project})
    order by u.id`.execute(db);
  return rows.map((row) => row.id);
}
