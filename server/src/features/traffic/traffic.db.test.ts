import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/helpers/flag-model';
import { createApiToken } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

const today = () => new Date().toISOString().slice(0, 10);

describe("the server's own traffic (issue 31 §5)", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('counts requests per day, API group and outcome, persisted', async () => {
    const client = await createApiToken(test, { type: 'client', environment: 'development' });
    for (let i = 0; i < 3; i++) {
      const ok = await test.app.inject({
        method: 'GET',
        url: '/api/client/features',
        headers: { authorization: client },
      });
      expect(ok.statusCode).toBe(200);
    }
    await test.app.inject({ method: 'GET', url: '/api/client/features', headers: { authorization: 'nope' } });
    type Usage = {
      grouping: string;
      dateRange: { from: string; to: string };
      apiData: Array<{
        apiPath: string;
        dataPoints: Array<{ period: string; trafficTypes: Array<{ group: string; count: number }> }>;
      }>;
    };
    const usage = await call<Usage>(test, 'GET', '/api/admin/metrics/traffic?grouping=daily', undefined, 200);
    expect(usage.grouping).toBe('daily');
    expect(usage.dateRange.to).toBe(today());
    const clientApi = usage.apiData.find((entry) => entry.apiPath === '/api/client');
    expect(clientApi?.dataPoints).toEqual([
      {
        period: today(),
        trafficTypes: [
          { group: 'failed-requests', count: 1 },
          { group: 'successful-requests', count: 3 },
        ],
      },
    ]);
    // Kept in the database, not only in memory.
    const rows = await test.db
      .selectFrom('traffic_usage')
      .selectAll()
      .where('api_path', '=', '/api/client')
      .execute();
    expect(rows.reduce((sum, row) => sum + Number(row.count), 0)).toBe(4);

    const requests = await call<{
      apiData: Array<{ meteredGroup: string; dataPoints: Array<{ period: string; requests: number }> }>;
    }>(
      test,
      'GET',
      `/api/admin/metrics/request?grouping=monthly&from=${today().slice(0, 7)}-01&to=${today()}`,
      undefined,
      200,
    );
    expect(requests.apiData.find((entry) => entry.meteredGroup === '/api/client')?.dataPoints).toEqual([
      { period: today().slice(0, 7), requests: 4 },
    ]);
  });

  it('counts applications reporting metrics per environment as connections', async () => {
    await test.db
      .insertInto('client_applications')
      .values([{ app_name: 'a1' }, { app_name: 'a2' }])
      .execute();
    await test.db
      .insertInto('client_metrics_env')
      .values([
        {
          feature_name: 'f',
          app_name: 'a1',
          environment: 'production',
          timestamp: new Date(`${today()}T00:00:00Z`),
          yes: 1,
          no: 0,
        },
        {
          feature_name: 'g',
          app_name: 'a1',
          environment: 'production',
          timestamp: new Date(`${today()}T00:00:00Z`),
          yes: 1,
          no: 0,
        },
        {
          feature_name: 'f',
          app_name: 'a2',
          environment: 'production',
          timestamp: new Date(`${today()}T00:00:00Z`),
          yes: 1,
          no: 0,
        },
      ])
      .execute();
    expect(
      await call(test, 'GET', `/api/admin/metrics/connection?from=${today()}&to=${today()}`, undefined, 200),
    ).toEqual({
      grouping: 'daily',
      dateRange: { from: today(), to: today() },
      apiData: [{ meteredGroup: 'production', dataPoints: [{ period: today(), connections: 2 }] }],
    });
  });

  it('refuses a reversed or too long range', async () => {
    await call(test, 'GET', '/api/admin/metrics/traffic?from=2026-02-01&to=2026-01-01', undefined, 400);
    await call(test, 'GET', '/api/admin/metrics/traffic?from=2020-01-01&to=2026-01-01', undefined, 400);
    await call(test, 'GET', '/api/admin/metrics/traffic?from=yesterday', undefined, 400);
  });

  it('answers requests per second in the shape of a Prometheus matrix', async () => {
    const rps = await call<{
      clientMetrics: { status: string; data: { resultType: string; result: unknown[] } };
    }>(test, 'GET', '/api/admin/metrics/rps', undefined, 200);
    // Only finished minutes count, so the requests above may not show yet; the shape does.
    expect(rps.clientMetrics).toMatchObject({ status: 'success', data: { resultType: 'matrix' } });
    expect(Array.isArray(rps.clientMetrics.data.result)).toBe(true);
  });
});
