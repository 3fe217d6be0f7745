import type { ChangeRequestState, ScheduleStatus } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { Actor } from '../events';
import { authorKey } from './change-request-authors';
import { JOINABLE_STATES } from './change-request-state';

/**
 * The read half of the change-request store: rows of the change-request tables (migration
 * 20261125062000_change_requests) as plain records, one request with everything its view shows,
 * and the settings (records of a request with everything its view shows are assembled in
 * change-request-records.ts). Writes are in change-request-store.ts, the list and schedule queries in
 * change-request-list-store.ts; no other code touches these tables.
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

/**
 * The author's open request for a project environment (Draft, In review or Approved; the newest
 * should several remain from before issue 31), locked when asked.
 */
export async function findOpenRequest(
  db: Queryable,
  input: { project: string; environment: string; actor: Actor },
  lock = false,
): Promise<ChangeRequestRow | undefined> {
  let query = selectRequests(db)
    .where('project', '=', input.project)
    .where('environment', '=', input.environment)
    .where('author_key', '=', authorKey(input.actor))
    .where('state', 'in', JOINABLE_STATES)
    .orderBy('id', 'desc')
    .limit(1);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toRequestRow(row) : undefined;
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

export type ReviewTable = 'change_request_approvals' | 'change_request_rejections';

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

export const listApprovals = (db: Queryable, ids: number[]) =>
  listReviews(db, 'change_request_approvals', ids);
export const listRejections = (db: Queryable, ids: number[]) =>
  listReviews(db, 'change_request_rejections', ids);
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

/** Query builder over change requests, for the list read models (project list, pending, search). */
export function selectChangeRequestRows(db: Queryable) {
  return selectRequests(db);
}

export function toChangeRequestRow(raw: RawRequest): ChangeRequestRow {
  return toRequestRow(raw);
}
