import { sql } from 'kysely';
import type { ChangeRequestState, ScheduleStatus } from '../../../contract';
import type { Actor, Queryable } from '../events';

/**
 * Rows of the change-request tables (migration 20261125062000_change_requests). The only code
 * that reads or writes them; services and the view builder work on these plain rows.
 */

export interface ChangeRequestRow {
  id: number;
  project: string;
  environment: string;
  state: ChangeRequestState;
  title: string | null;
  minApprovals: number;
  createdByUserId: number | null;
  createdBy: string;
  authorKey: string;
  createdAt: Date;
  stateTimestamps: Record<string, string>;
}

export interface ChangeRow {
  id: number;
  changeRequestId: number;
  feature: string | null;
  action: string;
  payload: unknown;
  /** What the change was drafted against; compared with the current state to find conflicts. */
  basedOn: unknown;
  createdByUserId: number | null;
  createdBy: string;
  createdAt: Date;
}

export interface ReviewRow {
  changeRequestId: number;
  userId: number;
  createdBy: string;
  createdAt: Date;
}

export interface CommentRow {
  id: number;
  changeRequestId: number;
  text: string;
  createdByUserId: number | null;
  createdBy: string;
  createdAt: Date;
}

export interface ScheduleRow {
  changeRequestId: number;
  scheduledAt: Date;
  createdByUserId: number | null;
  createdBy: string;
  status: ScheduleStatus;
  failureReason: string | null;
  reason: string | null;
}

/** A change request with everything its read model shows. */
export interface ChangeRequestRecord {
  request: ChangeRequestRow;
  changes: ChangeRow[];
  approvals: ReviewRow[];
  rejections: ReviewRow[];
  comments: CommentRow[];
  schedule: ScheduleRow | undefined;
}

/**
 * A user id the users table knows: API tokens act under pseudo ids (-42 for admin tokens),
 * which are kept out of the foreign-key columns.
 */
export function realUserId(actor: Actor): number | null {
  return actor.userId !== null && actor.userId > 0 ? actor.userId : null;
}

/** Who owns a draft: one open draft per author, project and environment. */
export function authorKey(actor: Actor): string {
  const userId = realUserId(actor);
  return userId !== null ? `user:${userId}` : `name:${actor.name}`;
}

// ---- Settings ------------------------------------------------------------------------------

export interface ChangeRequestSettingRow {
  project: string;
  environment: string;
  requiredApprovals: number;
}

export async function listChangeRequestSettings(
  db: Queryable,
  project: string,
): Promise<ChangeRequestSettingRow[]> {
  return db
    .selectFrom('change_request_settings')
    .select(['project', 'environment', 'required_approvals as requiredApprovals'])
    .where('project', '=', project)
    .execute();
}

export async function getChangeRequestSetting(
  db: Queryable,
  project: string,
  environment: string,
): Promise<ChangeRequestSettingRow | undefined> {
  return db
    .selectFrom('change_request_settings')
    .select(['project', 'environment', 'required_approvals as requiredApprovals'])
    .where('project', '=', project)
    .where('environment', '=', environment)
    .executeTakeFirst();
}

/**
 * The project's environments with their type and required approvals (null: change requests
 * off); undefined when the project does not exist.
 */
export async function listProjectEnvironmentConfig(
  db: Queryable,
  project: string,
): Promise<Array<{ environment: string; type: string; requiredApprovals: number | null }> | undefined> {
  const exists = await db.selectFrom('projects').select('id').where('id', '=', project).executeTakeFirst();
  if (!exists) return undefined;
  return db
    .selectFrom('project_environments as pe')
    .innerJoin('environments as e', 'e.name', 'pe.environment_name')
    .leftJoin('change_request_settings as s', (join) =>
      join.onRef('s.project', '=', 'pe.project_id').onRef('s.environment', '=', 'pe.environment_name'),
    )
    .select(['e.name as environment', 'e.type', 's.required_approvals as requiredApprovals'])
    .where('pe.project_id', '=', project)
    .orderBy('e.sort_order')
    .orderBy('e.name')
    .execute();
}

