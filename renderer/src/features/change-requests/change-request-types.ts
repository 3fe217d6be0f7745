/**
 * The wire shapes of change requests as the console reads them (shared/unleash/SCHEMAS.md
 * `changeRequest*`): the fields the screens use, so a server adding fields changes nothing here.
 */

export const CHANGE_REQUEST_STATES = [
  'Draft',
  'In review',
  'Approved',
  'Scheduled',
  'Applied',
  'Cancelled',
  'Rejected',
] as const;
export type ChangeRequestState = (typeof CHANGE_REQUEST_STATES)[number];

/** Open requests can still change; the others are final. */
export const OPEN_STATES: readonly ChangeRequestState[] = ['Draft', 'In review', 'Approved', 'Scheduled'];

export interface ChangeRequestUser {
  id?: number;
  username?: string | null;
  imageUrl?: string | null;
}

export interface ChangeRequestChange {
  id: number;
  action: string;
  payload?: unknown;
  conflict?: string;
  createdBy?: ChangeRequestUser;
  createdAt?: string;
}

export interface ChangeRequestFeature {
  name: string;
  conflict?: string;
  changes: ChangeRequestChange[];
}

export interface ChangeRequestSegmentChange extends ChangeRequestChange {
  name: string;
}

export interface ChangeRequestApproval {
  createdBy: ChangeRequestUser;
  createdAt: string;
}

export interface ChangeRequestComment {
  id?: number;
  text: string;
  createdBy: ChangeRequestUser;
  createdAt: string;
}

export type ChangeRequestSchedule =
  | { status: 'pending'; scheduledAt: string }
  | { status: 'failed'; scheduledAt: string; reason: string; failureReason?: string | null }
  | { status: 'suspended'; scheduledAt: string; reason: string };

export interface ChangeRequest {
  id: number;
  title?: string;
  environment: string;
  minApprovals?: number;
  project: string;
  features: ChangeRequestFeature[];
  segments: ChangeRequestSegmentChange[];
  approvals?: ChangeRequestApproval[];
  rejections?: ChangeRequestApproval[];
  comments?: ChangeRequestComment[];
  createdBy: ChangeRequestUser;
  createdAt: string;
  stateTimestamps?: Partial<Record<ChangeRequestState, string>>;
  state: ChangeRequestState;
  schedule?: ChangeRequestSchedule;
}

export interface ChangeRequestEnvironmentConfig {
  environment: string;
  type: string;
  changeRequestEnabled: boolean;
  requiredApprovals: number | null;
}
export type ChangeRequestConfig = ChangeRequestEnvironmentConfig[];

/** One change as `POST …/environments/{env}/change-requests` takes it (`changeRequestCreateSchema`). */
export interface ChangeRequestCreate {
  feature?: string;
  action: string;
  payload?: unknown;
}

export interface ChangeRequestReviewer {
  id: number;
  email?: string;
  username?: string | null;
  name?: string | null;
}
export interface ChangeRequestReviewers {
  reviewers: ChangeRequestReviewer[];
}

export interface ChangeRequestSearchItem {
  id: number;
  title?: string;
  environment: string;
  project: string;
  createdBy: ChangeRequestUser;
  createdAt: string;
  features: string[];
  segments: string[];
  state: ChangeRequestState;
  schedule?: ChangeRequestSchedule;
}
export interface ChangeRequestSearchResponse {
  changeRequests: ChangeRequestSearchItem[];
  total: number;
}

/** The number of changes a request holds: flag changes and segment changes. */
export function changeCount(request: Pick<ChangeRequest, 'features' | 'segments'>): number {
  return (
    request.features.reduce((sum, feature) => sum + feature.changes.length, 0) +
    (request.segments ?? []).length
  );
}

export const userName = (user: ChangeRequestUser | undefined) => user?.username || 'someone';
