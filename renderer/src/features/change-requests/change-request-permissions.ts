import type { Permission } from '../../../../server/contract/permissions';
import type { Me } from '../../api/types';
import { holdsPermission } from '../../stores/permissions';
import { useServerData } from '../../stores/use-server-data';

/**
 * What the signed-in user may do with change requests in one project environment, from the
 * grants `GET /api/admin/user` lists, so a step they may not take is disabled with its reason
 * before they click (issue 31 §2) rather than answered 403. `null` while unknown (no answer yet,
 * or a server without the identity API): the server still decides.
 */
export interface ReviewRights {
  approve: boolean | null;
  apply: boolean | null;
  admin: boolean | null;
}

type Grant = Me['permissions'][number];

/** The console-wide model decides (stores/permissions): `*` environments, ADMIN, root roles on `default`. */
export function holds(
  grants: readonly Grant[],
  permission: Permission,
  project: string,
  environment: string,
) {
  return holdsPermission(grants, permission, { project, environment }) === true;
}

export function reviewRights(grants: readonly Grant[] | undefined, project: string, environment: string) {
  if (!grants) return { approve: null, apply: null, admin: null };
  return {
    approve: holds(grants, 'APPROVE_CHANGE_REQUEST', project, environment),
    apply: holds(grants, 'APPLY_CHANGE_REQUEST', project, environment),
    admin: grants.some((grant) => grant.permission === 'ADMIN' && grant.project === undefined),
  };
}

export function useReviewRights(project: string, environment: string): ReviewRights {
  const me = useServerData('me-grants', (api) => api.me());
  return reviewRights(me.data?.permissions, project, environment);
}

/** Why a step needing `permission` is disabled (only admins and custom project roles grant them). */
export const missingPermission = (step: 'approve' | 'apply', environment: string) =>
  `${step === 'approve' ? 'Approving and rejecting' : 'Applying and scheduling'} in ${environment} needs the ${
    step === 'approve' ? 'APPROVE_CHANGE_REQUEST' : 'APPLY_CHANGE_REQUEST'
  } permission there: an admin grants it with a custom project role.`;
