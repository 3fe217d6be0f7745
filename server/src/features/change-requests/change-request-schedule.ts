import { CHANGE_REQUEST_EVENT_TYPES } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { ADMIN_TOKEN_USER_ID } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { grantsAllow, resolveGrants } from '../access';
import { type Actor, appendEvent } from '../events';
import { notifyScheduleFailed } from '../notifications';
import type { JobKind } from '../scheduler';
import { applyChangeRequest } from './change-request-apply';
import { claimDueSchedules, type DueSchedule } from './change-request-list-store';
import { getChangeRequestRow } from './change-request-read-store';
import { deleteSchedule, markScheduleFailed, suspendSchedule } from './change-request-store';

/**
 * Scheduled change requests (issue 13; API.md §10.1 "Scheduled → Applied"): the durable
 * scheduler's job kind over `change_request_schedule`. A due pending schedule applies its
 * request as the user who scheduled it; success leaves it Applied with the events
 * `change-request-applied` and `change-request-scheduled-application-success`. Failure (a
 * conflict, an archived flag, the scheduler lost APPLY_CHANGE_REQUEST) rolls back and leaves the
 * request Scheduled with its schedule `failed` and a `failureReason`, and the event
 * `change-request-scheduled-application-failure`; the author sees it on the request, in
 * their pending and actionable lists and in the event log and by a notification (issue 19), and
 * may reschedule (PUT state Scheduled), apply now, or reject. A request whose author was deleted
 * is `suspended` instead (event `change-request-schedule-suspended`).
 */

/** The job's row: a due schedule with its request (queried in change-request-list-store.ts). */
export type { DueSchedule };

const E = CHANGE_REQUEST_EVENT_TYPES;
const AUTHOR_DELETED = 'The user who created this change request has been deleted.';

/** Who applies: the user who scheduled, or (scheduled with an admin token) the token's pseudo user. */
function schedulerActor(row: DueSchedule): Actor {
  return { name: row.scheduledBy, userId: row.scheduledByUserId ?? ADMIN_TOKEN_USER_ID };
}

function eventOf(row: DueSchedule, type: string, data: object) {
  const actor = schedulerActor(row);
  return {
    type,
    createdBy: actor.name,
    createdByUserId: actor.userId,
    project: row.project,
    environment: row.environment,
    data: { changeRequestId: row.changeRequestId, scheduledAt: row.scheduledAt.toISOString(), ...data },
  };
}

/** The scheduling user must still be allowed to apply at the time it runs. */
async function assertSchedulerMayApply(db: Queryable, row: DueSchedule): Promise<void> {
  if (row.scheduledByUserId === null) return;
  const grants = await resolveGrants(db, row.scheduledByUserId);
  const context = { project: row.project, environment: row.environment };
  if (grantsAllow(grants, 'APPLY_CHANGE_REQUEST', context)) return;
  throw new ApiError(
    'PermissionError',
    `${row.scheduledBy}, who scheduled this change request, no longer holds APPLY_CHANGE_REQUEST in ${row.environment}.`,
  );
}

async function suspend(db: Queryable, row: DueSchedule, reason: string): Promise<void> {
  await suspendSchedule(db, row.changeRequestId, reason);
  await appendEvent(db, eventOf(row, E.scheduleSuspended, { reason }));
}

export const changeRequestScheduleJob: JobKind<DueSchedule> = {
  name: 'change-request-schedule',
  changesFlags: true,

  claimDue: (trx, limit) => claimDueSchedules(trx, limit),

  async run(trx, row) {
    if (row.state !== 'Scheduled') {
      // Left behind by a request that moved on: nothing to apply.
      await deleteSchedule(trx, row.changeRequestId);
      return;
    }
    if (row.authorDeleted) {
      await suspend(trx, row, AUTHOR_DELETED);
      return;
    }
    await assertSchedulerMayApply(trx, row);
    await applyChangeRequest(trx, row.changeRequestId, schedulerActor(row));
    await appendEvent(trx, eventOf(row, E.scheduledApplicationSuccess, {}));
  },

  markFailed: (trx, row, reason) =>
    markScheduleFailed(trx, { changeRequestId: row.changeRequestId, scheduledAt: row.scheduledAt, reason }),

  async onFailure(trx, row, reason) {
    const eventId = await appendEvent(
      trx,
      eventOf(row, E.scheduledApplicationFailure, { failureReason: reason }),
    );
    // Issue 19: the author and whoever scheduled it learn it failed, with the event.
    const request = await getChangeRequestRow(trx, row.changeRequestId);
    await notifyScheduleFailed(trx, {
      changeRequestId: row.changeRequestId,
      project: row.project,
      environment: row.environment,
      reason,
      userIds: [request?.createdByUserId ?? null, row.scheduledByUserId],
      scheduler: schedulerActor(row),
      eventId,
    });
  },

  describe: (row) => ({ changeRequestId: row.changeRequestId, scheduledAt: row.scheduledAt.toISOString() }),
};
