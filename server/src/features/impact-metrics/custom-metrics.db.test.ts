import { describe, expect, it } from 'vitest';
import { as, createApiToken } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';
import type { StoredCustomMetrics } from '../../../contract';
import { MAX_SERIES_PER_APP } from './impact-metrics-ingestion';
import { applyImpactRetention, writeImpactSamples } from './impact-metrics-store';

const CUSTOM = '/api/client/metrics/custom';

/**
 * Custom metrics on real PostgreSQL: SDKs post them with a client token (hostile input refused
 * with 400 or 413, nothing stored), they are stored with the SDKs' impact metrics (histograms
 * too), and read back as JSON or Prometheus text; old minutes fold into hours.
 */
describe('custom metrics', () => {
  it('takes posts from client tokens, refuses hostile ones, and stores what it took', async () => {
    const t = await createTestApp();
    const sdk = as(t, {
      authorization: await createApiToken(t, { type: 'client', environment: 'development' }),
    });
    try {
      const ok = await sdk('POST', CUSTOM, {
        metrics: [
          { name: 'memory_usage', value: 1024, labels: { appName: 'shop', host: 'a' } },
          { name: 'memory_usage', value: 2048, labels: { appName: 'shop', host: 'a' } },
          { name: 'jobs_total', value: 3, type: 'counter', labels: { appName: 'shop' } },
          { name: 'jobs_total', value: 4, type: 'counter', labels: { appName: 'shop' } },
        ],
      });
      expect(ok.statusCode, ok.body).toBe(202);
      expect(ok.body).toBe('');
      // Histograms come in SDK reports' impactMetrics.
      const report = await sdk('POST', '/api/client/metrics', {
        appName: 'shop',
        instanceId: 'i1',
        impactMetrics: [
          {
            name: 'latency',
            help: '',
            type: 'histogram',
            samples: [
              {
                count: 2,
                sum: 0.3,
                buckets: [
                  { le: 0.1, count: 1 },
                  { le: '+Inf', count: 2 },
                ],
              },
            ],
          },
        ],
      });
      expect(report.statusCode, report.body).toBe(202);

      const hostile: [unknown, number][] = [
        [{}, 400],
        [{ metrics: 'x' }, 400],
        [{ metrics: [{ name: 'bad name', value: 1 }] }, 400],
        [{ metrics: [{ name: 'm', value: 'many' }] }, 400],
        [{ metrics: [{ name: 'm', value: 1e300 }] }, 400],
        [{ metrics: [{ name: 'm', value: -1, type: 'counter' }] }, 400],
        [{ metrics: [{ name: 'm', value: 1, type: 'histogram' }] }, 400],
        [{ metrics: [{ name: 'm', value: 1, labels: { a: { b: 1 } } }] }, 400],
        [{ metrics: [{ name: 'm', value: 1, labels: { a: 'x'.repeat(101) } }] }, 400],
        [{ metrics: [{ name: 'x'.repeat(101), value: 1 }] }, 400],
        [{ metrics: Array.from({ length: 501 }, () => ({ name: 'm', value: 1 })) }, 400],
        [
          { metrics: [{ name: 'm', value: 1, labels: { pad: 'y'.repeat(100) } }], pad: 'z'.repeat(300_000) },
          413,
        ],
      ];
      for (const [body, status] of hostile) {
        const response = await sdk('POST', CUSTOM, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      }
      // Series past an application's bound refuse the post that brings them.
      const flood = Array.from({ length: 500 }, (_, i) => ({
        name: 'flood',
        value: 1,
        labels: { appName: 'flood', i: `${i}` },
      }));
      expect((await sdk('POST', CUSTOM, { metrics: flood })).statusCode).toBe(202);
      const more = await sdk('POST', CUSTOM, {
        metrics: [{ name: 'flood', value: 1, labels: { appName: 'flood', i: 'new' } }],
      });
      expect(more.statusCode).toBe(400);
      expect(more.json().name).toBe('ExceedsLimitError');
      expect(MAX_SERIES_PER_APP).toBe(500);
      // Only client tokens post; an admin token is refused.
      expect((await t.request('POST', CUSTOM, { metrics: [] })).statusCode).toBe(403);
      expect((await as(t)('POST', CUSTOM, { metrics: [] })).statusCode).toBe(401);

      // Closing the app flushes what is buffered.
      await t.app.close();
      const rows = await t.db
        .selectFrom('impact_metric_samples')
        .select([
          'metric_name',
          'app_name',
          'environment',
          'metric_type',
          'value',
          'histogram_sum',
          'histogram_buckets',
        ])
        .where('metric_name', 'in', ['memory_usage', 'jobs_total', 'latency', 'm'])
        .orderBy('metric_name')
        .execute();
      expect(rows).toEqual([
        {
          metric_name: 'jobs_total',
          app_name: 'shop',
          environment: 'development',
          metric_type: 'counter',
          value: 7,
          histogram_sum: null,
          histogram_buckets: null,
        },
        {
          metric_name: 'latency',
          app_name: 'shop',
          environment: 'development',
          metric_type: 'histogram',
          value: 2,
          histogram_sum: 0.3,
          histogram_buckets: { '0.1': 1, '+Inf': 2 },
        },
        {
          metric_name: 'memory_usage',
          app_name: 'shop',
          environment: 'development',
          metric_type: 'gauge',
          value: 2048,
          histogram_sum: null,
          histogram_buckets: null,
        },
      ]);
      const flooded = await t.db
        .selectFrom('impact_metric_samples')
        .select((eb) => eb.fn.countAll<string>().as('series'))
        .where('app_name', '=', 'flood')
        .executeTakeFirstOrThrow();
      expect(Number(flooded.series)).toBe(500);
    } finally {
      await t.database.drop();
    }
  });

  it('lists the stored series as JSON and Prometheus text, to signed-in callers', async () => {
    const t = await createTestApp();
    try {
      const now = new Date();
      const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000 - 60_000);
      const place = { appName: 'shop', environment: 'development', bucketStart: minute };
      const earlier = { ...place, bucketStart: new Date(minute.getTime() - 60_000) };
      await writeImpactSamples(t.db, [
        { ...earlier, metricName: 'jobs_total', type: 'counter', labels: {}, labelsKey: '{}', value: 3 },
        { ...place, metricName: 'jobs_total', type: 'counter', labels: {}, labelsKey: '{}', value: 4 },
        {
          ...place,
          metricName: 'queue_depth',
          type: 'gauge',
          labels: { q: 'a' },
          labelsKey: '{"q":"a"}',
          value: 12,
        },
        {
          ...earlier,
          metricName: 'latency',
          type: 'histogram',
          labels: {},
          labelsKey: '{}',
          value: 2,
          histogram: { sum: 0.3, buckets: { '0.1': 1, '+Inf': 2 } },
        },
      ]);
      // A later flush of the same minute adds up, bucket by bucket.
      await writeImpactSamples(t.db, [
        {
          ...earlier,
          metricName: 'latency',
          type: 'histogram',
          labels: {},
          labelsKey: '{}',
          value: 1,
          histogram: { sum: 0.5, buckets: { '0.1': 0, '1': 1, '+Inf': 1 } },
        },
      ]);
      const listed = await t.request('GET', '/api/admin/custom-metrics');
      expect(listed.statusCode, listed.body).toBe(200);
      const body = listed.json() as StoredCustomMetrics;
      expect(body.count).toBe(3);
      expect(body.metricNames).toEqual(['jobs_total', 'latency', 'queue_depth']);
      expect(body.metrics[0]).toMatchObject({
        name: 'jobs_total',
        value: 4,
        type: 'counter',
        appName: 'shop',
      });
      expect(body.metrics[1]).toMatchObject({
        name: 'latency',
        type: 'histogram',
        histogram: {
          count: 3,
          sum: 0.8,
          buckets: [
            { le: 0.1, count: 1 },
            { le: 1, count: 1 },
            { le: '+Inf', count: 3 },
          ],
        },
      });

      const text = await t.request('GET', '/api/admin/custom-metrics/prometheus');
      expect(text.statusCode).toBe(200);
      expect(text.headers['content-type']).toContain('text/plain');
      expect(text.body).toContain(
        '# TYPE jobs_total counter\njobs_total{appName="shop",environment="development"} 7',
      );
      expect(text.body).toContain('latency_bucket{appName="shop",environment="development",le="+Inf"} 3');
      expect(text.body).toContain('queue_depth{q="a",appName="shop",environment="development"} 12');
      const backstage = await as(t)('GET', '/internal-backstage/impact/metrics');
      expect(backstage.statusCode).toBe(200);
      expect(backstage.body).toBe(text.body);
      expect((await as(t)('GET', '/api/admin/custom-metrics')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('folds minutes older than a week into hours, and drops hours older than 32 days', async () => {
    const t = await createTestApp();
    try {
      const now = new Date();
      const hour = Math.floor((now.getTime() - 8 * 86_400_000) / 3_600_000) * 3_600_000;
      const place = { appName: 'shop', environment: 'development', labels: {}, labelsKey: '{}' };
      await writeImpactSamples(t.db, [
        {
          ...place,
          metricName: 'old_total',
          type: 'counter',
          value: 2,
          bucketStart: new Date(hour + 60_000),
        },
        {
          ...place,
          metricName: 'old_total',
          type: 'counter',
          value: 3,
          bucketStart: new Date(hour + 120_000),
        },
        { ...place, metricName: 'old_gauge', type: 'gauge', value: 10, bucketStart: new Date(hour + 60_000) },
        {
          ...place,
          metricName: 'old_gauge',
          type: 'gauge',
          value: 20,
          bucketStart: new Date(hour + 120_000),
        },
        {
          ...place,
          metricName: 'old_latency',
          type: 'histogram',
          value: 1,
          histogram: { sum: 1, buckets: { '1': 1, '+Inf': 1 } },
          bucketStart: new Date(hour + 60_000),
        },
        {
          ...place,
          metricName: 'old_latency',
          type: 'histogram',
          value: 2,
          histogram: { sum: 4, buckets: { '1': 0, '+Inf': 2 } },
          bucketStart: new Date(hour + 120_000),
        },
        {
          ...place,
          metricName: 'ancient_total',
          type: 'counter',
          value: 1,
          bucketStart: new Date(now.getTime() - 40 * 86_400_000),
        },
        {
          ...place,
          metricName: 'recent_total',
          type: 'counter',
          value: 1,
          bucketStart: new Date(now.getTime() - 60_000),
        },
      ]);
      await applyImpactRetention(t.db, now);
      await applyImpactRetention(t.db, now);
      const rows = await t.db
        .selectFrom('impact_metric_samples')
        .select(['metric_name', 'resolution', 'bucket_start', 'value', 'histogram_sum', 'histogram_buckets'])
        .orderBy('metric_name')
        .execute();
      expect(
        rows.map((r) => [r.metric_name, r.resolution, new Date(r.bucket_start).getTime(), r.value]),
      ).toEqual([
        ['old_gauge', 'hour', hour, 15],
        ['old_latency', 'hour', hour, 3],
        ['old_total', 'hour', hour, 5],
        ['recent_total', 'minute', expect.any(Number), 1],
      ]);
      expect(rows[1]).toMatchObject({ histogram_sum: 5, histogram_buckets: { '1': 1, '+Inf': 3 } });
    } finally {
      await t.close();
    }
  });
});
