import { sql } from 'kysely';
import type { ChangeRequestListItem, ChangeRequestReviewer, ChangeRequestsCount } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { Caller } from '../../lib/caller';
import { callerHas, grantsAllow, resolveGrants } from '../access';
import { type Actor, avatarUrl } from '../events';
import { authorKey } from './change-request-authors';
import {
  countProjectRequestsByState,
  listActionableCandidates,
  listNewestProjectRequests,
  listRequestedApproverUsers,
  listScheduledRequestsTouching,
} from './change-request-list-store';
import type { ChangeRequestRow } from './change-request-read-store';
import { loadChangeRequestRecords } from './change-request-records';
import { toChangeRequestListItem } from './change-request-view';

/**
 * Read models of the change-request lists (shared/unleash/API.md §10.1 "Listing endpoints"):
 * the project list, counts, the caller's pending and actionable requests, scheduled requests
 * touching a flag or strategy, and who may review.
 */

async function listItems(db: Queryable, rows: ChangeRequestRow[]): Promise<ChangeRequestListItem[]> {
  return (await loadChangeRequestRecords(db, rows)).map((record) => toChangeRequestListItem(record));
}

/** GET …/change-requests: the project's newest 300 (CHANGE_REQUEST_LIST_LIMIT), newest first. */
export async function listProjectChangeRequests(
  db: Queryable,
  project: string,
  actor: Actor,
): Promise<ChangeRequestListItem[]> {
  return listItems(db, await listNewestProjectRequests(db, project, { visibleTo: actor }));
}

/** GET …/change-requests/count: requests by state ("reviewRequired" is In review). */
export async function countProjectChangeRequests(
  db: Queryable,
  project: string,
): Promise<ChangeRequestsCount> {
  const rows = await countProjectRequestsByState(db, project);
  const of = (state: string) => rows.find((row) => row.state === state)?.count ?? 0;
  return {
    total: rows.reduce((sum, row) => sum + row.count, 0),
    applied: of('Applied'),
    rejected: of('Rejected'),
    reviewRequired: of('In review'),
    approved: of('Approved'),
    scheduled: of('Scheduled'),
  };
}

/** GET …/change-requests/pending: the caller's open requests in the project, newest first. */
export async function listPendingForAuthor(
  db: Queryable,
  project: string,
  actor: Actor,
): Promise<ChangeRequestListItem[]> {
  return listItems(db, await listNewestProjectRequests(db, project, { author: actor, openOnly: true }));
}

/** GET …/change-requests/pending/{featureName}: open requests with a change to the flag. */
export async function listPendingForFeature(
  db: Queryable,
  project: string,
  feature: string,
  actor: Actor,
): Promise<ChangeRequestListItem[]> {
  const rows = await listNewestProjectRequests(db, project, { openOnly: true, visibleTo: actor, feature });
  return listItems(db, rows);
}

/**
 * GET …/change-requests/actionable: how many requests wait for the caller. In review ones they
 * may approve (not their own, not yet reviewed by them), Approved ones they may apply, and their
 * own Scheduled ones whose schedule failed or was suspended: the author learns of a failed
 * scheduled application here (there is no notification system yet, issue 19).
 */
export async function countActionable(db: Queryable, project: string, caller: Caller, actor: Actor) {
  const key = authorKey(actor);
  const rows = await listActionableCandidates(db, project, actor);
  let total = 0;
  for (const row of rows) {
    const context = { project, environment: row.environment };
    const own = row.authorKey === key;
    if (row.state === 'In review' && !own && callerHas(caller, 'APPROVE_CHANGE_REQUEST', context)) total++;
    else if (row.state === 'Approved' && callerHas(caller, 'APPLY_CHANGE_REQUEST', context)) total++;
    else if (row.state === 'Scheduled' && own && row.scheduleStatus !== 'pending') total++;
  }
  return { total };
}

/**
 * GET …/change-requests/scheduled?feature=&strategyId=: Scheduled requests of the project
 * with a change to the flag, or to the strategy (an update or deletion of that strategy id).
 */
export async function listScheduledTouching(
  db: Queryable,
  project: string,
  filter: { feature?: string | undefined; strategyId?: string | undefined },
) {
  const rows = await listScheduledRequestsTouching(db, project, filter);
  return rows.map((row) => ({
    id: row.id,
    environment: row.environment,
    ...(row.title !== null ? { title: row.title } : {}),
  }));
}

function toReviewer(row: {
  id: number;
  email: string | null;
  username: string | null;
  name: string | null;
}): ChangeRequestReviewer {
  return {
    id: row.id,
    email: row.email ?? '',
    username: row.username,
    name: row.name,
    imageUrl: avatarUrl(row.email ?? row.username ?? String(row.id)),
  };
}

/**
 * GET …/available-reviewers/{environment}: active human users holding APPROVE_CHANGE_REQUEST in
 * the project environment (admins included). Candidates are narrowed in SQL, then each one's
 * grants decide, so project roles, groups and the `*` environment count as the guard counts them.
 */
export async function listAvailableReviewers(
  db: Queryable,
  project: string,
  environment: string,
): Promise<ChangeRequestReviewer[]> {
  const { rows } = await sql<{
    id: number;
    email: string | null;
    username: string | null;
    name: string | null;
  }>`
    select u.id, u.email, u.username, u.name from users u
    where not u.is_service and u.id > 0 and exists (
      select 1 from (
        select role_id from role_user where user_id = u.id
        union
        select gr.role_id from group_role gr join group_user gu on gu.group_id = gr.group_id
        where gu.user_id = u.id
      ) a join role_permission rp on rp.role_id = a.role_id
      where rp.permission in ('ADMIN', 'APPROVE_CHANGE_REQUEST'))
    order by u.id`.execute(db);
  const reviewers: ChangeRequestReviewer[] = [];
  for (const row of rows) {
    const grants = await resolveGrants(db, row.id);
    if (grantsAllow(grants, 'APPROVE_CHANGE_REQUEST', { project, environment }))
      reviewers.push(toReviewer(row));
  }
  return reviewers;
}

/** GET …/{id}/approvers: the users the author asked to review. */
export async function listRequestedApprovers(db: Queryable, changeRequestId: number) {
  return (await listRequestedApproverUsers(db, changeRequestId)).map(toReviewer);
}
