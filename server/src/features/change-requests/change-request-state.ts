import type { ChangeRequestState } from '../../../contract';
import { ApiError, conflict } from '../../lib/errors';
import { invalidRequest } from '../../lib/validation-errors';
import { permissionDenied } from '../access';

/**
 * The change-request state machine (issue 13; API.md §10.1), pure so every (from, to, who)
 * pair is unit-tested: Draft → In review → Approved → Applied, Approved → Scheduled → Applied,
 * Rejected by a reviewer (a Scheduled one also by its author or an admin, which drops the
 * schedule), approved by a reviewer other than the author unless the author is an admin, Cancelled by the author from any open state. Applied, Cancelled and
 * Rejected are final. Refusals: 409 ConflictError for a move the current state does not allow,
 * 403 PermissionError for a missing permission, 403 NoAccessError for the author rules,
 * 400 BadDataError for a request that cannot be sent (no changes, a schedule in the past).
 */

/** Who asks, as far as the rules care. */
export interface TransitionCaller {
  isAuthor: boolean;
  /** Holds ADMIN (the Admin root role or an admin API token). */
  isAdmin: boolean;
  /** A real user: approvals and rejections are counted per user. */
  isUser: boolean;
  canApprove: boolean;
  canApply: boolean;
}

export interface TransitionRequest {
  from: ChangeRequestState;
  to: ChangeRequestState;
  changeCount: number;
  scheduledAt?: Date;
  now: Date;
}

/**
 * What the service must do: `approve` records an approval (the request becomes Approved once
 * enough are in); the others move the request to `to`.
 */
export type TransitionPlan =
  | { kind: 'send-to-review' }
  | { kind: 'approve' }
  | { kind: 'reject' }
  | { kind: 'apply' }
  | { kind: 'schedule'; scheduledAt: Date; reschedule: boolean }
  | { kind: 'cancel' };

/** The states in which the author's new changes join a request, and it may be edited (issue 31 §2). */
export const JOINABLE_STATES: readonly ChangeRequestState[] = ['Draft', 'In review', 'Approved'];

export const FINAL_STATES: ReadonlySet<ChangeRequestState> = new Set(['Applied', 'Cancelled', 'Rejected']);

const ALLOWED_FROM: Record<ChangeRequestState, readonly ChangeRequestState[]> = {
  Draft: [],
  'In review': ['Draft'],
  Approved: ['In review'],
  Scheduled: ['Approved', 'Scheduled'],
  Applied: ['Approved', 'Scheduled'],
  Rejected: ['In review', 'Approved', 'Scheduled'],
  Cancelled: ['Draft', 'In review', 'Approved', 'Scheduled'],
};

const noAccess = (message: string) => new ApiError('NoAccessError', message);

export function planTransition(request: TransitionRequest, caller: TransitionCaller): TransitionPlan {
  const { from, to } = request;
  if (!ALLOWED_FROM[to].includes(from)) {
    throw conflict(
      FINAL_STATES.has(from)
        ? `The change request is ${from}: it cannot change any more.`
        : `A change request cannot go from "${from}" to "${to}".`,
    );
  }
  switch (to) {
    case 'In review':
      if (!caller.isAuthor && !caller.isAdmin) {
        throw noAccess('Only the author of a change request can send it to review.');
      }
      if (request.changeCount === 0) throw invalidRequest('A change request needs at least one change.');
      return { kind: 'send-to-review' };
    case 'Approved':
      if (!caller.canApprove) throw permissionDenied(['APPROVE_CHANGE_REQUEST']);
      // Admins approve (and apply) their own requests; any other author needs another reviewer
      // (Unleash docs, "Change request permissions").
      if (caller.isAuthor && !caller.isAdmin) throw noAccess('You cannot approve your own change request.');
      if (!caller.isUser) throw noAccess('Change requests are approved by users, not API tokens.');
      return { kind: 'approve' };
    case 'Rejected':
      // A scheduled request is also rejected by its author or an admin, to stop the schedule
      // (Unleash docs, "Scheduled change requests": rescheduled, applied now, or rejected).
      if (!(from === 'Scheduled' && (caller.isAuthor || caller.isAdmin))) {
        if (!caller.canApprove) throw permissionDenied(['APPROVE_CHANGE_REQUEST']);
        if (caller.isAuthor) throw noAccess('You cannot reject your own change request; cancel it instead.');
      }
      if (!caller.isUser) throw noAccess('Change requests are rejected by users, not API tokens.');
      return { kind: 'reject' };
    case 'Applied':
      if (!caller.canApply) throw permissionDenied(['APPLY_CHANGE_REQUEST']);
      return { kind: 'apply' };
    case 'Scheduled': {
      if (!caller.canApply) throw permissionDenied(['APPLY_CHANGE_REQUEST']);
      const at = request.scheduledAt;
      if (!at) throw invalidRequest('Scheduling a change request needs "scheduledAt".');
      if (at.getTime() <= request.now.getTime()) throw invalidRequest('"scheduledAt" must be in the future.');
      return { kind: 'schedule', scheduledAt: at, reschedule: from === 'Scheduled' };
    }
    case 'Cancelled':
      if (!caller.isAuthor && !caller.isAdmin) {
        throw noAccess('Only the author of a change request can cancel it.');
      }
      return { kind: 'cancel' };
    default:
      throw conflict(`A change request cannot go from "${from}" to "${to}".`);
  }
}
