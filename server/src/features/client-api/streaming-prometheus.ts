import { Gauge, type Registry } from 'prom-client';
import type { StreamingHub } from './client-streaming';

/**
 * The streaming hub on /internal-backstage/prometheus: open streams, changes sent, and how long
 * the last change took from the start of its pass to the last stream written (delta included).
 */
export function registerStreamingGauges(registry: Registry, hub: StreamingHub): void {
  new Gauge({
    name: 'switchyard_sdk_streaming',
    help: 'SDK streaming: open streams, changes fanned out, and the last change (streams written, fan-out and delta milliseconds)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      const stats = hub.stats();
      this.set({ kind: 'streams' }, stats.streams);
      this.set({ kind: 'changes' }, stats.changes);
      this.set({ kind: 'last_fanout_streams' }, stats.lastStreams);
      this.set({ kind: 'last_fanout_ms' }, stats.lastMs);
      this.set({ kind: 'last_delta_ms' }, stats.lastDeltaMs);
    },
  });
}
