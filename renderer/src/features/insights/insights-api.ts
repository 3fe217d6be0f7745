import type { Static } from 'typebox';
import type {
  InstanceInsights,
  LifecycleTrends,
  ProjectStatus,
  SearchFeaturesSchema,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';

export type SearchedFlag = Static<typeof SearchFeaturesSchema>['features'][number];

/** How many flags to clean up the health table lists (oldest first). */
export const CLEANUP_LIMIT = 50;

export interface InsightsPageData {
  insights: InstanceInsights;
  lifecycle: LifecycleTrends;
  cleanup: { flags: SearchedFlag[]; total: number };
}

/**
 * The dashboard's reads (shared/unleash/API.md §6 "Admin UI"): the period's trends, the lifecycle
 * of the chosen projects, and the stale or potentially stale flags to clean up.
 */
export async function loadInsightsPage(
  client: ApiClient,
  filters: { from: string; to: string; projects: readonly string[] },
): Promise<InsightsPageData> {
  const projects = filters.projects.join(',');
  const [insights, lifecycle, cleanup] = await Promise.all([
    client.get<InstanceInsights>('/api/admin/insights', { from: filters.from, to: filters.to }),
    client.get<LifecycleTrends>('/api/admin/insights/lifecycle', projects ? { projects } : undefined),
    client.get<Static<typeof SearchFeaturesSchema>>('/api/admin/search/features', {
      state: 'IS_ANY_OF:stale,potentially-stale',
      ...(projects ? { project: `IS_ANY_OF:${projects}` } : {}),
      sortBy: 'createdAt',
      sortOrder: 'asc',
      limit: CLEANUP_LIMIT,
    }),
  ]);
  return { insights, lifecycle, cleanup: { flags: cleanup.features, total: cleanup.total } };
}

export function loadProjectStatus(client: ApiClient, projectId: string): Promise<ProjectStatus> {
  return client.get<ProjectStatus>(`/api/admin/projects/${encodeURIComponent(projectId)}/status`);
}
