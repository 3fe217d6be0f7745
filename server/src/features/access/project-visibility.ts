import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { Caller } from '../../lib/caller';

const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

/**
 * The private projects a caller may not see (issue 24 part 4, Unleash's "private" collaboration
 * mode): everyone but admins (ADMIN root role or an all-projects admin token), the project's
 * members (a project role, directly or through a group) and tokens scoped to the project. One
 * read model for every layer: the guard answers 404 on direct access, lists leave these out.
 */
export async function hiddenProjectsOf(db: Queryable, caller: Caller): Promise<ReadonlySet<string>> {
  if (caller.kind === 'api-token') {
    if (caller.scope.allProjects) return NOTHING_HIDDEN;
    const rows = await db.selectFrom('projects').select('id').where('mode', '=', 'private').execute();
    const allowed = new Set(caller.scope.projects);
    return new Set(rows.map((row) => row.id).filter((id) => !allowed.has(id)));
  }
  if (caller.kind === 'user') {
    if (caller.grants.admin) return NOTHING_HIDDEN;
    const { rows } = await sql<{ id: string }>`
      select p.id from projects p
      where p.mode = 'private'
        and not exists (select 1 from role_user ru where ru.user_id = ${caller.id} and ru.project = p.id)
        and not exists (
          select 1 from group_role gr join group_user gu on gu.group_id = gr.group_id
          where gu.user_id = ${caller.id} and gr.project = p.id)`.execute(db);
    return new Set(rows.map((row) => row.id));
  }
  const rows = await db.selectFrom('projects').select('id').where('mode', '=', 'private').execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether a caller may submit change requests to a project (Unleash's "protected" collaboration
 * mode, issue 24 part 4): in an open project anyone who may write; in a protected or private one
 * only admins, the project's members (directly or through a group) and tokens scoped to it.
 */
export async function maySubmitChangeRequests(
  db: Queryable,
  caller: Caller,
  project: string,
): Promise<boolean> {
  const row = await db.selectFrom('projects').select('mode').where('id', '=', project).executeTakeFirst();
  if (!row || row.mode === 'open') return true;
  if (caller.kind === 'api-token') return caller.scope.allProjects || caller.scope.projects.includes(project);
  if (caller.kind !== 'user') return false;
  if (caller.grants.admin) return true;
  const { rows } = await sql<{ member: boolean }>`
    select exists (select 1 from role_user ru where ru.user_id = ${caller.id} and ru.project = ${project})
        or exists (
          select 1 from group_role gr join group_user gu on gu.group_id = gr.group_id
          where gu.user_id = ${caller.id} and gr.project = ${project}) as member`.execute(db);
  return rows[0]?.member === true;
}
