import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import {
  ChangeRequestScheduleSchema,
  ChangeRequestStateSchema,
  ChangeRequestUserSchema,
} from './change-requests';

/**
 * Read models of the change-request list, count, reviewer, schedule and search endpoints
 * (issue 13; shared/unleash/API.md §6 "Change Requests").
 */

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
