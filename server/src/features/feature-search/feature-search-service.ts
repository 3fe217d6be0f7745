import type { FeatureSearchQuery, FeatureSearchResult } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import * as store from './feature-search-store';

/** The page size's default and maximum. */
export const SEARCH_LIMITS = store.SEARCH_LIMITS;

/**
 * Searches flags and returns one page of results with the total count, leaving out the projects
 * the caller may not see; `userId` marks (and may order first) the user's favourites.
 */
export function searchFeatures(
  db: Queryable,
  query: FeatureSearchQuery,
  hiddenProjects: ReadonlySet<string> = new Set(),
  userId: number | null = null,
): Promise<{ features: FeatureSearchResult[]; total: number }> {
  return store.searchFeatures(db, query, hiddenProjects, userId);
}