export async function projectHasEnvironment(
  db: Queryable,
  project: string,
  environment: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('project_environments')
    .select('environment_name')
    .where('project_id', '=', project)
    .where('environment_name', '=', environment)
    .executeTakeFirst();
  return row !== undefined;
}

/** The environments of a project where change requests are on. */
export async function listEnvironmentsWithChangeRequests(db: Queryable, project: string): Promise<string[]> {
  const rows = await db
    .selectFrom('change_request_settings')
    .select('environment')
    .where('project', '=', project)
    .execute();
  return rows.map((row) => row.environment);
}

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

// ---- Change requests -----------------------------------------------------------------------

function selectRequests(db: Queryable) {
  return db
    .selectFrom('change_requests')
    .select([
      'id',
      'project',
      'environment',
      'state',
      'title',
      'min_approvals as minApprovals',
      'created_by_user_id as createdByUserId',
      'created_by as createdBy',
      'author_key as authorKey',
      'created_at as createdAt',
      'state_timestamps as stateTimestamps',
    ]);
}

type RawRequest = Omit<ChangeRequestRow, 'state' | 'stateTimestamps'> & {
  state: string;
  stateTimestamps: unknown;
};

function toRequestRow(raw: RawRequest): ChangeRequestRow {
  const timestamps =
    raw.stateTimestamps && typeof raw.stateTimestamps === 'object'
      ? (raw.stateTimestamps as Record<string, string>)
      : {};
  return { ...raw, state: raw.state as ChangeRequestState, stateTimestamps: timestamps };
}

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

/**
 * One change request. `lock` takes its row lock (FOR UPDATE) so state transitions, edits and
 * application of the same request serialise.
 */
export async function getChangeRequestRow(
  db: Queryable,
  id: number,
  lock = false,
): Promise<ChangeRequestRow | undefined> {
  let query = selectRequests(db).where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRequestRow(row) : undefined;
}

/** The author's open draft for a project environment, locked when asked. */
export async function findOpenDraft(
  db: Queryable,
  input: { project: string; environment: string; actor: Actor },
  lock = false,
): Promise<ChangeRequestRow | undefined> {
  let query = selectRequests(db)
    .where('project', '=', input.project)
    .where('environment', '=', input.environment)
    .where('author_key', '=', authorKey(input.actor))
    .where('state', '=', 'Draft');
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRequestRow(row) : undefined;
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

// ---- Changes -------------------------------------------------------------------------------

function selectChanges(db: Queryable) {
  return db
    .selectFrom('change_request_events')
    .select([
      'id',
      'change_request_id as changeRequestId',
      'feature',
      'action',
      'payload',
      'based_on as basedOn',
      'created_by_user_id as createdByUserId',
      'created_by as createdBy',
      'created_at as createdAt',
    ]);
}

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
  return selectChanges(db).where('id', '=', inserted.id).executeTakeFirstOrThrow();
}

export async function getChange(
  db: Queryable,
  changeRequestId: number,
  changeId: number,
): Promise<ChangeRow | undefined> {
  return selectChanges(db)
    .where('change_request_id', '=', changeRequestId)
    .where('id', '=', changeId)
    .executeTakeFirst();
}

export async function deleteChange(db: Queryable, changeRequestId: number, changeId: number): Promise<void> {
  await db
    .deleteFrom('change_request_events')
    .where('change_request_id', '=', changeRequestId)
    .where('id', '=', changeId)
    .execute();
}

export async function listChanges(db: Queryable, changeRequestIds: number[]): Promise<ChangeRow[]> {
  if (changeRequestIds.length === 0) return [];
  return selectChanges(db).where('change_request_id', 'in', changeRequestIds).orderBy('id').execute();
}

