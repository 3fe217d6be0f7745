import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';

export interface PersonRow {
  id: number;
  name: string | null;
  username: string | null;
  email: string | null;
}

/** The reads of the personal dashboard (issue 31 §5). */
export const personalDashboardStore = {
  /** Projects the user holds a role in (directly or through a group) or has favourited, not archived. */
  async projectsOf(db: Queryable, userId: number): Promise<Array<{ id: string; name: string }>> {
    const { rows } = await sql<{ id: string; name: string }>`
      select p.id, p.name from projects p
      where p.archived_at is null and p.id in (
        select project from role_user where user_id = ${userId} and project is not null
        union
        select gr.project from group_role gr join group_user gu on gu.group_id = gr.group_id
         where gu.user_id = ${userId} and gr.project is not null
        union
        select project from favorite_projects where user_id = ${userId}
      )
      order by p.name, p.id`.execute(db);
    return rows;
  },

  /** Flags the user created or favourited, not archived. */
  async flagsOf(
    db: Queryable,
    userId: number,
  ): Promise<Array<{ name: string; project: string; type: string }>> {
    const { rows } = await sql<{ name: string; project: string; type: string }>`
      select f.name, f.project, f.type from features f
      where f.archived_at is null
        and (f.created_by_user_id = ${userId}
             or exists (select 1 from favorite_features ff where ff.feature_name = f.name and ff.user_id = ${userId}))
      order by f.name`.execute(db);
    return rows;
  },

  /** Users holding the Admin root role. */
  async admins(db: Queryable): Promise<PersonRow[]> {
    const { rows } = await sql<PersonRow>`
      select distinct u.id, u.name, u.username, u.email from users u
      join role_user ru on ru.user_id = u.id and ru.project is null
      join roles r on r.id = ru.role_id and r.name = 'Admin' and r.type = 'root'
      where u.is_service = false and u.deactivated_at is null
      order by u.id`.execute(db);
    return rows;
  },

  /** Users holding the Owner role of a project (of `project`, or of any project). */
  async ownerUsers(db: Queryable, project?: string): Promise<PersonRow[]> {
    const { rows } = await sql<PersonRow>`
      select distinct u.id, u.name, u.username, u.email from users u
      join role_user ru on ru.user_id = u.id and ru.project is not null
      join roles r on r.id = ru.role_id and r.name = 'Owner' and r.type = 'project'
      where u.is_service = false ${project === undefined ? sql`` : sql`and ru.project = ${project}`}
      order by u.id`.execute(db);
    return rows;
  },

  async ownerGroups(db: Queryable, project: string): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`
      select distinct g.name from groups g
      join group_role gr on gr.group_id = g.id and gr.project = ${project}
      join roles r on r.id = gr.role_id and r.name = 'Owner' and r.type = 'project'
      order by g.name`.execute(db);
    return rows.map((row) => row.name);
  },

  /** The user's project roles in a project, directly or through a group. */
  async rolesIn(
    db: Queryable,
    userId: number,
    project: string,
  ): Promise<Array<{ id: number; name: string; type: string }>> {
    const { rows } = await sql<{ id: number; name: string; type: string }>`
      select distinct r.id, r.name, r.type from roles r
      where r.id in (
        select role_id from role_user where user_id = ${userId} and project = ${project}
        union
        select gr.role_id from group_role gr join group_user gu on gu.group_id = gr.group_id
         where gu.user_id = ${userId} and gr.project = ${project}
      )
      order by r.id`.execute(db);
    return rows;
  },

  async latestEvents(
    db: Queryable,
    project: string,
    limit: number,
  ): Promise<
    Array<{
      id: number;
      type: string;
      created_by: string;
      feature_name: string | null;
      environment: string | null;
      created_at: Date;
    }>
  > {
    return db
      .selectFrom('events')
      .select(['id', 'type', 'created_by', 'feature_name', 'environment', 'created_at'])
      .where('project', '=', project)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** What the onboarding status is worked out from. */
  async onboardingFacts(
    db: Queryable,
    project: string,
  ): Promise<{ latestFlag: string | null; sdkRegistered: boolean; metricsReceived: boolean }> {
    const { rows } = await sql<{
      latest_flag: string | null;
      sdk_registered: boolean;
      metrics_received: boolean;
    }>`
      select
        (select name from features where project = ${project} order by created_at desc, name limit 1) as latest_flag,
        exists (select 1 from client_applications_usage where project = ${project}) as sdk_registered,
        exists (select 1 from client_metrics_env m join features f on f.name = m.feature_name
                 where f.project = ${project}) as metrics_received`.execute(db);
    const row = rows[0];
    return {
      latestFlag: row?.latest_flag ?? null,
      sdkRegistered: row?.sdk_registered ?? false,
      metricsReceived: row?.metrics_received ?? false,
    };
  },
};
