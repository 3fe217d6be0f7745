import type { Queryable } from '../../db/queryable';
import { conflictsForView } from './change-request-apply';
import { changeRequestNotFound } from './change-request-drafts';
import {
  type ChangeRequestRecord,
  type ChangeRequestRow,
  getChangeRequestRow,
  listApprovals,
  listChanges,
  listComments,
  listRejections,
  listSchedules,
} from './change-request-read-store';
import { toChangeRequestView } from './change-request-view';

/**
 * The change-request read model: one request with everything its view shows (changes, reviews,
 * comments, schedule), assembled from the read store's rows. Routes and other domains read change
 * requests here, never from the store.
 */

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

/** A change request of the project as changeRequestSchema, with its current conflicts. */
export async function readChangeRequest(db: Queryable, project: string, id: number) {
  const record = await getChangeRequestRecord(db, id);
  if (!record || record.request.project !== project) throw changeRequestNotFound(id);
  return toChangeRequestView(record, await conflictsForView(db, record));
}
