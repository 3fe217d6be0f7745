import { Gauge, type Registry } from 'prom-client';
import type { ClientFeatureCache } from './client-feature-cache';
import type { StreamingHub } from './client-streaming';

/** One gauge labelled by `kind`, read from `values` at each scrape. */
function registerKindGauge(
  registry: Registry,
  name: string,
  help: string,
  values: () => Record<string, number>,
): void {
  new Gauge({
    name,
    help,
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      for (const [kind, value] of Object.entries(values())) this.set({ kind }, value);
    },
  });
}

/**
 * The streaming hub on /internal-backstage/prometheus: open streams, changes sent, and how long
 * the last change took from the start of its pass to the last stream written (delta included).
 */
export function registerStreamingGauges(registry: Registry, hub: StreamingHub): void {
  registerKindGauge(
    registry,
    'switchyard_sdk_streaming',
    'SDK streaming: open streams, changes fanned out, and the last change (streams written, fan-out and delta milliseconds)',
    () => {
      const stats = hub.stats();
      return {
        streams: stats.streams,
        changes: stats.changes,
        last_fanout_streams: stats.lastStreams,
        last_fanout_ms: stats.lastMs,
        last_delta_ms: stats.lastDeltaMs,
      };
    },
  );
}

/**
 * How the SDK snapshots follow changes: updates made in place (the flags a change touches), full
 * loads, and the last one's milliseconds.
 */
export function registerSnapshotGauges(registry: Registry, cache: ClientFeatureCache): void {
  registerKindGauge(
    registry,
    'switchyard_sdk_snapshot',
    'SDK snapshot refreshes: incremental updates, full loads, and the last refresh in milliseconds',
    () => {
      const stats = cache.stats();
      return {
        incremental_updates: stats.incrementalUpdates,
        full_loads: stats.fullLoads,
        last_refresh_ms: stats.lastRefreshMs,
      };
    },
  );
}
