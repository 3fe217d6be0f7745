import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { FEATURE_PAGE_SIZE } from '../../api/search-params';
import { useProfileOutbox } from '../../stores/use-outbox';
import { useServerData } from '../../stores/use-server-data';
import type { FlagListQuery } from '../flags/index';
import { pendingCreatedFlags } from '../flags/index';
import { type FlagListView, loadFlagListView, saveFlagListView } from './project-flag-bulk';

/** The flag-list filters a pending row is matched against; the project list sets its own. */
const DEFAULT_PENDING_QUERY: FlagListQuery = {
  query: '',
  project: null,
  types: [],
  state: null,
  page: 1,
  sortBy: 'name',
  sortOrder: 'asc',
};

/** A set of selected names, each toggled on its own. */
function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (name: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  return { selected, setSelected, toggle };
}

/**
 * The project flag list's view (filters and columns, saved per project), its search text, page and
 * row selection, and the server's page of flags with the flags created offline above it.
 */
export function useProjectFlags(projectId: string) {
  const [view, setView] = useState<FlagListView>(() => loadFlagListView(projectId));
  const [text, setText] = useState(view.query);
  const [debounced] = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);
  const { selected, setSelected, toggle } = useSelection();

  const changeView = (changes: Partial<FlagListView>) => {
    const next = { ...view, ...changes };
    setView(next);
    saveFlagListView(projectId, next);
    setPage(1);
    setSelected(new Set());
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text changes the search
  useEffect(() => {
    if (debounced !== view.query) changeView({ query: debounced });
  }, [debounced]);

  const filters = {
    project: projectId,
    query: view.query,
    state: view.state,
    lifecycle: view.lifecycle,
    sortBy: 'name' as const,
    sortOrder: 'asc' as const,
    offset: (page - 1) * FEATURE_PAGE_SIZE,
    limit: FEATURE_PAGE_SIZE,
  };
  const flags = useServerData(`project-flags:${JSON.stringify(filters)}`, (api, signal) =>
    api.searchFeatures(filters, signal),
  );
  const rows = flags.data?.features ?? [];
  // Flags created offline in this project, above the server's rows until the replay sends them.
  const outbox = useProfileOutbox();
  const pendingRows =
    page === 1 && !view.lifecycle
      ? pendingCreatedFlags(
          outbox,
          { ...DEFAULT_PENDING_QUERY, project: projectId, query: view.query, state: view.state },
          rows,
        )
      : [];
  const total = flags.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / FEATURE_PAGE_SIZE));
  const onPage = rows.map((row) => row.name);
  const selectedOnPage = onPage.filter((name) => selected.has(name));
  const allOnPage = onPage.length > 0 && selectedOnPage.length === onPage.length;

  const toggleAll = () => setSelected(allOnPage ? new Set() : new Set(onPage));
  const clearSelection = () => setSelected(new Set());
  const goToPage = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };

  return {
    view,
    changeView,
    text,
    setText,
    page,
    pages,
    goToPage,
    total,
    flags,
    rows,
    pendingRows,
    selected,
    toggle,
    toggleAll,
    clearSelection,
    allOnPage,
    someOnPage: selectedOnPage.length > 0 && !allOnPage,
  };
}
