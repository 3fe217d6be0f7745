import type { QueryValue } from './client';

/**
 * Unleash's search endpoints take operator-prefixed filters (shared/unleash/API.md §6.2
 * "Feature search", §8.2): `project=IS:default`, `type=IS_ANY_OF:release,experiment`,
 * `state=IS:stale`, `from=IS:2024-01-01`.
 */
export type SortOrder = 'asc' | 'desc';

export interface FeatureSearchFilters {
  query?: string;
  project?: string | null;
  types?: readonly string[];
  state?: 'stale' | 'active' | null;
  /** A lifecycle stage (issue 14): `initial`, `pre-live`, `live`, `completed`. */
  lifecycle?: string | null;
  /** `type:value` of a tag. */
  tag?: string | null;
  sortBy?: 'name' | 'createdAt' | 'type' | 'project' | 'lastSeenAt';
  sortOrder?: SortOrder;
  offset?: number;
  limit?: number;
}

export const FEATURE_PAGE_SIZE = 50;

export function featureSearchQuery(filters: FeatureSearchFilters): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  const text = filters.query?.trim();
  if (text) query.query = text;
  if (filters.project) query.project = `IS:${filters.project}`;
  if (filters.types?.length === 1) query.type = `IS:${filters.types[0]}`;
  else if (filters.types && filters.types.length > 1) query.type = `IS_ANY_OF:${filters.types.join(',')}`;
  if (filters.state === 'stale') query.state = 'IS:stale';
  if (filters.state === 'active') query.state = 'IS_NOT:stale';
  if (filters.lifecycle) query.lifecycle = `IS:${filters.lifecycle}`;
  if (filters.tag?.includes(':')) query.tag = `INCLUDE:${filters.tag}`;
  query.sortBy = filters.sortBy ?? 'createdAt';
  query.sortOrder = filters.sortOrder ?? 'desc';
  query.offset = filters.offset ?? 0;
  query.limit = filters.limit ?? FEATURE_PAGE_SIZE;
  return query;
}

export interface EventSearchFilters {
  query?: string;
  type?: string | null;
  project?: string | null;
  feature?: string | null;
  createdBy?: string | null;
  environment?: string | null;
  /** `yyyy-MM-dd` */
  from?: string | null;
  to?: string | null;
  offset?: number;
  limit?: number;
}

export const EVENT_PAGE_SIZE = 50;

export function eventSearchQuery(filters: EventSearchFilters): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  const text = filters.query?.trim();
  if (text) query.query = text;
  const is = (value: string | null | undefined) => (value?.trim() ? `IS:${value.trim()}` : undefined);
  query.type = is(filters.type);
  query.project = is(filters.project);
  query.feature = is(filters.feature);
  query.createdBy = is(filters.createdBy);
  query.environment = is(filters.environment);
  query.from = is(filters.from);
  query.to = is(filters.to);
  query.offset = filters.offset ?? 0;
  query.limit = filters.limit ?? EVENT_PAGE_SIZE;
  return query;
}
