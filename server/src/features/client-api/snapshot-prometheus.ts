import { Gauge, type Registry } from 'prom-client';
import type { ClientFeatureCache } from './client-feature-cache';

/**
 * How the SDK snapshots follow changes, on /internal-backstage/prometheus: updates made in place
 * (the flags a change touches), full loads, and the last one's milliseconds.
 */
export function registerSnapshotGauges(registry: Registry, cache: ClientFeatureCache): void {
  new Gauge({
    name: 'switchyard_sdk_snapshot',
    help: 'SDK snapshot refreshes: incremental updates, full loads, and the last refresh in milliseconds',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const stats = cache.stats();
      this.set({ kind: 'incremental_updates' }, stats.incrementalUpdates);
      this.set({ kind: 'full_loads' }, stats.fullLoads);
      this.set({ kind: 'last_refresh_ms' }, stats.lastRefreshMs);
    },
  });
}
