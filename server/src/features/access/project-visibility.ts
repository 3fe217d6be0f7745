import type { Queryable } from '../../db/queryable';
import type { Caller } from '../../lib/caller';
import {
  isProjectMember,
  privateProjectIds,
  privateProjectsWithoutMember,
  projectMode,
} from './project-visibility-store';

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
    const allowed = new Set(caller.scope.projects);
    return new Set((await privateProjectIds(db)).filter((id) => !allowed.has(id)));
  }
  if (caller.kind === 'user') {
    if (caller.grants.admin) return NOTHING_HIDDEN;
    return new Set(await privateProjectsWithoutMember(db, caller.id));
  }
  return new Set(await privateProjectIds(db));
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
  const mode = await projectMode(db, project);
  if (mode === undefined || mode === 'open') return true;
  if (caller.kind === 'api-token') return caller.scope.allProjects || caller.scope.projects.includes(project);
  if (caller.kind !== 'user') return false;
  if (caller.grants.admin) return true;
  return isProjectMember(db, caller.id, project);
}
