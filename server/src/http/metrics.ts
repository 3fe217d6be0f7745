import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { createRequestHistogram } from './request-histogram';

export interface HttpMetrics {
  registry: Registry;
  /** Records a request answered outside Fastify's hooks (the SDK fast path), with the same labels. */
  observe(path: string, method: string, status: number, ms: number): void;
}

/** Milliseconds. */
export const REQUEST_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500];

/**
 * One registry per app instance (tests build many apps in one process), holding the
 * process metrics and a request-duration histogram labelled by route pattern and status.
 */
export function registerHttpMetrics(app: FastifyInstance): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = createRequestHistogram({
    name: 'http_request_duration_milliseconds',
    help: 'HTTP request duration in milliseconds, by route pattern, method and status',
    buckets: REQUEST_BUCKETS,
    registry,
  });
  registerEventLoopDelay(app, registry);
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL, keeps the label set bounded; unmatched paths share one label.
    const path = request.routeOptions.url ?? '(unmatched)';
    duration.observe(path, request.method, reply.statusCode, reply.elapsedTime);
  });
  return { registry, observe: duration.observe };
}

/** Quantiles of the event-loop delay exported per scrape; 1 is the longest stall. */
const LOOP_QUANTILES = [0.5, 0.9, 0.99, 0.999, 1] as const;

/**
 * `switchyard_event_loop_delay_seconds{quantile}`: how long timers and I/O callbacks waited for
 * the event loop since the previous scrape (perf_hooks.monitorEventLoopDelay, 1 ms resolution).
 * Tail latency on the SDK APIs is event-loop delay: a synchronous piece of work or a long GC
 * pause shows here first (issue 21), next to prom-client's `nodejs_gc_duration_seconds`.
 */
function registerEventLoopDelay(app: FastifyInstance, registry: Registry): void {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  app.addHook('onClose', async () => delay.disable());
  new Gauge({
    name: 'switchyard_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape, by quantile (1 = the longest stall)',
    labelNames: ['quantile'] as const,
    registers: [registry],
    collect() {
      for (const quantile of LOOP_QUANTILES) {
        const nanos = quantile === 1 ? delay.max : delay.percentile(quantile * 100);
        // No sample yet (a scrape right after start) reads as 0, not as the histogram's sentinel.
        this.set({ quantile: String(quantile) }, delay.count > 0 ? nanos / 1e9 : 0);
      }
      delay.reset();
    },
  });
}
