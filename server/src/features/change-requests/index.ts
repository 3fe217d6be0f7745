export { applyChangeRequest, findConflicts } from './change-request-apply';
export { changeRequestsEnabledIn, getChangeRequestConfig } from './change-request-config';
// Imports into a governed environment queue their environment changes (issue 18).
export { draftChangesInTransaction } from './change-request-drafts';
// The playground evaluates a change request as if applied (issue 15).
export { previewChangeRequest } from './change-request-preview';
export { changeRequestReadRoutes } from './change-request-read-routes';
export { getChangeRequestRecord, readChangeRequest } from './change-request-records';
export { changeRequestRoutes } from './change-request-routes';
export { changeRequestScheduleJob, type DueSchedule } from './change-request-schedule';
export { type ScheduleListener, updateChangeRequestState } from './change-request-transitions';
export {
  type ChangeRequestConflicts,
  NO_CONFLICTS,
  toChangeRequestListItem,
  toChangeRequestView,
} from './change-request-view';
export { changeRequestRequired, directWriteCheckFor, registerDirectWriteCheck } from './direct-write-check';
