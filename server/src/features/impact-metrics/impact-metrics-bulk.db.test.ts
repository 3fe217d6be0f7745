import { describe, expect, it } from 'vitest';
import { as, createApiToken } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';
import { MAX_SERIES_PER_APP } from './impact-metrics-ingestion';

const counter = (name: string, samples: unknown[]) => ({ name, help: '', type: 'counter', samples });

/**
 * Edge's `POST /api/client/metrics/bulk` carries the impact metrics of the SDKs behind it: they
 * are stored per application (from the samples' labels) with the bounds of /api/client/metrics,
 * on real PostgreSQL.
 */
describe("impact metrics in Edge's bulk metrics", () => {
  it('stores them per application for the token environment, bounded per application', async () => {
    const t = await createTestApp();
    const edge = as(t, {
      authorization: await createApiToken(t, { type: 'client', environment: 'development' }),
    });
    const floodSeries = Array.from({ length: 20 }, (_, metric) =>
      counter(
        `flood_${metric}`,
        Array.from({ length: 30 }, (_, i) => ({ value: 1, labels: { appName: 'flood', instance: `i${i}` } })),
      ),
    );
    const response = await edge('POST', '/api/client/metrics/bulk', {
      applications: [],
      metrics: [],
      impactMetrics: [
        counter('checkout_errors', [
          { value: 3, labels: { appName: 'shop', environment: 'development' } },
          { value: 4, labels: { appName: 'cart', environment: 'development' } },
          { value: 99, labels: { appName: 'shop', environment: 'production' } },
        ]),
        counter('huge', [{ value: 1e300, labels: { appName: 'shop' } }]),
        ...floodSeries,
      ],
    });
    expect(response.statusCode, response.body).toBe(202);
    // What PostgreSQL cannot store is refused at the door, as on /api/client/metrics.
    const poisoned = await edge('POST', '/api/client/metrics/bulk', {
      applications: [],
      metrics: [],
      impactMetrics: [counter('poisoned', [{ value: 1, labels: { appName: 'shop', bad: 'x\u0000' } }])],
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().name).toBe('BadDataError');
    // Closing the app flushes what is buffered.
    await t.app.close();
    try {
      const rows = await t.db
        .selectFrom('impact_metric_samples')
        .select(['metric_name', 'app_name', 'environment', 'value'])
        .where('metric_name', '=', 'checkout_errors')
        .orderBy('app_name')
        .execute();
      expect(rows).toEqual([
        { metric_name: 'checkout_errors', app_name: 'cart', environment: 'development', value: 4 },
        { metric_name: 'checkout_errors', app_name: 'shop', environment: 'development', value: 3 },
      ]);
      const others = await t.db
        .selectFrom('impact_metric_samples')
        .select(['app_name', (eb) => eb.fn.countAll<string>().as('series')])
        .where('metric_name', '!=', 'checkout_errors')
        .groupBy('app_name')
        .execute();
      expect(others.map((row) => [row.app_name, Number(row.series)])).toEqual([
        ['flood', MAX_SERIES_PER_APP],
      ]);
    } finally {
      await t.database.drop();
    }
  });
});
