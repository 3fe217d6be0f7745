import { sql } from 'kysely';
import {
  CHANGE_REQUEST_LIST_LIMIT,
  type ChangeRequestListItem,
  type ChangeRequestReviewer,
  type ChangeRequestsCount,
  OPEN_CHANGE_REQUEST_STATES,
} from '../../../contract';
import type { Caller } from '../../lib/caller';
import { callerHas, grantsAllow, resolveGrants } from '../access';
import { type Actor, avatarUrl, type Queryable } from '../events';
import {
  authorKey,
  type ChangeRequestRow,
  loadChangeRequestRecords,
  selectChangeRequestRows,
  toChangeRequestRow,
} from './change-request-store';
import { toChangeRequestListItem } from './change-request-view';

/**
 * Read models of the change-request lists (shared/unleash/API.md §10.1 "Listing endpoints"):
 * the project list, counts, the caller's pending and actionable requests, scheduled requests
 * touching a flag or strategy, and who may review.
 */

async function listItems(db: Queryable, rows: ChangeRequestRow[]): Promise<ChangeRequestListItem[]> {
  return (await loadChangeRequestRecords(db, rows)).map((record) => toChangeRequestListItem(record));
}

/**
 * A draft is its author's until sent to review (Unleash shows others' drafts to no one), so
 * every list keeps only the caller's own drafts.
 */
function visibleTo(actor: Actor) {
  const key = authorKey(actor);
  return sql<boolean>`(state <> 'Draft' or author_key = ${key})`;
}

/** GET …/change-requests: the project's newest 300 (CHANGE_REQUEST_LIST_LIMIT), newest first. */
export async function listProjectChangeRequests(
  db: Queryable,
  project: string,
  actor: Actor,
): Promise<ChangeRequestListItem[]> {
  const rows = await selectChangeRequestRows(db)
    .where('project', '=', project)
    .where(visibleTo(actor))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CHANGE_REQUEST_LIST_LIMIT)
    .execute();
  return listItems(db, rows.map(toChangeRequestRow));
}

/** GET …/change-requests/count: requests by state ("reviewRequired" is In review). */
export async function countProjectChangeRequests(
  db: Queryable,
  project: string,
): Promise<ChangeRequestsCount> {
  const rows = await db
    .selectFrom('change_requests')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('project', '=', project)
    .where('state', '<>', 'Draft')
    .groupBy('state')
    .execute();
  const of = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
  return {
    total: rows.reduce((sum, row) => sum + Number(row.n), 0),
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
  const rows = await selectChangeRequestRows(db)
    .where('project', '=', project)
    .where('author_key', '=', authorKey(actor))
    .where('state', 'in', [...OPEN_CHANGE_REQUEST_STATES])
    .orderBy('id', 'desc')
    .limit(CHANGE_REQUEST_LIST_LIMIT)
    .execute();
  return listItems(db, rows.map(toChangeRequestRow));
}

/** GET …/change-requests/pending/{featureName}: open requests with a change to the flag. */
export async function listPendingForFeature(
  db: Queryable,
  project: string,
  feature: string,
  actor: Actor,
): Promise<ChangeRequestListItem[]> {
  const rows = await selectChangeRequestRows(db)
    .where('project', '=', project)
    .where('state', 'in', [...OPEN_CHANGE_REQUEST_STATES])
    .where(visibleTo(actor))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('change_request_events as e')
          .select(sql`1`.as('one'))
          .whereRef('e.change_request_id', '=', 'change_requests.id')
          .where('e.feature', '=', feature),
      ),
    )
    .orderBy('id', 'desc')
    .limit(CHANGE_REQUEST_LIST_LIMIT)
    .execute();
  return listItems(db, rows.map(toChangeRequestRow));
}

/**
 * GET …/change-requests/actionable: how many requests wait for the caller. In review ones they
 * may approve (not their own, not yet reviewed by them), Approved ones they may apply, and their
 * own Scheduled ones whose schedule failed or was suspended: the author learns of a failed
 * scheduled application here (there is no notification system yet, issue 19).
 */
export async function countActionable(db: Queryable, project: string, caller: Caller, actor: Actor) {
  const key = authorKey(actor);
  const rows = await db
    .selectFrom('change_requests as cr')
    .leftJoin('change_request_schedule as s', 's.change_request_id', 'cr.id')
    .select([
      'cr.id',
      'cr.environment',
      'cr.state',
      'cr.author_key as authorKey',
      's.status as scheduleStatus',
    ])
    .where('cr.project', '=', project)
    .where('cr.state', 'in', ['In review', 'Approved', 'Scheduled'])
    .where((eb) =>
      actor.userId === null || actor.userId <= 0
        ? eb.val(true)
        : eb.and([
            eb.not(
              eb.exists(
                eb
                  .selectFrom('change_request_approvals as a')
                  .select(sql`1`.as('one'))
                  .whereRef('a.change_request_id', '=', 'cr.id')
                  .where('a.created_by_user_id', '=', actor.userId)
                  .where('cr.state', '=', 'In review'),
              ),
            ),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('change_request_rejections as r')
                  .select(sql`1`.as('one'))
                  .whereRef('r.change_request_id', '=', 'cr.id')
                  .where('r.created_by_user_id', '=', actor.userId),
              ),
            ),
          ]),
    )
    .execute();
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
  let query = db
    .selectFrom('change_requests as cr')
    .select(['cr.id', 'cr.environment', 'cr.title'])
    .where('cr.project', '=', project)
    .where('cr.state', '=', 'Scheduled');
  const { feature, strategyId } = filter;
  if (feature !== undefined || strategyId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('change_request_events as e')
          .select(sql`1`.as('one'))
          .whereRef('e.change_request_id', '=', 'cr.id')
          .$if(feature !== undefined, (q) => q.where('e.feature', '=', feature as string))
          .$if(strategyId !== undefined, (q) =>
            q
              .where('e.action', 'in', ['updateStrategy', 'deleteStrategy'])
              .where(sql`e.payload->>'id'`, '=', strategyId as string),
          ),
      ),
    );
  }
  const rows = await query.orderBy('cr.id').limit(CHANGE_REQUEST_LIST_LIMIT).execute();
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
  const rows = await db
    .selectFrom('change_request_requested_approvers as ra')
    .innerJoin('users as u', 'u.id', 'ra.user_id')
    .select(['u.id', 'u.email', 'u.username', 'u.name'])
    .where('ra.change_request_id', '=', changeRequestId)
    .orderBy('u.id')
    .execute();
  return rows.map(toReviewer);
}
