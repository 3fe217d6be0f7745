import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { QueryPersistence } from '../offline/query-persistence';
import { profileQueryKey } from './server-queries';

/** What the console knows of a write when it asks which shown data it may have changed. */
export interface WriteTarget {
  /** The outbox kind (`flag-environment`, `segment`, ...) or the online-only action's own name. */
  kind: string;
  request: { path: string };
}

/**
 * Reads that change only through writes of the listed kinds (the catalogues a form picks from, and
 * metrics, which no write changes): any other write leaves them as they are instead of asking again.
 */
const CATALOGUES: ReadonlyArray<readonly [keyPrefix: string, kinds: readonly string[]]> = [
  ['strategy-definitions', ['strategy-definition']],
  // An import (issue 18) may create context fields, segments and tag types.
  ['context-fields', ['context-field', 'flag-import']],
  ['segments', ['segment', 'flag-import']],
  ['tag-types', ['tag-type', 'flag-import']],
  ['feature-types', ['feature-type']],
  ['roles', ['role']],
  ['permissions', []],
  ['flag-metrics:', []],
  // Templates change with the server's version, never through a write.
  ['email-preview:', []],
  ['ui-config', ['cors', 'maintenance']],
  ['scim-settings', ['scim-settings']],
  ['password-login-settings', ['password-login-settings']],
];

/**
 * The sections of a flag's page an edit of these kinds can change (by key prefix; `strategies` for
 * its strategies per environment). Kinds not listed (switching an environment, strategy edits,
 * archiving...) may change any of them.
 */
const FLAG_SECTIONS_BY_KIND: Readonly<Record<string, readonly string[]>> = {
  'flag-description': ['flag:', 'flag-events:'],
  'flag-stale': ['flag:', 'flag-events:'],
  'flag-impression-data': ['flag:', 'flag-events:'],
  'flag-tag': ['flag-tags:', 'flag-events:'],
  'flag-variants': ['flag:', 'flag-variants:', 'flag-events:'],
  'flag-dependency': ['flag:', 'flag-parents:', 'flag-events:'],
};

function flagSectionOf(key: string): string {
  return key.startsWith('flag') ? key.slice(0, key.indexOf(':') + 1) : 'strategies';
}

/** The flag an admin API path addresses (`/api/admin/projects/p/features/<name>/...`, `/api/admin/features/<name>/tags`). */
function flagNamed(path: string): string | null {
  const match = /\/features\/([^/?]+)/.exec(path);
  if (!match?.[1]) return null;
  const name = decodeURIComponent(match[1]);
  // `/api/admin/features/validate` and the like name an action, not a flag.
  return name === 'validate' || name === 'bulk_archive' ? null : name;
}

/** Keys of one flag's own reads: its page's sections and its strategies per environment. */
function isFlagScopedKey(key: string): boolean {
  return key.startsWith('flag:') || key.startsWith('flag-') || /\/features\/[^/]+\/environments\//.test(key);
}

/** Whether a flag-scoped key reads the flag `name` (keys separate names with `/`, `:` or `|`). */
function keyNamesFlag(key: string, name: string): boolean {
  return key
    .split(/[/:|?]/)
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    })
    .includes(name);
}

/**
 * Whether a server query (by its console key) may show something `write` changed. Lists and
 * overviews always may; a flag's own reads only for a write to that flag (and only the sections an
 * edit of its kind touches); catalogues only for a write of their kind.
 */
export function mayChange(write: WriteTarget, key: string): boolean {
  for (const [prefix, kinds] of CATALOGUES) {
    if (key.startsWith(prefix)) return kinds.includes(write.kind);
  }
  const flag = flagNamed(write.request.path);
  if (flag !== null && isFlagScopedKey(key)) {
    const sections = FLAG_SECTIONS_BY_KIND[write.kind];
    return keyNamesFlag(key, flag) && (!sections || sections.includes(flagSectionOf(key)));
  }
  return true;
}

/**
 * Marks the active profile's queries the writes may have changed stale: shown ones fetch again (and
 * save their new answer). The saved copies of the others are marked outdated, so a screen opened
 * after a reload (right after the outbox replayed, say) asks the server before showing its copy.
 */
export async function invalidateAfterWrites(
  queryClient: QueryClient,
  persistence: Pick<QueryPersistence, 'markOutdated'>,
  profileId: string,
  writes: readonly WriteTarget[],
): Promise<void> {
  if (writes.length === 0) return;
  const [root, profile] = profileQueryKey(profileId);
  const changed = (queryKey: QueryKey) => {
    if (queryKey[0] !== root || queryKey[1] !== profile) return false;
    const key = queryKey[2];
    return typeof key !== 'string' || writes.some((write) => mayChange(write, key));
  };
  const shown = new Set(
    queryClient
      .getQueryCache()
      .findAll({ queryKey: profileQueryKey(profileId), predicate: (query) => query.getObserversCount() > 0 })
      .map((query) => query.queryHash),
  );
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: profileQueryKey(profileId),
      predicate: (query) => changed(query.queryKey),
    }),
    persistence
      .markOutdated((queryKey) => changed(queryKey) && !shown.has(hashKey(queryKey)))
      .catch(() => undefined),
  ]);
}
