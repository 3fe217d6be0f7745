import { sql } from 'kysely';
import type { ChangeRequestState } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { Actor } from '../events';
import { authorKey, realUserId } from './change-request-authors';
import {
  type ChangeRequestRow,
  type ChangeRequestSettingRow,
  type ChangeRow,
  getChange,
  getChangeRequestRow,
  type ReviewTable,
} from './change-request-read-store';

/**
 * The write half of the change-request store: every insert, update and delete of the
 * change-request tables. Callers run these inside the transaction that appends the event.
 */

// ---- Settings ------------------------------------------------------------------------------

export async function upsertChangeRequestSetting(
  db: Queryable,
  setting: ChangeRequestSettingRow,
): Promise<void> {
  await db
    .insertInto('change_request_settings')
    .values({
      project: setting.project,
      environment: setting.environment,
      required_approvals: setting.requiredApprovals,
    })
    .onConflict((oc) =>
      oc.columns(['project', 'environment']).doUpdateSet({ required_approvals: setting.requiredApprovals }),
    )
    .execute();
}

export async function deleteChangeRequestSetting(
  db: Queryable,
  project: string,
  environment: string,
): Promise<void> {
  await db
    .deleteFrom('change_request_settings')
    .where('project', '=', project)
    .where('environment', '=', environment)
    .execute();
}

// ---- Change requests ---------------------------------------------------------------------

