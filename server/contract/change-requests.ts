import { type Static, type TSchema, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * Change requests (issue 13; shared/unleash/API.md §6 "Change Requests" and §10.1, SCHEMAS.md
 * `changeRequest*`): the wire types of all 20 operations, shared by the server and the console.
 * The changes a request carries are in change-request-changes.ts, the list read models in
 * change-request-lists.ts.
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
export const ChangeRequestStateSchema = Type.Union([
  Type.Literal('Draft'),
  Type.Literal('In review'),
  Type.Literal('Approved'),
  Type.Literal('Scheduled'),
  Type.Literal('Applied'),
  Type.Literal('Cancelled'),
  Type.Literal('Rejected'),
]);

/** States a request can still move out of. */
export const OPEN_CHANGE_REQUEST_STATES: readonly ChangeRequestState[] = [
  'Draft',
  'In review',
  'Approved',
  'Scheduled',
];

// ---- A change request as read (changeRequestSchema) ---------------------------------------

export const ChangeRequestUserSchema = Type.Object({
  id: Type.Optional(Nullable(Type.Integer())),
  username: Type.Optional(Nullable(Type.String())),
  imageUrl: Type.Optional(Nullable(Type.String())),
});
export type ChangeRequestUser = Static<typeof ChangeRequestUserSchema>;

export const ScheduleConflictsSchema = Type.Object({
  changeRequests: Type.Array(Type.Object({ id: Type.Integer(), title: Type.Optional(Type.String()) })),
});

/** What every change, of a flag or a segment, shows after its action and payload. */
const changeProvenance = {
  createdBy: Type.Optional(ChangeRequestUserSchema),
  createdAt: Type.Optional(DateTimeSchema),
  scheduleConflicts: Type.Optional(ScheduleConflictsSchema),
};

export const ChangeRequestChangeSchema = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  /** Why this change no longer fits the flag as it is now (e.g. "The strategy was deleted"). */
  conflict: Type.Optional(Type.String()),
  payload: Type.Optional(Type.Unknown()),
  ...changeProvenance,
});
export type ChangeRequestChange = Static<typeof ChangeRequestChangeSchema>;

export const ChangeRequestSegmentChangeSchema = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  name: Type.String(),
  conflict: Type.Optional(Type.String()),
  payload: Type.Unknown(),
  ...changeProvenance,
});
export type ChangeRequestSegmentChange = Static<typeof ChangeRequestSegmentChangeSchema>;

export const ChangeRequestDefaultChangeSchema = Type.Object({
  action: Type.String(),
  payload: Type.Unknown(),
});

export const ChangeRequestFeatureSchema = Type.Object({
  name: Type.String(),
  conflict: Type.Optional(Type.String()),
  changes: Type.Array(ChangeRequestChangeSchema),
  defaultChange: Type.Optional(ChangeRequestDefaultChangeSchema),
});
export type ChangeRequestFeature = Static<typeof ChangeRequestFeatureSchema>;

export const ChangeRequestApprovalSchema = Type.Object({
  createdBy: ChangeRequestUserSchema,
  createdAt: DateTimeSchema,
});
export type ChangeRequestApproval = Static<typeof ChangeRequestApprovalSchema>;

export const ChangeRequestCommentSchema = Type.Object({
  id: Type.Optional(Type.Integer()),
  text: Type.String(),
  createdBy: ChangeRequestUserSchema,
  createdAt: DateTimeSchema,
});
export type ChangeRequestComment = Static<typeof ChangeRequestCommentSchema>;

export const SCHEDULE_STATUSES = ['pending', 'failed', 'suspended'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** changeRequestScheduleSchema: `reason` is set for failed and suspended schedules. */
export const ChangeRequestScheduleSchema = Type.Object({
  scheduledAt: DateTimeSchema,
  status: Type.Union([Type.Literal('pending'), Type.Literal('failed'), Type.Literal('suspended')]),
  reason: Type.Optional(Type.String()),
  failureReason: Type.Optional(Nullable(Type.String())),
});
export type ChangeRequestSchedule = Static<typeof ChangeRequestScheduleSchema>;

/**
 * The fields a change request shows both read alone and in a list (in Unleash's order); the list
 * may leave out `minApprovals`.
 */
function changeRequestFields<MinApprovals extends TSchema>(minApprovals: MinApprovals) {
  return {
    id: Type.Integer(),
    title: Type.Optional(Type.String()),
    environment: Type.String(),
    minApprovals,
    project: Type.String(),
    features: Type.Array(ChangeRequestFeatureSchema),
    segments: Type.Array(ChangeRequestSegmentChangeSchema),
    approvals: Type.Optional(Type.Array(ChangeRequestApprovalSchema)),
    rejections: Type.Optional(Type.Array(ChangeRequestApprovalSchema)),
    comments: Type.Optional(Type.Array(ChangeRequestCommentSchema)),
    createdBy: ChangeRequestUserSchema,
    createdAt: DateTimeSchema,
  };
}

export const ChangeRequestSchema = Type.Object({
  ...changeRequestFields(Type.Integer()),
  stateTimestamps: Type.Record(Type.String(), DateTimeSchema),
  state: ChangeRequestStateSchema,
  /** Present when the request is Scheduled (or its schedule failed or was suspended). */
  schedule: Type.Optional(ChangeRequestScheduleSchema),
});
export type ChangeRequest = Static<typeof ChangeRequestSchema>;

/** changeRequestsSchema: the list shapes (no stateTimestamps). */
export const ChangeRequestListItemSchema = Type.Object({
  ...changeRequestFields(Type.Optional(Type.Integer())),
  state: ChangeRequestStateSchema,
  schedule: Type.Optional(ChangeRequestScheduleSchema),
});
export type ChangeRequestListItem = Static<typeof ChangeRequestListItemSchema>;
export const ChangeRequestsSchema = Type.Array(ChangeRequestListItemSchema);

// ---- Requests of the 20 operations --------------------------------------------------------

export const ChangeRequestProjectParamsSchema = Type.Object({ projectId: Type.String() });
export const ChangeRequestEnvironmentParamsSchema = Type.Object({
  projectId: Type.String(),
  environment: Type.String(),
});
/** Ids are PostgreSQL `serial`: bounded so an overflow answers 400, never 500. */
const IdSchema = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const ChangeRequestIdParamsSchema = Type.Object({ projectId: Type.String(), id: IdSchema });
export type ChangeRequestIdParams = Static<typeof ChangeRequestIdParamsSchema>;
export const ChangeRequestChangeParamsSchema = Type.Object({
  projectId: Type.String(),
  changeRequestId: IdSchema,
  changeId: IdSchema,
});
export type ChangeRequestChangeParams = Static<typeof ChangeRequestChangeParamsSchema>;
export const ChangeRequestFeatureParamsSchema = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
});
export const ChangeRequestReviewersParamsSchema = Type.Object({
  projectId: Type.String(),
  environment: Type.String(),
});

