import { FEATURE_PAGE_SIZE, type FeatureSearchFilters } from '../../api/search-params';

/** The flag list's filters as they sit in the URL query (`/features?project=default&page=2`). */
export type FlagSort = NonNullable<FeatureSearchFilters['sortBy']>;
const SORTS: readonly FlagSort[] = ['name', 'createdAt', 'type', 'project', 'lastSeenAt'];

export interface FlagListQuery {
  query: string;
  project: string | null;
  types: string[];
  state: 'stale' | 'active' | null;
  page: number;
  sortBy: FlagSort;
  sortOrder: 'asc' | 'desc';
}

export function readFlagQuery(query: Record<string, string>): FlagListQuery {
  const page = Number.parseInt(query.page ?? '1', 10);
  const sortBy = SORTS.find((sort) => sort === query.sortBy) ?? 'createdAt';
  return {
    query: query.query ?? '',
    project: query.project || null,
    types: query.type ? query.type.split(',').filter(Boolean) : [],
    state: query.state === 'stale' || query.state === 'active' ? query.state : null,
    page: Number.isFinite(page) && page > 0 ? page : 1,
    sortBy,
    sortOrder:
      query.sortOrder === 'asc'
        ? 'asc'
        : query.sortOrder === 'desc'
          ? 'desc'
          : sortBy === 'name'
            ? 'asc'
            : 'desc',
  };
}

export function writeFlagQuery(list: FlagListQuery): Record<string, string | number | null> {
  return {
    query: list.query || null,
    project: list.project,
    type: list.types.length ? list.types.join(',') : null,
    state: list.state,
    page: list.page > 1 ? list.page : null,
    sortBy: list.sortBy === 'createdAt' ? null : list.sortBy,
    sortOrder: list.sortOrder,
  };
}

export function toSearchFilters(list: FlagListQuery): FeatureSearchFilters {
  return {
    query: list.query,
    project: list.project,
    types: list.types,
    state: list.state,
    sortBy: list.sortBy,
    sortOrder: list.sortOrder,
    offset: (list.page - 1) * FEATURE_PAGE_SIZE,
    limit: FEATURE_PAGE_SIZE,
  };
}

/** One cache entry per filter combination, with a stable key. */
export function flagListKey(list: FlagListQuery): string {
  const filters = toSearchFilters(list);
  return `flags?${JSON.stringify([filters.query?.trim() ?? '', filters.project, [...(filters.types ?? [])].sort(), filters.state, filters.sortBy, filters.sortOrder, filters.offset, filters.limit])}`;
}
