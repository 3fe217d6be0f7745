import { sql } from 'kysely';
import type { AccessOverview } from '../../../contract';
import type { Queryable } from '../../db/queryable';

/**
 * `GET /api/admin/access/overview` (issue 31 §5): each human user with their root role, their
 * groups and the projects they hold a role in, directly or through one of their groups.
 */
export async function accessOverview(db: Queryable): Promise<AccessOverview> {
  const { rows } = await sql<{
    id: number;
    name: string | null;
    username: string | null;
    email: string | null;
    created_at: Date | null;
    seen_at: Date | null;
    root_role: string | null;
    groups: string[];
    projects: string[];
  }>`
    select u.id, u.name, u.username, u.email, u.created_at, u.seen_at,
      (select r.name from role_user ru join roles r on r.id = ru.role_id
        where ru.user_id = u.id and ru.project is null order by ru.id limit 1) as root_role,
      coalesce((select array_agg(g.name order by g.name) from group_user gu join groups g on g.id = gu.group_id
        where gu.user_id = u.id), '{}') as groups,
      coalesce((select array_agg(distinct p.project order by p.project) from (
          select ru.project from role_user ru where ru.user_id = u.id and ru.project is not null
          union
          select gr.project from group_role gr join group_user gu on gu.group_id = gr.group_id
           where gu.user_id = u.id and gr.project is not null
        ) p), '{}') as projects
    from users u
    where u.is_service = false
    order by u.id
  `.execute(db);
  return {
    overview: rows.map((row) => ({
      userId: row.id,
      createdAt: row.created_at?.toISOString() ?? null,
      userName: row.name ?? row.username,
      lastSeen: row.seen_at?.toISOString() ?? null,
      accessibleProjects: row.projects,
      groups: row.groups,
      rootRole: row.root_role ?? '',
      userEmail: row.email ?? '',
    })),
  };
}