/** PUT …/{id}/state. `scheduledAt` only with `Scheduled`; `comment` with Rejected/Approved/Cancelled. */
export const UpdateChangeRequestStateSchema = Type.Object({
  state: ChangeRequestStateSchema,
  comment: Type.Optional(Type.String({ maxLength: 10000 })),
  scheduledAt: Type.Optional(DateTimeSchema),
});
export type UpdateChangeRequestState = Static<typeof UpdateChangeRequestStateSchema>;

export const ChangeRequestAddCommentSchema = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 10000 }),
});
export type ChangeRequestAddComment = Static<typeof ChangeRequestAddCommentSchema>;

export const UpdateChangeRequestTitleSchema = Type.Object({ title: Type.String({ maxLength: 255 }) });
export type UpdateChangeRequestTitle = Static<typeof UpdateChangeRequestTitleSchema>;

/** PUT …/{id}/approvers: the users asked to review. */
export const UpdateRequestedApproversSchema = Type.Object({
  reviewers: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 100 }),
});
export type UpdateRequestedApprovers = Static<typeof UpdateRequestedApproversSchema>;

// ---- Configuration -------------------------------------------------------------------------

export const ChangeRequestEnvironmentConfigSchema = Type.Object({
  environment: Type.String(),
  type: Type.String(),
  changeRequestEnabled: Type.Boolean(),
  requiredApprovals: Nullable(Type.Integer()),
});
export type ChangeRequestEnvironmentConfig = Static<typeof ChangeRequestEnvironmentConfigSchema>;
export const ChangeRequestConfigSchema = Type.Array(ChangeRequestEnvironmentConfigSchema);

/** `requiredApprovals` outside 1..10 is clamped, not refused (issue 13). */
export const UpdateChangeRequestEnvironmentConfigSchema = Type.Object({
  changeRequestsEnabled: Type.Boolean(),
  requiredApprovals: Type.Optional(Nullable(Type.Integer())),
});
export type UpdateChangeRequestEnvironmentConfig = Static<typeof UpdateChangeRequestEnvironmentConfigSchema>;
export const MIN_REQUIRED_APPROVALS = 1;
export const MAX_REQUIRED_APPROVALS = 10;

/** Required approvals outside 1..10 are clamped, not refused (issue 13); a missing value means 1. */
export function clampRequiredApprovals(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return MIN_REQUIRED_APPROVALS;
  return Math.min(MAX_REQUIRED_APPROVALS, Math.max(MIN_REQUIRED_APPROVALS, Math.trunc(value)));
}

/** Event types of the change-request lifecycle (API.md §8.3). */
export const CHANGE_REQUEST_EVENT_TYPES = {
  created: 'change-request-created',
  discarded: 'change-request-discarded',
  changeAdded: 'change-added',
  changeDiscarded: 'change-discarded',
  changeEdited: 'change-edited',
  rejected: 'change-request-rejected',
  approved: 'change-request-approved',
  approvalAdded: 'change-request-approval-added',
  cancelled: 'change-request-cancelled',
  sentToReview: 'change-request-sent-to-review',
  scheduleSuspended: 'change-request-schedule-suspended',
  applied: 'change-request-applied',
  scheduled: 'change-request-scheduled',
  scheduledApplicationSuccess: 'change-request-scheduled-application-success',
  scheduledApplicationFailure: 'change-request-scheduled-application-failure',
  configurationUpdated: 'change-request-configuration-updated',
  requestedApproversUpdated: 'change-request-requested-approvers-updated',
  commentAdded: 'change-request-comment-added',
} as const;
