import { sql } from 'kysely';
import {
  CHANGE_REQUEST_LIST_LIMIT,
  type ChangeRequestState,
  OPEN_CHANGE_REQUEST_STATES,
} from '../../../contract';
import type { Queryable } from '../../db/queryable';
import type { Actor } from '../events';
import { authorKey } from './change-request-authors';
import {
  type ChangeRequestRow,
  selectChangeRequestRows,
  toChangeRequestRow,
} from './change-request-read-store';

/**
 * The read half of the change-request store, for many requests at once: the queries behind the
 * list read models (change-request-list.ts), the search and the scheduler's due schedules.
 */

/**
 * A draft is its author's until sent to review (Unleash shows others' drafts to no one), so
 * every list keeps only the caller's own drafts.
 */
function visibleTo(actor: Actor) {
  const key = authorKey(actor);
  return sql<boolean>`(state <> 'Draft' or author_key = ${key})`;
}

/** Narrows a project list; every given criterion must hold. */
export interface ProjectRequestFilter {
  /** Drafts only of this caller. */
  visibleTo?: Actor;
  /** Only this author's requests. */
  author?: Actor;
  /** Only open requests (Draft, In review, Approved, Scheduled). */
  openOnly?: boolean;
  /** Only requests with a change to this flag. */
  feature?: string;
}

/** The project's requests the filter keeps, newest first, capped at CHANGE_REQUEST_LIST_LIMIT. */
export async function listNewestProjectRequests(
  db: Queryable,
  project: string,
  filter: ProjectRequestFilter,
): Promise<ChangeRequestRow[]> {
  const { visibleTo: viewer, author, openOnly, feature } = filter;
  const rows = await selectChangeRequestRows(db)
    .where('project', '=', project)
    .$if(author !== undefined, (query) => query.where('author_key', '=', authorKey(author as Actor)))
    .$if(openOnly === true, (query) => query.where('state', 'in', [...OPEN_CHANGE_REQUEST_STATES]))
    .$if(viewer !== undefined, (query) => query.where(visibleTo(viewer as Actor)))
    .$if(feature !== undefined, (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('change_request_events as e')
            .select(sql`1`.as('one'))
            .whereRef('e.change_request_id', '=', 'change_requests.id')
            .where('e.feature', '=', feature as string),
        ),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CHANGE_REQUEST_LIST_LIMIT)
    .execute();
  return rows.map(toChangeRequestRow);
}

/** How many of the project's sent requests (drafts left out) are in each state. */
export async function countProjectRequestsByState(
  db: Queryable,
  project: string,
): Promise<Array<{ state: string; count: number }>> {
  const rows = await db
    .selectFrom('change_requests')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('project', '=', project)
    .where('state', '<>', 'Draft')
    .groupBy('state')
    .execute();
  return rows.map((row) => ({ state: row.state, count: Number(row.n) }));
}

/**
 * The project's In review, Approved and Scheduled requests that may wait for the actor: In review
 * ones they have not approved and none they have rejected (a token, with no user, has reviewed
 * nothing). Which of them the actor may act on is the caller's permission check.
 */
export async function listActionableCandidates(db: Queryable, project: string, actor: Actor) {
  return db
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
}

/**
 * Scheduled requests of the project with a change to the flag, or to the strategy (an update or
 * deletion of that strategy id), by id.
 */
export async function listScheduledRequestsTouching(
  db: Queryable,
  project: string,
  filter: { feature?: string | undefined; strategyId?: string | undefined },
): Promise<Array<{ id: number; environment: string; title: string | null }>> {
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
  return query.orderBy('cr.id').limit(CHANGE_REQUEST_LIST_LIMIT).execute();
}

/** The users the author asked to review, by id. */
export async function listRequestedApproverUsers(db: Queryable, changeRequestId: number) {
  return db
    .selectFrom('change_request_requested_approvers as ra')
    .innerJoin('users as u', 'u.id', 'ra.user_id')
    .select(['u.id', 'u.email', 'u.username', 'u.name'])
    .where('ra.change_request_id', '=', changeRequestId)
    .orderBy('u.id')
    .execute();
}

// ---- Search ----------------------------------------------------------------------------------

/** A filter on a set of values; `negate` keeps the rows outside it. */
export interface SetFilter<T> {
  negate: boolean;
  values: T[];
}

export interface ChangeRequestSearchFilter {
  /** Drafts only of this caller. */
  visibleTo: Actor;
  hiddenProjects: ReadonlySet<string>;
  createdBy?: SetFilter<number> | undefined;
  requestedApprover?: SetFilter<number> | undefined;
  state?: SetFilter<ChangeRequestState> | undefined;
  limit: number;
  offset: number;
}

/** One page of requests across projects, newest first, with the flags and segments they touch. */
export async function searchChangeRequestRows(db: Queryable, filter: ChangeRequestSearchFilter) {
  const { createdBy, requestedApprover: approver, state } = filter;
  let base = db
    .selectFrom('change_requests as cr')
    .where(sql<boolean>`(cr.state <> 'Draft' or cr.author_key = ${authorKey(filter.visibleTo)})`);
  if (filter.hiddenProjects.size > 0) base = base.where('cr.project', 'not in', [...filter.hiddenProjects]);
  if (createdBy) {
    base = createdBy.negate
      ? base.where((eb) =>
          eb.or([
            eb('cr.created_by_user_id', 'is', null),
            eb('cr.created_by_user_id', 'not in', createdBy.values),
          ]),
        )
      : base.where('cr.created_by_user_id', 'in', createdBy.values);
  }
  if (approver) {
    const asked = sql<boolean>`exists (select 1 from change_request_requested_approvers ra
      where ra.change_request_id = cr.id and ra.user_id in (${sql.join(approver.values)}))`;
    base = base.where(approver.negate ? sql<boolean>`not ${asked}` : asked);
  }
  if (state) base = base.where('cr.state', state.negate ? 'not in' : 'in', state.values);

  const [{ total } = { total: 0 }] = await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  const rows = await base
    .leftJoin('change_request_schedule as s', 's.change_request_id', 'cr.id')
    .select([
      'cr.id',
      'cr.title',
      'cr.environment',
      'cr.project',
      'cr.created_by as createdBy',
      'cr.created_by_user_id as createdByUserId',
      'cr.created_at as createdAt',
      'cr.state',
      's.scheduled_at as scheduledAt',
      's.status as scheduleStatus',
      's.reason as scheduleReason',
      's.failure_reason as failureReason',
      sql<
        string[]
      >`coalesce((select array_agg(distinct e.feature order by e.feature) from change_request_events e
        where e.change_request_id = cr.id and e.feature is not null), '{}')`.as('features'),
      sql<
        string[]
      >`coalesce((select array_agg(distinct coalesce(e.payload->>'name', e.based_on->>'name', '')) from change_request_events e
        where e.change_request_id = cr.id and e.feature is null), '{}')`.as('segments'),
    ])
    .orderBy('cr.created_at', 'desc')
    .orderBy('cr.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { total: Number(total), rows };
}

// ---- Due schedules ---------------------------------------------------------------------------

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

/** Pending schedules due now, oldest first, each locked with its request. */
export async function claimDueSchedules(db: Queryable, limit: number): Promise<DueSchedule[]> {
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
    for update of s, cr skip locked`.execute(db);
  return rows;
}
