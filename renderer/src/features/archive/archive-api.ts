import type { AdminApi } from '../../api/admin-api';
import { type FeatureSearchFilters, featureSearchQuery } from '../../api/search-params';
import type { FeatureSearchResponse } from '../../api/types';

const enc = encodeURIComponent;

/** Archived flags: read through feature search (Unleash's UI does the same), changed per project in bulk. */
export function archiveApi(api: AdminApi) {
  const { client } = api;
  return {
    search: (filters: FeatureSearchFilters, signal?: AbortSignal) =>
      client.get<FeatureSearchResponse>(
        '/api/admin/search/features',
        { ...featureSearchQuery(filters), archived: 'IS:true' },
        signal,
      ),
    revive: (project: string, features: readonly string[]) =>
      client.post<unknown>(`/api/admin/projects/${enc(project)}/revive`, { features }),
    remove: (project: string, features: readonly string[]) =>
      client.post<unknown>(`/api/admin/projects/${enc(project)}/delete`, { features }),
  };
}

/** Flag names grouped by their project, for the per-project bulk endpoints. */
export function byProject(flags: readonly { name: string; project: string }[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const flag of flags) groups.set(flag.project, [...(groups.get(flag.project) ?? []), flag.name]);
  return groups;
}
