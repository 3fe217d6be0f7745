import type { Db } from '../../db/database';
import { badData, notFound } from '../../lib/errors';
import type { ProjectCatalog, ProjectRoleRow } from '../access';
import type { GroupService } from '../groups';
import type { UserService } from '../users';

/** What the project-access services are built from. */
export interface ProjectAccessDeps {
  db: Db;
  users: UserService;
  groups: GroupService;
  catalog: ProjectCatalog;
}

/** Assignments of one user or group in a project, folded from role rows. */
export function fold(rows: ProjectRoleRow[]): Map<number, { roles: number[]; addedAt: Date }> {
  const result = new Map<number, { roles: number[]; addedAt: Date }>();
  for (const row of rows) {
    const entry = result.get(row.id);
    if (entry) {
      entry.roles.push(row.roleId);
      if (row.addedAt < entry.addedAt) entry.addedAt = row.addedAt;
    } else {
      result.set(row.id, { roles: [row.roleId], addedAt: row.addedAt });
    }
  }
  return result;
}

export async function assertProject(deps: ProjectAccessDeps, projectId: string): Promise<void> {
  if (!(await deps.catalog.projectExists(projectId))) throw notFound(`Could not find project ${projectId}`);
}

export async function assertUsers(deps: ProjectAccessDeps, ids: readonly number[]): Promise<void> {
  const found = new Set((await deps.users.records(ids)).map((user) => user.id));
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  if (missing.length > 0) throw badData(`No user found with id ${missing.join(', ')}`);
}

export async function assertGroups(deps: ProjectAccessDeps, ids: readonly number[]): Promise<void> {
  const found = new Set((await deps.groups.getMany(ids)).map((group) => group.id));
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  if (missing.length > 0) throw badData(`No group found with id ${missing.join(', ')}`);
}
