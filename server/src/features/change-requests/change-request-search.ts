import { sql } from 'kysely';
import { Type } from 'typebox';
import {
  CHANGE_REQUEST_STATES,
  type ChangeRequestSearchItem,
  ChangeRequestSearchResponseSchema,
  type ChangeRequestState,
  errorResponses,
  OPEN_CHANGE_REQUEST_STATES,
} from '../../../contract';
import type { Db } from '../../db/database';
import type { App } from '../../http/app-type';
import { ApiError } from '../../lib/errors';
import { parseCount, parseFilter } from '../../lib/query-filters';
import { type Actor, actorFromRequest, avatarUrl, type Queryable } from '../events';
import { authorKey } from './change-request-store';

/** Unleash's search pages default to 50 rows; a page is bounded so no query returns everything. */
export const SEARCH_DEFAULT_LIMIT = 50;
export const SEARCH_MAX_LIMIT = 1000;
const MAX_OFFSET = 2_147_483_647;
const MAX_INT4 = 2_147_483_647;

/** Every filter is a bounded string in Unleash's operator syntax (`IS:3`, `IS_ANY_OF:Draft,Approved`). */
const Filter = Type.Optional(Type.String({ maxLength: 1000 }));
export const SearchQuery = Type.Object({
  createdBy: Filter,
  requestedApproverId: Filter,
  state: Filter,
  offset: Type.Optional(Type.String({ maxLength: 20 })),
  limit: Type.Optional(Type.String({ maxLength: 20 })),
});

export interface ChangeRequestSearch {
  createdBy?: string | undefined;
  requestedApproverId?: string | undefined;
  state?: string | undefined;
  offset?: string | undefined;
  limit?: string | undefined;
}

interface IdFilter {
  negate: boolean;
  ids: number[];
}

const badFilter = (name: string, message: string) =>
  new ApiError('BadDataError', `Invalid "${name}" filter: ${message}`, {
    details: [{ message, path: `/querystring/${name}` }],
  });

/** A user-id filter: `IS:12` or `IS_ANY_OF:12,13` (IS_NOT/IS_NONE_OF exclude). */
function userIdFilter(name: string, raw: string | undefined): IdFilter | undefined {
  const filter = parseFilter(raw);
  if (!filter) return undefined;
  if (!['IS', 'IS_ANY_OF', 'IS_NOT', 'IS_NONE_OF'].includes(filter.operator)) {
    throw badFilter(name, `the ${filter.operator} operator does not apply to user ids`);
  }
  const ids = filter.values.map((value) => {
    if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INT4 || Number(value) < 1) {
      throw badFilter(name, `"${value.slice(0, 50)}" is not a user id`);
    }
    return Number(value);
  });
  return { negate: filter.operator === 'IS_NOT' || filter.operator === 'IS_NONE_OF', ids };
}

/**
 * A state filter over the seven states, plus `open` (Draft, In review, Approved, Scheduled) and
 * `closed` (Applied, Cancelled, Rejected) as the console's tabs ask.
 */
function stateFilter(raw: string | undefined): { negate: boolean; states: ChangeRequestState[] } | undefined {
  const filter = parseFilter(raw);
  if (!filter) return undefined;
  if (!['IS', 'IS_ANY_OF', 'IS_NOT', 'IS_NONE_OF'].includes(filter.operator)) {
    throw badFilter('state', `the ${filter.operator} operator does not apply to states`);
  }
  const states = new Set<ChangeRequestState>();
  for (const value of filter.values) {
    const lower = value.toLowerCase();
    if (lower === 'open') for (const state of OPEN_CHANGE_REQUEST_STATES) states.add(state);
    else if (lower === 'closed')
      for (const state of ['Applied', 'Cancelled', 'Rejected'] as const) states.add(state);
    else {
      const state = CHANGE_REQUEST_STATES.find((known) => known.toLowerCase() === lower);
      if (!state) throw badFilter('state', `"${value.slice(0, 50)}" is not a change-request state`);
      states.add(state);
    }
  }
  return { negate: filter.operator === 'IS_NOT' || filter.operator === 'IS_NONE_OF', states: [...states] };
}

/**
 * `GET /api/admin/search/change-requests`: requests across the projects the caller can see
 * (private projects they cannot see are left out, issue 24), newest first, one bounded page
 * and the total. Drafts stay their author's.
 */
export async function searchChangeRequests(
  db: Queryable,
  query: ChangeRequestSearch,
  actor: Actor,
  hiddenProjects: ReadonlySet<string>,
): Promise<{ changeRequests: ChangeRequestSearchItem[]; total: number }> {
  const createdBy = userIdFilter('createdBy', query.createdBy);
  const approver = userIdFilter('requestedApproverId', query.requestedApproverId);
  const state = stateFilter(query.state);
  const limit = parseCount(query.limit, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT);
  const offset = parseCount(query.offset, 0, MAX_OFFSET);

  let base = db
    .selectFrom('change_requests as cr')
    .where(sql<boolean>`(cr.state <> 'Draft' or cr.author_key = ${authorKey(actor)})`);
  if (hiddenProjects.size > 0) base = base.where('cr.project', 'not in', [...hiddenProjects]);
  if (createdBy) {
    base = createdBy.negate
      ? base.where((eb) =>
          eb.or([
            eb('cr.created_by_user_id', 'is', null),
            eb('cr.created_by_user_id', 'not in', createdBy.ids),
          ]),
        )
      : base.where('cr.created_by_user_id', 'in', createdBy.ids);
  }
  if (approver) {
    const asked = sql<boolean>`exists (select 1 from change_request_requested_approvers ra
      where ra.change_request_id = cr.id and ra.user_id in (${sql.join(approver.ids)}))`;
    base = base.where(approver.negate ? sql<boolean>`not ${asked}` : asked);
  }
  if (state) base = base.where('cr.state', state.negate ? 'not in' : 'in', state.states);

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
    .limit(limit)
    .offset(offset)
    .execute();

  return {
    total: Number(total),
    changeRequests: rows.map((row) => ({
      id: row.id,
      ...(row.title !== null ? { title: row.title } : {}),
      environment: row.environment,
      project: row.project,
      createdBy: {
        ...(row.createdByUserId !== null ? { id: row.createdByUserId } : {}),
        username: row.createdBy,
        imageUrl: avatarUrl(row.createdBy),
      },
      createdAt: row.createdAt.toISOString(),
      features: row.features,
      segments: row.segments,
      state: row.state as ChangeRequestState,
      ...(row.scheduledAt && row.scheduleStatus
        ? {
            schedule: {
              scheduledAt: row.scheduledAt.toISOString(),
              status: row.scheduleStatus as 'pending' | 'failed' | 'suspended',
              ...(row.scheduleReason !== null ? { reason: row.scheduleReason } : {}),
              ...(row.scheduleStatus === 'failed' ? { failureReason: row.failureReason } : {}),
            },
          }
        : {}),
    })),
  };
}

export async function changeRequestSearchRoutes(app: App, { db }: { db: Db }): Promise<void> {
  app.get(
    '/api/admin/search/change-requests',
    {
      config: { permission: 'AUTHENTICATED' },
      schema: {
        operationId: 'searchChangeRequests',
        tags: ['Change Requests'],
        querystring: SearchQuery,
        response: { 200: ChangeRequestSearchResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      searchChangeRequests(db, request.query, actorFromRequest(request), await request.hiddenProjects()),
  );
}