export async function insertChangeRequest(
  db: Queryable,
  input: { project: string; environment: string; minApprovals: number; title?: string | null; actor: Actor },
): Promise<ChangeRequestRow> {
  const now = new Date();
  const row = await db
    .insertInto('change_requests')
    .values({
      project: input.project,
      environment: input.environment,
      state: 'Draft',
      title: input.title ?? null,
      min_approvals: input.minApprovals,
      created_by_user_id: realUserId(input.actor),
      created_by: input.actor.name,
      author_key: authorKey(input.actor),
      created_at: now,
      state_timestamps: JSON.stringify({ Draft: now.toISOString() }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = await getChangeRequestRow(db, row.id);
  if (!created) throw new Error(`change request ${row.id} vanished after insert`);
  return created;
}

/** Moves a request to `state`, stamping when it entered it. */
export async function setChangeRequestState(
  db: Queryable,
  id: number,
  state: ChangeRequestState,
  at: Date = new Date(),
): Promise<void> {
  await db
    .updateTable('change_requests')
    .set({
      state,
      state_timestamps: sql`state_timestamps || jsonb_build_object(${state}::text, ${at.toISOString()}::text)`,
    })
    .where('id', '=', id)
    .execute();
}

export async function setChangeRequestTitle(db: Queryable, id: number, title: string | null): Promise<void> {
  await db.updateTable('change_requests').set({ title }).where('id', '=', id).execute();
}

export async function setChangeRequestMinApprovals(
  db: Queryable,
  id: number,
  minApprovals: number,
): Promise<void> {
  await db.updateTable('change_requests').set({ min_approvals: minApprovals }).where('id', '=', id).execute();
}

export async function deleteChangeRequestRow(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('change_requests').where('id', '=', id).execute();
}

// ---- Changes -----------------------------------------------------------------------------

export async function insertChange(
  db: Queryable,
  input: {
    changeRequestId: number;
    feature: string | null;
    action: string;
    payload: unknown;
    basedOn: unknown;
    actor: Actor;
  },
): Promise<ChangeRow> {
  const inserted = await db
    .insertInto('change_request_events')
    .values({
      change_request_id: input.changeRequestId,
      feature: input.feature,
      action: input.action,
      payload: JSON.stringify(input.payload ?? {}),
      based_on: input.basedOn === undefined ? null : JSON.stringify(input.basedOn),
      created_by_user_id: realUserId(input.actor),
      created_by: input.actor.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const change = await getChange(db, input.changeRequestId, inserted.id);
  if (!change) throw new Error(`change ${inserted.id} vanished after insert`);
  return change;
}

export async function deleteChange(db: Queryable, changeRequestId: number, changeId: number): Promise<void> {
  await db
    .deleteFrom('change_request_events')
    .where('change_request_id', '=', changeRequestId)
    .where('id', '=', changeId)
    .execute();
}

// ---- Approvals, rejections, comments -----------------------------------------------------

/** Records a review once per user; answers whether it was new. */
async function addReview(
  db: Queryable,
  table: ReviewTable,
  changeRequestId: number,
  actor: Actor,
): Promise<boolean> {
  const userId = realUserId(actor);
  if (userId === null) throw new Error('a review needs a user');
  const inserted = await db
    .insertInto(table)
    .values({ change_request_id: changeRequestId, created_by_user_id: userId, created_by: actor.name })
    .onConflict((oc) => oc.columns(['change_request_id', 'created_by_user_id']).doNothing())
    .returning('change_request_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const addApproval = (db: Queryable, id: number, actor: Actor) =>
  addReview(db, 'change_request_approvals', id, actor);
export const addRejection = (db: Queryable, id: number, actor: Actor) =>
  addReview(db, 'change_request_rejections', id, actor);

/** An edit to a request under review resets its approvals (issue 13). */
export async function clearApprovals(db: Queryable, changeRequestId: number): Promise<void> {
  await db.deleteFrom('change_request_approvals').where('change_request_id', '=', changeRequestId).execute();
}

export async function insertComment(
  db: Queryable,
  changeRequestId: number,
  text: string,
  actor: Actor,
): Promise<number> {
  const row = await db
    .insertInto('change_request_comments')
    .values({
      change_request_id: changeRequestId,
      text,
      created_by_user_id: realUserId(actor),
      created_by: actor.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---- Schedule ----------------------------------------------------------------------------

/** Schedules (or reschedules) a request: a fresh pending row. */
export async function upsertSchedule(
  db: Queryable,
  input: { changeRequestId: number; scheduledAt: Date; actor: Actor },
): Promise<void> {
  const values = {
    scheduled_at: input.scheduledAt,
    created_by_user_id: realUserId(input.actor),
    created_by: input.actor.name,
    status: 'pending' as const,
    failure_reason: null,
    reason: null,
    updated_at: new Date(),
  };
  await db
    .insertInto('change_request_schedule')
    .values({ change_request_id: input.changeRequestId, ...values })
    .onConflict((oc) => oc.column('change_request_id').doUpdateSet(values))
    .execute();
}

export async function deleteSchedule(db: Queryable, changeRequestId: number): Promise<void> {
  await db.deleteFrom('change_request_schedule').where('change_request_id', '=', changeRequestId).execute();
}

/** The scheduler gives up on a schedule it cannot run (its author was deleted). */
export async function suspendSchedule(db: Queryable, changeRequestId: number, reason: string): Promise<void> {
  await db
    .updateTable('change_request_schedule')
    .set({ status: 'suspended', reason, updated_at: new Date() })
    .where('change_request_id', '=', changeRequestId)
    .execute();
}

/**
 * Marks the pending schedule due at `scheduledAt` failed, while its request is still Scheduled;
 * answers whether it did. One rescheduled meanwhile (a new scheduledAt) is left alone.
 */
export async function markScheduleFailed(
  db: Queryable,
  input: { changeRequestId: number; scheduledAt: Date; reason: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('change_request_schedule')
    .set({ status: 'failed', failure_reason: input.reason, reason: input.reason, updated_at: new Date() })
    .where('change_request_id', '=', input.changeRequestId)
    .where('status', '=', 'pending')
    .where(sql`date_trunc('milliseconds', scheduled_at)`, '=', input.scheduledAt)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('change_requests')
          .select(sql`1`.as('one'))
          .where('id', '=', input.changeRequestId)
          .where('state', '=', 'Scheduled'),
      ),
    )
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

// ---- Requested approvers ----------------------------------------------------------------------

/** Replaces the reviewers the author asks for. */
export async function replaceRequestedApprovers(
  db: Queryable,
  changeRequestId: number,
  userIds: number[],
): Promise<void> {
  await db
    .deleteFrom('change_request_requested_approvers')
    .where('change_request_id', '=', changeRequestId)
    .execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('change_request_requested_approvers')
    .values(userIds.map((userId) => ({ change_request_id: changeRequestId, user_id: userId })))
    .execute();
}

/** Of `ids`, the users who may review (people, not service accounts). */
export async function reviewerUserIds(db: Queryable, ids: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('is_service', '=', false)
    .execute();
  return rows.map((row) => row.id);
}
