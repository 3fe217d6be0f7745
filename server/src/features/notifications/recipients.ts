import type { Permission } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { grantsAllow, resolveGrants } from '../access';
import { candidateHolders, projectMemberIds } from './recipient-store';

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
  const candidates = await candidateHolders(db, permission);
  const holders: number[] = [];
  for (const id of candidates) {
    const grants = await resolveGrants(db, id);
    if (permission === 'ADMIN' ? grants.admin : grantsAllow(grants, permission, context)) holders.push(id);
  }
  return holders;
}

/**
 * The members of a project: human users holding a project role there, directly or through a
 * group (the members Unleash's notifications reach).
 */
export async function projectMembers(db: Queryable, project: string): Promise<number[]> {
  return projectMemberIds(db, project);
}
