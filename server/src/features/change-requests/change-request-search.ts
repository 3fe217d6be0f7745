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
import type { Queryable } from '../../db/queryable';
import type { App } from '../../http/app-type';
import { ApiError } from '../../lib/errors';
import { parseCount, parseFilter } from '../../lib/query-filters';
import { type Actor, actorFromRequest, avatarUrl } from '../events';
import { type SetFilter, searchChangeRequestRows } from './change-request-list-store';

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

const badFilter = (name: string, message: string) =>
  new ApiError('BadDataError', `Invalid "${name}" filter: ${message}`, {
    details: [{ message, path: `/querystring/${name}` }],
  });

/** A user-id filter: `IS:12` or `IS_ANY_OF:12,13` (IS_NOT/IS_NONE_OF exclude). */
function userIdFilter(name: string, raw: string | undefined): SetFilter<number> | undefined {
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
  return { negate: filter.operator === 'IS_NOT' || filter.operator === 'IS_NONE_OF', values: ids };
}

/**
 * A state filter over the seven states, plus `open` (Draft, In review, Approved, Scheduled) and
 * `closed` (Applied, Cancelled, Rejected) as the console's tabs ask.
 */
function stateFilter(raw: string | undefined): SetFilter<ChangeRequestState> | undefined {
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
  return { negate: filter.operator === 'IS_NOT' || filter.operator === 'IS_NONE_OF', values: [...states] };
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

  const { total, rows } = await searchChangeRequestRows(db, {
    visibleTo: actor,
    hiddenProjects,
    createdBy,
    requestedApprover: approver,
    state,
    limit,
    offset,
  });

  return {
    total,
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
