import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { REQUEST_BUCKETS } from './metrics';
import { createRequestHistogram } from './request-histogram';

describe('the hand-kept request histogram', () => {
  it("scrapes as the text prom-client's Histogram gives for the same observations", async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const options = { name: 'http_request_duration_milliseconds', help: 'HTTP request duration' };
    const histogram = createRequestHistogram({ ...options, buckets: REQUEST_BUCKETS, registry: ours });
    const reference = new Histogram({
      ...options,
      labelNames: ['path', 'method', 'status'] as const,
      buckets: REQUEST_BUCKETS,
      registers: [theirs],
    });
    const paths = ['/api/frontend', '/api/client/features', '/health', 'with "quotes" \\ and\nnewline'];
    for (let i = 0; i < 500; i++) {
      const [path, method, status] = [paths[i % 4]!, i % 3 ? 'GET' : 'POST', [200, 304, 401][i % 3]!];
      const ms = [0, 0.3, 1, 2, 2.5, 50, 999.9, 2500, 3000, 17][i % 10]! + (i % 7) / 10;
      histogram.observe(path, method, status, ms);
      reference.observe({ path, method, status: String(status) }, ms);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('_count{');
  });
});
