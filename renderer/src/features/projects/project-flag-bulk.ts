import type { ApiClient } from '../../api/client';

/** One bulk action on selected flags of a project, sent to Unleash's bulk endpoints (issue 24 part 5). */
export type BulkAction =
  | { kind: 'archive' }
  | { kind: 'stale'; stale: boolean }
  | { kind: 'environment'; environment: string; enabled: boolean }
  | { kind: 'tag'; type: string; value: string; add: boolean };

const enc = encodeURIComponent;

/** What the confirmation asks, with the count of flags it touches. */
export function describeBulkAction(action: BulkAction, count: number): string {
  const flags = count === 1 ? '1 flag' : `${count.toLocaleString()} flags`;
  switch (action.kind) {
    case 'archive':
      return `Archive ${flags}`;
    case 'stale':
      return action.stale ? `Mark ${flags} as stale` : `Mark ${flags} as not stale`;
    case 'environment':
      return `${action.enabled ? 'Enable' : 'Disable'} ${flags} in ${action.environment}`;
    case 'tag':
      return action.add
        ? `Add the tag ${action.type}:${action.value} to ${flags}`
        : `Remove the tag ${action.type}:${action.value} from ${flags}`;
  }
}

/** Sends one bulk action: every endpoint applies it to all the flags in one transaction, or to none. */
export async function runBulkAction(
  client: ApiClient,
  project: string,
  action: BulkAction,
  features: readonly string[],
): Promise<void> {
  const base = `/api/admin/projects/${enc(project)}`;
  const list = [...features];
  switch (action.kind) {
    case 'archive':
      await client.post(`${base}/archive`, { features: list });
      return;
    case 'stale':
      await client.post(`${base}/stale`, { features: list, stale: action.stale });
      return;
    case 'environment':
      await client.post(
        `${base}/bulk_features/environments/${enc(action.environment)}/${action.enabled ? 'on' : 'off'}`,
        { features: list },
      );
      return;
    case 'tag': {
      const tag = { type: action.type, value: action.value };
      await client.put(`${base}/tags`, {
        features: list,
        tags: { addedTags: action.add ? [tag] : [], removedTags: action.add ? [] : [tag] },
      });
      return;
    }
  }
}

/** The filters and columns of a project's flag list, kept per project in localStorage. */
export interface FlagListView {
  query: string;
  state: 'stale' | 'active' | null;
  /** The lifecycle stage to show, or null for all. */
  lifecycle: string | null;
  columns: FlagColumn[];
}

export const FLAG_COLUMNS = ['type', 'lifecycle', 'environments', 'createdAt'] as const;
export type FlagColumn = (typeof FLAG_COLUMNS)[number];

const DEFAULT_VIEW: FlagListView = { query: '', state: null, lifecycle: null, columns: [...FLAG_COLUMNS] };

export const flagListViewKey = (project: string) => `switchyard:project-flags:${project}`;

export function loadFlagListView(project: string): FlagListView {
  try {
    const raw = globalThis.localStorage?.getItem(flagListViewKey(project));
    if (!raw) return DEFAULT_VIEW;
    const parsed = JSON.parse(raw) as Partial<FlagListView>;
    return {
      query: typeof parsed.query === 'string' ? parsed.query : '',
      state: parsed.state === 'stale' || parsed.state === 'active' ? parsed.state : null,
      lifecycle: typeof parsed.lifecycle === 'string' ? parsed.lifecycle : null,
      columns: Array.isArray(parsed.columns)
        ? FLAG_COLUMNS.filter((column) => parsed.columns?.includes(column))
        : [...FLAG_COLUMNS],
    };
  } catch {
    // A corrupt or unavailable store falls back to the defaults rather than breaking the page.
    return DEFAULT_VIEW;
  }
}

export function saveFlagListView(project: string, view: FlagListView): void {
  try {
    globalThis.localStorage?.setItem(flagListViewKey(project), JSON.stringify(view));
  } catch {
    // Storage full or disabled: the view simply is not remembered.
  }
}
