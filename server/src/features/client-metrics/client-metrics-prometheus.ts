import { Counter, Gauge, type Registry } from 'prom-client';
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
  // Issue 31: SDK registrations a token's new-application (or new-instance) budget refused. Their
  // flag metrics are kept; only the registration is lost, and this says how many were.
  const reported = { application_budget: 0, instance_budget: 0 };
  new Counter({
    name: 'switchyard_sdk_registrations_dropped_total',
    help: 'SDK registrations (application instances) not stored because their new application or new instance was over the reporting token budget',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      const stats = service.stats();
      const totals = {
        application_budget: stats.registrationsOverApplicationBudget,
        instance_budget: stats.registrationsOverInstanceBudget,
      };
      for (const reason of ['application_budget', 'instance_budget'] as const) {
        this.inc({ reason }, totals[reason] - reported[reason]);
        reported[reason] = totals[reason];
      }
    },
  });
}
