import type { Queryable } from '../../db/queryable';
import { getProjectEnvironments as readProjectEnvironments } from './project-environment-store';
import {
  memberCounts as readMemberCounts,
  membersAddedSince as readMembersAddedSince,
} from './project-member-store';
import {
  projectCounts as readProjectCounts,
  projectFlagCounts as readProjectFlagCounts,
} from './project-read-store';
import { getProject as readProject } from './project-store';

export type { ProjectEnvironmentRow } from './project-environment-store';
export type { ProjectRow } from './project-store';

/**
 * The project reads other domains make (feature toggles, insights, the personal dashboard):
 * functions of this domain's public surface, so that no other domain holds one of its stores.
 */
export const getProject = (q: Queryable, id: string, lock = false) => readProject(q, id, lock);
export const getProjectEnvironments = (q: Queryable, project: string) => readProjectEnvironments(q, project);
export const projectCounts = (q: Queryable, ids?: readonly string[]) => readProjectCounts(q, ids);
export const projectFlagCounts = (q: Queryable, project: string) => readProjectFlagCounts(q, project);
export const memberCounts = (q: Queryable, ids: readonly string[]) => readMemberCounts(q, ids);
export const membersAddedSince = (q: Queryable, project: string, since: Date) =>
  readMembersAddedSince(q, project, since);
