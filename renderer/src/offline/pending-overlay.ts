import type { OutboxEntry } from './outbox';

/** One object of a list as the console shows it, with the newest edit of it still in the outbox. */
export interface PendingRow<T> {
  item: T;
  pending?: OutboxEntry;
}

/**
 * The server's objects with the newest queued edit of each laid over them, then the objects queued
 * for creation. One queued for deletion stays in its place, its edit's `mine` null, so the screen can
 * strike it through.
 */
export function overlayPending<T, S>(
  items: readonly T[],
  outbox: readonly OutboxEntry[],
  kind: string,
  keyOf: (item: T) => string,
  fromSnapshot: (mine: S, base?: T) => T,
): PendingRow<T>[] {
  const latest = new Map<string, OutboxEntry>();
  for (const entry of outbox) if (entry.kind === kind) latest.set(entry.target, entry);
  const rows: PendingRow<T>[] = items.map((item) => {
    const pending = latest.get(keyOf(item));
    const mine = pending?.mine as S | null | undefined;
    return { item: mine ? fromSnapshot(mine, item) : item, ...(pending ? { pending } : {}) };
  });
  for (const [key, pending] of latest) {
    if (items.some((item) => keyOf(item) === key) || !pending.mine) continue;
    rows.push({ item: fromSnapshot(pending.mine as S), pending });
  }
  return rows;
}
