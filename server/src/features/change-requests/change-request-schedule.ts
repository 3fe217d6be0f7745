import { sql } from 'kysely';
import { CHANGE_REQUEST_EVENT_TYPES } from '../../../contract';
import { ADMIN_TOKEN_USER_ID } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { grantsAllow, resolveGrants } from '../access';
import { type Actor, appendEvent, type Queryable } from '../events';
import type { JobKind } from '../scheduler';
import { applyChangeRequest } from './change-request-apply';

/**
 * Scheduled change requests (issue 13; API.md §10.1 "Scheduled → Applied"): the durable
 * scheduler's job kind over `change_request_schedule`. A due pending schedule applies its
 * request as the user who scheduled it; success leaves it Applied with the events
 * `change-request-applied` and `change-request-scheduled-application-success`. Failure (a
 * conflict, an archived flag, the scheduler lost APPLY_CHANGE_REQUEST) rolls back and leaves the
 * request Scheduled with its schedule `failed` and a `failureReason`, and the event
 * `change-request-scheduled-application-failure`; the author sees it on the request, in
 * their pending and actionable lists and in the event log (no notifications yet: issue 19), and
 * may reschedule (PUT state Scheduled), apply now, or reject. A request whose author was deleted
 * is `suspended` instead (event `change-request-schedule-suspended`).
 */

export interface DueSchedule {
  changeRequestId: number;
  scheduledAt: Date;
  scheduledBy: string;
  scheduledByUserId: number | null;
  project: string;
  environment: string;
  state: string;
  /** The author's user id is gone while their key names a user: the author was deleted. */
  authorDeleted: boolean;
}

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
  await db
    .updateTable('change_request_schedule')
    .set({ status: 'suspended', reason, updated_at: new Date() })
    .where('change_request_id', '=', row.changeRequestId)
    .execute();
  await appendEvent(db, eventOf(row, E.scheduleSuspended, { reason }));
}

export const changeRequestScheduleJob: JobKind<DueSchedule> = {
  name: 'change-request-schedule',

  async claimDue(trx, limit) {
    // Both rows locked without waiting: a transition holding the request's lock (a rejection,
    // a reschedule) is skipped this tick instead of deadlocking with it.
    const { rows } = await sql<DueSchedule>`
      select s.change_request_id as "changeRequestId", s.scheduled_at as "scheduledAt",
             s.created_by as "scheduledBy", s.created_by_user_id as "scheduledByUserId",
             cr.project, cr.environment, cr.state,
             (cr.author_key like 'user:%' and cr.created_by_user_id is null) as "authorDeleted"
      from change_request_schedule s
      join change_requests cr on cr.id = s.change_request_id
      where s.status = 'pending' and s.scheduled_at <= now()
      order by s.scheduled_at, s.change_request_id
      limit ${limit}
      for update of s, cr skip locked`.execute(trx);
    return rows;
  },

  async run(trx, row) {
    if (row.state !== 'Scheduled') {
      // Left behind by a request that moved on: nothing to apply.
      await trx
        .deleteFrom('change_request_schedule')
        .where('change_request_id', '=', row.changeRequestId)
        .execute();
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

  async markFailed(trx, row, reason) {
    // Only the schedule that failed: one rescheduled meanwhile (a new scheduledAt) is left alone.
    const updated = await trx
      .updateTable('change_request_schedule')
      .set({ status: 'failed', failure_reason: reason, reason, updated_at: new Date() })
      .where('change_request_id', '=', row.changeRequestId)
      .where('status', '=', 'pending')
      .where(sql`date_trunc('milliseconds', scheduled_at)`, '=', row.scheduledAt)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('change_requests')
            .select(sql`1`.as('one'))
            .where('id', '=', row.changeRequestId)
            .where('state', '=', 'Scheduled'),
        ),
      )
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  },

  async onFailure(trx, row, reason) {
    await appendEvent(trx, eventOf(row, E.scheduledApplicationFailure, { failureReason: reason }));
  },

  describe: (row) => ({ changeRequestId: row.changeRequestId, scheduledAt: row.scheduledAt.toISOString() }),
};