export async function countChanges(db: Queryable, changeRequestId: number): Promise<number> {
  const row = await db
    .selectFrom('change_request_events')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('change_request_id', '=', changeRequestId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- Approvals, rejections, comments ---------------------------------------------------------

type ReviewTable = 'change_request_approvals' | 'change_request_rejections';

async function listReviews(
  db: Queryable,
  table: ReviewTable,
  changeRequestIds: number[],
): Promise<ReviewRow[]> {
  if (changeRequestIds.length === 0) return [];
  return db
    .selectFrom(table)
    .select([
      'change_request_id as changeRequestId',
      'created_by_user_id as userId',
      'created_by as createdBy',
      'created_at as createdAt',
    ])
    .where('change_request_id', 'in', changeRequestIds)
    .orderBy('created_at')
    .execute();
}

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

export const listApprovals = (db: Queryable, ids: number[]) =>
  listReviews(db, 'change_request_approvals', ids);
export const listRejections = (db: Queryable, ids: number[]) =>
  listReviews(db, 'change_request_rejections', ids);
export const addApproval = (db: Queryable, id: number, actor: Actor) =>
  addReview(db, 'change_request_approvals', id, actor);
export const addRejection = (db: Queryable, id: number, actor: Actor) =>
  addReview(db, 'change_request_rejections', id, actor);

/** An edit to a request under review resets its approvals (issue 13). */
export async function clearApprovals(db: Queryable, changeRequestId: number): Promise<void> {
  await db.deleteFrom('change_request_approvals').where('change_request_id', '=', changeRequestId).execute();
}

export async function listComments(db: Queryable, changeRequestIds: number[]): Promise<CommentRow[]> {
  if (changeRequestIds.length === 0) return [];
  return db
    .selectFrom('change_request_comments')
    .select([
      'id',
      'change_request_id as changeRequestId',
      'text',
      'created_by_user_id as createdByUserId',
      'created_by as createdBy',
      'created_at as createdAt',
    ])
    .where('change_request_id', 'in', changeRequestIds)
    .orderBy('id')
    .execute();
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

// ---- Schedule --------------------------------------------------------------------------------

function selectSchedules(db: Queryable) {
  return db
    .selectFrom('change_request_schedule')
    .select([
      'change_request_id as changeRequestId',
      'scheduled_at as scheduledAt',
      'created_by_user_id as createdByUserId',
      'created_by as createdBy',
      'status',
      'failure_reason as failureReason',
      'reason',
    ]);
}

export async function listSchedules(db: Queryable, changeRequestIds: number[]): Promise<ScheduleRow[]> {
  if (changeRequestIds.length === 0) return [];
  return selectSchedules(db).where('change_request_id', 'in', changeRequestIds).execute();
}

export async function getSchedule(db: Queryable, changeRequestId: number): Promise<ScheduleRow | undefined> {
  return selectSchedules(db).where('change_request_id', '=', changeRequestId).executeTakeFirst();
}

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

// ---- Requested approvers ----------------------------------------------------------------------

export async function listRequestedApproverIds(db: Queryable, changeRequestId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('change_request_requested_approvers')
    .select('user_id')
    .where('change_request_id', '=', changeRequestId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

// ---- Whole records ---------------------------------------------------------------------------

/** Change requests with their changes, reviews, comments and schedules, in the order of `rows`. */
export async function loadChangeRequestRecords(
  db: Queryable,
  rows: ChangeRequestRow[],
): Promise<ChangeRequestRecord[]> {
  const ids = rows.map((row) => row.id);
  const [changes, approvals, rejections, comments, schedules] = await Promise.all([
    listChanges(db, ids),
    listApprovals(db, ids),
    listRejections(db, ids),
    listComments(db, ids),
    listSchedules(db, ids),
  ]);
  const byRequest = <T extends { changeRequestId: number }>(items: T[], id: number) =>
    items.filter((item) => item.changeRequestId === id);
  return rows.map((request) => ({
    request,
    changes: byRequest(changes, request.id),
    approvals: byRequest(approvals, request.id),
    rejections: byRequest(rejections, request.id),
    comments: byRequest(comments, request.id),
    schedule: schedules.find((schedule) => schedule.changeRequestId === request.id),
  }));
}

export async function getChangeRequestRecord(
  db: Queryable,
  id: number,
): Promise<ChangeRequestRecord | undefined> {
  const row = await getChangeRequestRow(db, id);
  if (!row) return undefined;
  const [record] = await loadChangeRequestRecords(db, [row]);
  return record;
}

/** Query builder over change requests, for the list read models (project list, pending, search). */
export function selectChangeRequestRows(db: Queryable) {
  return selectRequests(db);
}

export function toChangeRequestRow(raw: RawRequest): ChangeRequestRow {
  return toRequestRow(raw);
}
