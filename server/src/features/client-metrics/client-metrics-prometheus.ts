import { Gauge, type Registry } from 'prom-client';
import type { ClientMetricsService } from './client-metrics-service';

/**
 * The metrics pipeline's own health on /internal-backstage/prometheus: what is buffered and what
 * the limits refused or the database dropped (issue 12 §5), read from the service at scrape time.
 */
export function registerClientMetricsGauges(registry: Registry, service: ClientMetricsService): void {
  new Gauge({
    name: 'switchyard_sdk_reports',
    help: 'SDK metrics pipeline: buffered rows and bytes, and totals of dropped rows (buffer full), refused applications and instances (creation limits), rows the database refused, failed flushes',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      for (const [kind, value] of Object.entries(service.stats())) this.set({ kind }, value);
    },
  });
}
