import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

export async function privateProjectIds(db: Queryable): Promise<string[]> {
  const rows = await db.selectFrom('projects').select('id').where('mode', '=', 'private').execute();
  return rows.map((row) => row.id);
}

/** The private projects of which the user is no member (no project role, directly or through a group). */
export async function privateProjectsWithoutMember(db: Queryable, userId: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select p.id from projects p
    where p.mode = 'private'
      and not exists (select 1 from role_user ru where ru.user_id = ${userId} and ru.project = p.id)
      and not exists (
        select 1 from group_role gr join group_user gu on gu.group_id = gr.group_id
        where gu.user_id = ${userId} and gr.project = p.id)`.execute(db);
  return rows.map((row) => row.id);
}

export async function projectMode(db: Queryable, project: string): Promise<string | undefined> {
  const row = await db.selectFrom('projects').select('mode').where('id', '=', project).executeTakeFirst();
  return row?.mode;
}

/** Whether the user holds a project role in the project, directly or through a group. */
export async function isProjectMember(db: Queryable, userId: number, project: string): Promise<boolean> {
  const { rows } = await sql<{ member: boolean }>`
    select exists (select 1 from role_user ru where ru.user_id = ${userId} and ru.project = ${project})
        or exists (
          select 1 from group_role gr join group_user gu on gu.group_id = gr.group_id
          where gu.user_id = ${userId} and gr.project = ${project}) as member`.execute(db);
  return rows[0]?.member === true;
}
