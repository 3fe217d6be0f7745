import { SCIM_MAX_PAGE, SCIM_SCHEMA, type ScimListQuery } from '../../../contract';
import { assertFilterable, parseScimFilter, type ScimEquality } from './scim-filter';

export interface ScimPage {
  offset: number;
  limit: number;
}

/**
 * RFC 7644 §3.4.2.4: `startIndex` is 1-based (below 1 means 1), `count` is a page size the
 * server may lower; this server answers at most SCIM_MAX_PAGE resources per page.
 */
export function pageOf(query: Pick<ScimListQuery, 'startIndex' | 'count'>): ScimPage {
  const start = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(SCIM_MAX_PAGE, Math.max(0, query.count ?? SCIM_MAX_PAGE));
  return { offset: start - 1, limit: count };
}

/** A list query's filter as equality clauses on the attributes a resource type can be filtered by. */
export function filterClausesOf(filter: string | undefined, supported: readonly string[]): ScimEquality[] {
  if (filter === undefined || filter.trim() === '') return [];
  const clauses = parseScimFilter(filter);
  assertFilterable(clauses, supported);
  return clauses;
}

/**
 * One page of matching rows and how many match in all (`totalResults` counts every match, RFC 7644
 * §3.4.2.4); `count=0` asks only for the total, so no rows are read.
 */
export async function countedPage<R>(
  countAll: () => Promise<{ count: string | number | bigint }>,
  readPage: (page: ScimPage) => Promise<R[]>,
  page: ScimPage,
): Promise<{ total: number; rows: R[] }> {
  const counted = await countAll();
  return { total: Number(counted.count), rows: page.limit === 0 ? [] : await readPage(page) };
}

/** RFC 7644 §3.4.2 ListResponse around one page of resources. */
export function listResponse<R>(total: number, page: ScimPage, resources: R[]) {
  return {
    schemas: [SCIM_SCHEMA.listResponse],
    totalResults: total,
    startIndex: page.offset + 1,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
