import { latestFor, type OutboxEntry } from '../../offline/outbox';
import type { Row } from './StrategyCard';
import type { FeatureStrategy, StrategyLocation } from './strategies-api';
import {
  isPendingCreation,
  locationKey,
  type StrategySnapshot,
  sortStrategies,
  strategyTarget,
} from './strategy-edits';

/**
 * The strategies a panel shows: the server's, in the order queued offline if any, each with its queued
 * edit laid over it, then the strategies queued for creation.
 */
export function strategyRows(
  server: readonly FeatureStrategy[],
  outbox: readonly OutboxEntry[],
  profileId: string,
  location: StrategyLocation,
): Row[] {
  const key = locationKey(location);
  const rows: Row[] = sortStrategies(server).map((serverStrategy) => {
    const entry = latestFor(outbox, profileId, 'strategy', strategyTarget(location, serverStrategy.id));
    const mine = entry?.mine as StrategySnapshot | null | undefined;
    const strategy = mine ? { ...serverStrategy, ...mine } : serverStrategy;
    return {
      strategy,
      shown: strategy,
      entry,
      key: serverStrategy.id,
      pendingDelete: entry !== undefined && mine === null,
    };
  });
  const order = latestFor(outbox, profileId, 'strategy-order', key)?.mine as string[] | undefined;
  if (order) rows.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  for (const entry of outbox) {
    if (entry.kind !== 'strategy' || !entry.target.startsWith(`${key}/`) || !isPendingCreation(entry.target))
      continue;
    rows.push({
      strategy: null,
      shown: entry.mine as StrategySnapshot,
      entry,
      key: entry.id,
      pendingDelete: false,
    });
  }
  return rows;
}
