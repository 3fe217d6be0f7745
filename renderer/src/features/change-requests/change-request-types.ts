import type {
  ChangeRequestEnvironmentConfig,
  ChangeRequestListItem,
  ChangeRequestReviewer,
} from '../../../../server/contract';

/** The wire shapes of change requests (server/contract/change-requests.ts, shared with the server). */
export type {
  ChangeRequest,
  ChangeRequestChange,
  ChangeRequestCreate,
  ChangeRequestEnvironmentConfig,
  ChangeRequestFeature,
  ChangeRequestListItem,
  ChangeRequestReviewer,
  ChangeRequestSearchResponse,
  ChangeRequestState,
  ChangeRequestUser,
} from '../../../../server/contract';
export {
  CHANGE_REQUEST_STATES,
  OPEN_CHANGE_REQUEST_STATES as OPEN_STATES,
} from '../../../../server/contract';

export type ChangeRequestConfig = ChangeRequestEnvironmentConfig[];
export interface ChangeRequestReviewers {
  reviewers: ChangeRequestReviewer[];
}

/** The number of changes a request holds: flag changes and segment changes. */
export function changeCount(request: Pick<ChangeRequestListItem, 'features' | 'segments'>): number {
  return (
    request.features.reduce((sum, feature) => sum + feature.changes.length, 0) +
    (request.segments ?? []).length
  );
}

export const userName = (user: { username?: string | null } | undefined) => user?.username || 'someone';
