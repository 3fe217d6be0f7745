import { SCIM_MAX_PAGE, type ScimListQuery } from '../../../contract';

/**
 * RFC 7644 §3.4.2.4: `startIndex` is 1-based (below 1 means 1), `count` is a page size the
 * server may lower; this server answers at most SCIM_MAX_PAGE resources per page.
 */
export function pageOf(query: Pick<ScimListQuery, 'startIndex' | 'count'>): {
  offset: number;
  limit: number;
} {
  const start = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(SCIM_MAX_PAGE, Math.max(0, query.count ?? SCIM_MAX_PAGE));
  return { offset: start - 1, limit: count };
}
