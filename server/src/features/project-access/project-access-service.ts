import type { Db } from '../../db/database';
import type { ProjectCatalog } from '../access';
import type { GroupService } from '../groups';
import type { UserService } from '../users';
import { createProjectAccessReadService } from './project-access-read-service';
import { createProjectAccessWriteService } from './project-access-write-service';

export type ProjectAccessService = ReturnType<typeof createProjectAccessService>;

/**
 * Who has access to a project, and the views that combine users, groups and roles: the roles
 * of the signed-in user in a project, everyone a project can be shared with, and a user's
 * effective permissions (shared/unleash/API.md §10.7).
 */
export function createProjectAccessService(
  db: Db,
  deps: { users: UserService; groups: GroupService; catalog: ProjectCatalog },
) {
  const all = { db, ...deps };
  return { ...createProjectAccessReadService(all), ...createProjectAccessWriteService(all) };
}
