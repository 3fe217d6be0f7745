import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

// Project membership counts: users with a project role of their own or through a group.

/**
 * Members per project as Unleash counts them: distinct users holding a project role directly or
 * through a group with a role in the project.
 */
export async function memberCounts(db: Queryable, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ project: string; count: number }>`
    select project, count(distinct user_id)::int as count from (
      select project, user_id from role_user where project in (${sql.join([...ids])})
      union
      select gr.project, gu.user_id from group_role gr join group_user gu on gu.group_id = gr.group_id
      where gr.project in (${sql.join([...ids])})
    ) members
    group by project`.execute(db);
  return new Map(rows.map((row) => [row.project, Number(row.count)]));
}

/**
 * Users who became members of a project since `since` (Unleash's member "change"): a project role
 * given to them, or to a group they are in, since then.
 */
export async function membersAddedSince(db: Queryable, project: string, since: Date): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(distinct user_id)::int as count from (
      select user_id from role_user where project = ${project} and created_at >= ${since}
      union
      select gu.user_id from group_role gr join group_user gu on gu.group_id = gr.group_id
      where gr.project = ${project} and gr.created_at >= ${since}
    ) added`.execute(db);
  return Number(rows[0]?.count ?? 0);
}
