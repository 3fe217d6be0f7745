import { missingPermission, type ReviewRights } from './change-request-permissions';
import type { ChangeRequest } from './change-request-types';

/** Applied, Cancelled and Rejected are final: no step is left, so the card says what happened. */
export const FINAL_WORDS: Partial<Record<ChangeRequest['state'], string>> = {
  Applied: 'Applied: the changes are live for SDKs.',
  Cancelled: 'Cancelled: nothing of it was applied.',
  Rejected: 'Rejected: nothing of it was applied.',
};

/** An approved request is applied or scheduled; a scheduled one applied now or rescheduled. */
export const LATER_STEP_WORDS = {
  Approved: { applyKey: 'apply', apply: 'Apply changes', scheduleKey: 'schedule', schedule: 'Schedule' },
  Scheduled: { applyKey: 'apply-now', apply: 'Apply now', scheduleKey: 'reschedule', schedule: 'Reschedule' },
} as const;

/**
 * Why the caller may not approve this request, or null. Admins approve their own requests too
 * (Unleash docs, "Change request permissions"); any other author needs another reviewer.
 */
export function approveReason(
  rights: ReviewRights,
  request: ChangeRequest,
  mine: boolean,
  approvedByMe: boolean,
) {
  if (mine && rights.admin !== true) return 'You cannot approve your own change request.';
  if (approvedByMe) return 'You already approved this change request.';
  return rights.approve === false ? missingPermission('approve', request.environment) : null;
}

/**
 * A reviewer rejects; a scheduled request is also rejected by its author or an admin, which drops
 * its schedule (Unleash's docs: a scheduled request is rescheduled, applied now or rejected).
 */
export function rejectReason(rights: ReviewRights, request: ChangeRequest, mine: boolean) {
  if (request.state === 'Scheduled' && (mine || rights.admin)) return null;
  if (mine) return 'Cancel your own request instead.';
  return rights.approve === false ? missingPermission('approve', request.environment) : null;
}

/** `datetime-local` wants local wall-clock time without seconds or zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
