import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export interface HttpMetrics {
  registry: Registry;
  /** Records a request answered outside Fastify's hooks (the SDK fast path), with the same labels. */
  observe(path: string, method: string, status: number, ms: number): void;
}

/**
 * One registry per app instance (tests build many apps in one process), holding the
 * process metrics and a request-duration histogram labelled by route pattern and status.
 */
export function registerHttpMetrics(app: FastifyInstance): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_milliseconds',
    help: 'HTTP request duration in milliseconds, by route pattern, method and status',
    labelNames: ['path', 'method', 'status'] as const,
    buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL, keeps the label set bounded; unmatched paths share one label.
    const path = request.routeOptions.url ?? '(unmatched)';
    duration.observe({ path, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime);
  });
  return {
    registry,
    observe: (path, method, status, ms) => duration.observe({ path, method, status: String(status) }, ms),
  };
}
