export { applyChangeRequest, findConflicts } from './change-request-apply';
export { getChangeRequestConfig } from './change-request-config';
// Imports into a governed environment queue their environment changes (issue 18).
export { draftChangesInTransaction } from './change-request-drafts';
// The playground evaluates a change request as if applied (issue 15).
export { previewChangeRequest } from './change-request-preview';
export { changeRequestReadRoutes } from './change-request-read-routes';
export {
  authorKey,
  type ChangeRequestRecord,
  type ChangeRequestRow,
  type ChangeRequestSettingRow,
  type ChangeRow,
  type CommentRow,
  getChangeRequestRecord,
  getChangeRequestRow,
  getSchedule,
  listChangeRequestSettings,
  listEnvironmentsWithChangeRequests,
  listRequestedApproverIds,
  loadChangeRequestRecords,
  type ReviewRow,
  realUserId,
  type ScheduleRow,
  selectChangeRequestRows,
  toChangeRequestRow,
} from './change-request-read-store';
export { changeRequestRoutes, readChangeRequest } from './change-request-routes';
export { changeRequestScheduleJob, type DueSchedule } from './change-request-schedule';
export { insertComment, setChangeRequestTitle } from './change-request-store';
export { type ScheduleListener, updateChangeRequestState } from './change-request-transitions';
export {
  type ChangeRequestConflicts,
  NO_CONFLICTS,
  toChangeRequestListItem,
  toChangeRequestView,
} from './change-request-view';
export { changeRequestRequired, directWriteCheckFor, registerDirectWriteCheck } from './direct-write-check';
