import type { OutboxEntry } from '../../offline/outbox';
import type { createdFlagSnapshot } from '../flag-page/index';
import type { FlagListQuery } from './flag-filters';

export type CreatedFlag = ReturnType<typeof createdFlagSnapshot>;

/** A flag created offline, not on the server yet, as the flag list shows it. */
export interface PendingFlagRow {
  flag: CreatedFlag;
  entry: OutboxEntry;
}

const flagKey = (flag: { project: string; name: string }) => `${flag.project}/${flag.name}`;

/** Whether a flag not on the server yet would be in the list with these filters. */
function matches(flag: CreatedFlag, list: FlagListQuery): boolean {
  if (list.project && flag.project !== list.project) return false;
  if (list.types.length > 0 && !list.types.includes(flag.type)) return false;
  // A new flag is never stale.
  if (list.state === 'stale') return false;
  const query = list.query.trim().toLowerCase();
  return (
    !query ||
    flag.name.toLowerCase().includes(query) ||
    (flag.description ?? '').toLowerCase().includes(query)
  );
}

/**
 * The flags queued for creation in the active profile that match the list's filters and are not in
 * the server's answer yet, oldest first: the list shows them above the server's rows, marked pending.
 */
export function pendingCreatedFlags(
  outbox: readonly OutboxEntry[],
  list: FlagListQuery,
  onServer: readonly { project: string; name: string }[],
): PendingFlagRow[] {
  const known = new Set(onServer.map(flagKey));
  const rows: PendingFlagRow[] = [];
  for (const entry of outbox) {
    if (entry.kind !== 'flag' || entry.base !== null || !entry.mine) continue;
    const flag = entry.mine as CreatedFlag;
    if (known.has(flagKey(flag)) || !matches(flag, list)) continue;
    known.add(flagKey(flag));
    rows.push({ flag, entry });
  }
  return rows;
}

/** The newest queued edit of a flag on the server (its settings, environments, strategies, …). */
export function latestFlagEdit(
  outbox: readonly OutboxEntry[],
  flag: { project: string; name: string },
): OutboxEntry | undefined {
  const key = flagKey(flag);
  // Strategy targets encode each part of their location; flag targets do not.
  const strategyPrefix = `${encodeURIComponent(flag.project)}/${encodeURIComponent(flag.name)}/`;
  let latest: OutboxEntry | undefined;
  for (const entry of outbox) {
    const ofFlag =
      entry.kind === 'strategy' || entry.kind === 'strategy-order'
        ? entry.target.startsWith(strategyPrefix)
        : entry.kind.startsWith('flag') &&
          entry.kind !== 'flag-tag' &&
          (entry.target === key || entry.target.startsWith(`${key}/`));
    if (ofFlag) latest = entry;
  }
  return latest;
}
