import { useState } from 'react';
import { useServerData } from '../../stores/use-server-data';
import { archiveApi } from './archive-api';

export const ARCHIVE_PAGE_SIZE = 100;

/**
 * The archive's search: text, project filter and page offset (a new search or project goes back
 * to the first page), the matching page, and the projects to filter by (all-projects view only).
 */
export function useArchiveSearch(project: string | undefined) {
  const [query, setQueryValue] = useState('');
  const [projectFilter, setProjectFilterValue] = useState<string>(project ?? '');
  const [offset, setOffset] = useState(0);
  const filters = {
    query,
    project: projectFilter || null,
    offset,
    limit: ARCHIVE_PAGE_SIZE,
    sortBy: 'name',
  } as const;
  const archived = useServerData(`archive|${JSON.stringify(filters)}`, (api, signal) =>
    archiveApi(api).search(filters, signal),
  );
  const projects = useServerData(project ? null : 'projects', (api) => api.listProjects());
  return {
    query,
    setQuery: (next: string) => {
      setQueryValue(next);
      setOffset(0);
    },
    projectFilter,
    setProjectFilter: (next: string) => {
      setProjectFilterValue(next);
      setOffset(0);
    },
    offset,
    setOffset,
    archived,
    projectOptions: project
      ? null
      : (projects.data?.projects ?? []).map((entry) => ({ value: entry.id, label: entry.name })),
  };
}
