import { type Static, type TSchema, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { VariantSchema } from './client-features';
import { CreateDependentFeatureSchema } from './dependencies';
import {
  CreateFeatureStrategySchema,
  SetStrategySortOrderSchema,
  UpdateFeatureStrategySchema,
} from './features';
import { UpsertSegmentSchema } from './segments';

/**
 * Change requests (issue 13; shared/unleash/API.md §6 "Change Requests" and §10.1, SCHEMAS.md
 * `changeRequest*`): the wire types of all 20 operations, shared by the server and the console.
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

// ---- Changes (changeRequestCreateSchema) -------------------------------------------------

/** Actions that change a flag (they carry `feature`). */
export const FEATURE_CHANGE_ACTIONS = [
  'updateEnabled',
  'addStrategy',
  'updateStrategy',
  'deleteStrategy',
  'reorderStrategy',
  'patchVariant',
  'archiveFeature',
  'addDependency',
  'deleteDependency',
] as const;
/** Actions that change a segment (no `feature`). */
export const SEGMENT_CHANGE_ACTIONS = ['updateSegment', 'deleteSegment'] as const;
/** Release-plan actions (issue 14): checked against RELEASE_PLAN_CHANGE_PAYLOAD_SCHEMAS. */
export const RELEASE_PLAN_CHANGE_ACTIONS = [
  'updateMilestoneStrategy',
  'addReleasePlan',
  'startMilestone',
  'deleteReleasePlan',
  'changeMilestoneProgression',
  'deleteMilestoneProgression',
  'resumeMilestoneProgression',
  'changeSafeguard',
  'deleteSafeguard',
] as const;
export type FeatureChangeAction = (typeof FEATURE_CHANGE_ACTIONS)[number];
export type SegmentChangeAction = (typeof SEGMENT_CHANGE_ACTIONS)[number];
export type SupportedChangeAction = FeatureChangeAction | SegmentChangeAction;
export type ChangeAction = SupportedChangeAction | (typeof RELEASE_PLAN_CHANGE_ACTIONS)[number];

export const UpdateEnabledPayloadSchema = Type.Object({
  enabled: Type.Boolean(),
  shouldActivateDisabledStrategies: Type.Optional(Type.Boolean()),
});
export const UpdateStrategyPayloadSchema = Type.Intersect([
  Type.Object({ id: Type.String({ minLength: 1 }) }),
  UpdateFeatureStrategySchema,
]);
export const DeleteStrategyPayloadSchema = Type.Object({ id: Type.String({ minLength: 1 }) });
export const PatchVariantPayloadSchema = Type.Object({ variants: Type.Array(VariantSchema) });
export const UpdateSegmentPayloadSchema = Type.Intersect([
  Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
  UpsertSegmentSchema,
]);
export const DeleteSegmentPayloadSchema = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});

/**
 * The payload schema of every supported action; `null` for actions without a payload. The
 * service checks a change against it, so one bad change answers a 400 naming the action.
 */
export const CHANGE_PAYLOAD_SCHEMAS: Record<SupportedChangeAction, TSchema | null> = {
  updateEnabled: UpdateEnabledPayloadSchema,
  addStrategy: CreateFeatureStrategySchema,
  updateStrategy: UpdateStrategyPayloadSchema,
  deleteStrategy: DeleteStrategyPayloadSchema,
  reorderStrategy: SetStrategySortOrderSchema,
  patchVariant: PatchVariantPayloadSchema,
  archiveFeature: null,
  addDependency: CreateDependentFeatureSchema,
  deleteDependency: null,
  updateSegment: UpdateSegmentPayloadSchema,
  deleteSegment: DeleteSegmentPayloadSchema,
};

/**
 * One change as posted. The envelope is checked by the route; the payload per action by the
 * service (CHANGE_PAYLOAD_SCHEMAS), so the answer names what is wrong instead of listing every
 * branch of a 20-way union.
 */
export const ChangeRequestCreateSchema = Type.Object({
  feature: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  action: Type.String({ minLength: 1, maxLength: 100 }),
  payload: Type.Optional(Type.Unknown()),
});
export type ChangeRequestCreate = Static<typeof ChangeRequestCreateSchema>;

export const ChangeRequestOneOrManyCreateSchema = Type.Union([
  ChangeRequestCreateSchema,
  Type.Array(ChangeRequestCreateSchema, { minItems: 1, maxItems: 100 }),
]);
export type ChangeRequestOneOrManyCreate = Static<typeof ChangeRequestOneOrManyCreateSchema>;

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

// ---- Read models of the list endpoints -------------------------------------------------------

export const ChangeRequestsCountSchema = Type.Object({
  total: Type.Integer(),
  applied: Type.Integer(),
  rejected: Type.Integer(),
  reviewRequired: Type.Integer(),
  approved: Type.Integer(),
  scheduled: Type.Integer(),
});
export type ChangeRequestsCount = Static<typeof ChangeRequestsCountSchema>;

export const ActionableChangeRequestsSchema = Type.Object({ total: Type.Integer({ minimum: 0 }) });
export type ActionableChangeRequests = Static<typeof ActionableChangeRequestsSchema>;

export const ChangeRequestReviewerSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.Optional(Nullable(Type.String())),
  name: Type.Optional(Nullable(Type.String())),
  imageUrl: Type.Optional(Nullable(Type.String())),
});
export type ChangeRequestReviewer = Static<typeof ChangeRequestReviewerSchema>;
export const ChangeRequestAvailableReviewersSchema = Type.Object({
  reviewers: Type.Array(ChangeRequestReviewerSchema),
});

export const ScheduledChangeRequestViewModelSchema = Type.Object({
  id: Type.Integer(),
  environment: Type.String(),
  title: Type.Optional(Type.String()),
});
export const ChangeRequestScheduledResultSchema = Type.Array(ScheduledChangeRequestViewModelSchema);
export const ScheduledChangeRequestsQuerySchema = Type.Object({
  strategyId: Type.Optional(Type.String()),
  feature: Type.Optional(Type.String()),
});

export const ChangeRequestSearchItemSchema = Type.Object({
  id: Type.Integer(),
  title: Type.Optional(Type.String()),
  environment: Type.String(),
  project: Type.String(),
  createdBy: ChangeRequestUserSchema,
  createdAt: DateTimeSchema,
  features: Type.Array(Type.String()),
  segments: Type.Array(Type.String()),
  state: ChangeRequestStateSchema,
  schedule: Type.Optional(ChangeRequestScheduleSchema),
});
export type ChangeRequestSearchItem = Static<typeof ChangeRequestSearchItemSchema>;
export const ChangeRequestSearchResponseSchema = Type.Object({
  changeRequests: Type.Array(ChangeRequestSearchItemSchema),
  total: Type.Integer(),
});
export type ChangeRequestSearchResponse = Static<typeof ChangeRequestSearchResponseSchema>;
/** `GET /api/admin/search/change-requests` filters (IS:/IS_ANY_OF: strings as Unleash's other searches). */
export const ChangeRequestSearchQuerySchema = Type.Object({
  createdBy: Type.Optional(Type.String()),
  requestedApproverId: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  offset: Type.Optional(Type.String()),
  limit: Type.Optional(Type.String()),
});
export type ChangeRequestSearchQuery = Static<typeof ChangeRequestSearchQuerySchema>;

/** The cap on a project's change-request list (issue 13). */
export const CHANGE_REQUEST_LIST_LIMIT = 300;

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
