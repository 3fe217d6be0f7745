import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

/** Human users with a role (direct or through a group) granting `permission` or ADMIN somewhere. */
export async function candidateHolders(db: Queryable, permission: string): Promise<number[]> {
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
  return rows.map((row) => row.id);
}

/** Human users holding a project role in `project`, directly or through a group. */
export async function projectMemberIds(db: Queryable, project: string): Promise<number[]> {
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
