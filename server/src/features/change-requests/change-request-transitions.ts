import { CHANGE_REQUEST_EVENT_TYPES, type UpdateChangeRequestState } from '../../../contract';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { inTransaction } from '../../db/transaction';
import type { Caller } from '../../lib/caller';
import { callerHas } from '../access';
import { type Actor, appendEvent, type NewEvent } from '../events';
import { notifyReviewers } from '../notifications';
import { applyChangeRequest } from './change-request-apply';
import { isAdmin, isAuthor, lockChangeRequest, plainActor } from './change-request-drafts';
import {
  type ChangeRequestRow,
  countChanges,
  getChangeRequestSetting,
  listApprovals,
} from './change-request-read-store';
import { planTransition, type TransitionPlan } from './change-request-state';
import {
  addApproval,
  addRejection,
  deleteSchedule,
  insertComment,
  setChangeRequestMinApprovals,
  setChangeRequestState,
  upsertSchedule,
} from './change-request-store';

/** Told after a schedule commits, so the durable scheduler can arm its timer (cr-schedule wires it). */
export type ScheduleListener = (scheduled: { changeRequestId: number; scheduledAt: Date }) => void;

const E = CHANGE_REQUEST_EVENT_TYPES;

async function record(
  db: Queryable,
  request: ChangeRequestRow,
  actor: Actor,
  type: string,
  data: object = {},
): Promise<number> {
  const event: NewEvent = {
    type,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    project: request.project,
    environment: request.environment,
    data: { changeRequestId: request.id, ...data },
  };
  return appendEvent(db, event);
}

type Scheduled = { changeRequestId: number; scheduledAt: Date };

/** What the caller may do to the request now: the state machine's plan, or its refusal. */
async function planFor(
  trx: Queryable,
  request: ChangeRequestRow,
  input: { body: UpdateChangeRequestState; caller: Caller; actor: Actor; now?: Date },
): Promise<TransitionPlan> {
  const { body, caller, actor } = input;
  const context = { project: request.project, environment: request.environment };
  return planTransition(
    {
      from: request.state,
      to: body.state,
      changeCount: await countChanges(trx, request.id),
      ...(body.scheduledAt !== undefined ? { scheduledAt: new Date(body.scheduledAt) } : {}),
      now: input.now ?? new Date(),
    },
    {
      isAuthor: isAuthor(request, actor),
      isAdmin: isAdmin(caller),
      isUser: actor.userId !== null && actor.userId > 0,
      canApprove: callerHas(caller, 'APPROVE_CHANGE_REQUEST', context),
      canApply: callerHas(caller, 'APPLY_CHANGE_REQUEST', context),
    },
  );
}

async function sendToReview(trx: Queryable, request: ChangeRequestRow, actor: Actor): Promise<void> {
  // The required approvals as configured now, not when the draft was opened.
  const setting = await getChangeRequestSetting(trx, request.project, request.environment);
  if (setting) await setChangeRequestMinApprovals(trx, request.id, setting.requiredApprovals);
  await setChangeRequestState(trx, request.id, 'In review');
  const eventId = await record(trx, request, actor, E.sentToReview);
  // Issue 19: whoever may approve it learns it waits for them, with the event.
  await notifyReviewers(trx, {
    changeRequestId: request.id,
    project: request.project,
    environment: request.environment,
    title: request.title,
    author: actor,
    eventId,
  });
}

async function approve(trx: Queryable, request: ChangeRequestRow, actor: Actor): Promise<void> {
  await addApproval(trx, request.id, actor);
  await record(trx, request, actor, E.approvalAdded);
  // Counted per distinct user (one row per user); the threshold fixed when sent to review.
  const approvals = await listApprovals(trx, [request.id]);
  if (approvals.length >= request.minApprovals) {
    await setChangeRequestState(trx, request.id, 'Approved');
    await record(trx, request, actor, E.approved, { approvals: approvals.length });
  }
}

/** Carries out the plan in the caller's transaction; returns the schedule to arm, if any. */
async function carryOut(
  trx: Queryable,
  request: ChangeRequestRow,
  plan: TransitionPlan,
  { actor, comment }: { actor: Actor; comment: string | undefined },
): Promise<Scheduled | undefined> {
  switch (plan.kind) {
    case 'send-to-review':
      await sendToReview(trx, request, actor);
      return undefined;
    case 'approve':
      await approve(trx, request, actor);
      return undefined;
    case 'reject':
      await addRejection(trx, request.id, actor);
      await deleteSchedule(trx, request.id);
      await setChangeRequestState(trx, request.id, 'Rejected');
      await record(trx, request, actor, E.rejected, comment ? { comment } : {});
      return undefined;
    case 'apply':
      await applyChangeRequest(trx, request.id, actor);
      return undefined;
    case 'schedule':
      await upsertSchedule(trx, { changeRequestId: request.id, scheduledAt: plan.scheduledAt, actor });
      await setChangeRequestState(trx, request.id, 'Scheduled');
      await record(trx, request, actor, E.scheduled, {
        scheduledAt: plan.scheduledAt.toISOString(),
        rescheduled: plan.reschedule,
      });
      return { changeRequestId: request.id, scheduledAt: plan.scheduledAt };
    case 'cancel':
      await deleteSchedule(trx, request.id);
      await setChangeRequestState(trx, request.id, 'Cancelled');
      await record(trx, request, actor, E.cancelled);
      return undefined;
  }
}

/**
 * PUT …/change-requests/{id}/state: one transaction per transition, holding the request's row
 * lock, with its events (and the comment, when one is given).
 */
export async function updateChangeRequestState(
  db: Db,
  input: {
    project: string;
    id: number;
    body: UpdateChangeRequestState;
    caller: Caller;
    actor: Actor;
    onScheduled?: ScheduleListener;
    now?: Date;
  },
): Promise<void> {
  const actor = plainActor(input.actor);
  const { body } = input;
  const scheduled = await inTransaction(db, async (trx) => {
    const request = await lockChangeRequest(trx, input.project, input.id);
    const plan = await planFor(trx, request, { ...input, actor });
    if (body.comment !== undefined && body.comment.trim() !== '') {
      await insertComment(trx, request.id, body.comment, actor);
    }
    return carryOut(trx, request, plan, { actor, comment: body.comment });
  });
  if (scheduled) input.onScheduled?.(scheduled);
}
