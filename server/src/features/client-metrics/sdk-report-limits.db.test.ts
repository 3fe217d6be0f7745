import { describe, expect, it } from 'vitest';
import { createFlag } from '../../../../tests/helpers/flag-model';
import { as, createApiToken } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Issue 12 §5 and §4, through the real routes: metrics can be neither poisoned nor flooded, and
// register/metrics answer without a body.

const bucket = (toggles: Record<string, unknown>) => ({
  start: new Date().toISOString(),
  stop: new Date().toISOString(),
  toggles,
});

/** Closing the app writes what is buffered (the orderly stop); the database stays to be read. */
async function flushAndRead<T>(t: TestApp, read: () => Promise<T>): Promise<T> {
  await t.app.close();
  try {
    return await read();
  } finally {
    await t.database.drop();
  }
}

describe('SDK reports that PostgreSQL cannot store', () => {
  it('refuses them with 400 and keeps storing every other report', async () => {
    const t = await createTestApp();
    await createFlag(t, 'good-flag');
    const frontend = as(t, {
      authorization: await createApiToken(t, { type: 'frontend', environment: 'development' }),
    });
    const client = as(t, {
      authorization: await createApiToken(t, { type: 'client', environment: 'development' }),
    });

    const poisoned = [
      { appName: 'x\u0000', bucket: bucket({ 'good-flag': { yes: 1 } }) },
      { appName: 'lone-\ud800', bucket: bucket({ 'good-flag': { yes: 1 } }) },
      { appName: 'a'.repeat(256), bucket: bucket({ 'good-flag': { yes: 1 } }) },
      { appName: 'ok', instanceId: 'i\u0000', bucket: bucket({ 'good-flag': { yes: 1 } }) },
      { appName: 'ok', bucket: bucket({ 'bad\u0000flag': { yes: 1 } }) },
      { appName: 'ok', bucket: bucket({ 'good-flag': { yes: 1, variants: { '\udc00': 1 } } }) },
    ];
    for (const body of poisoned) {
      for (const [send, url] of [
        [frontend, '/api/frontend/client/metrics'],
        [client, '/api/client/metrics'],
      ] as const) {
        const response = await send('POST', url, body);
        expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json()).toMatchObject({
          name: 'BadDataError',
          details: [{ path: expect.any(String) }],
        });
      }
    }
    const register = await client('POST', '/api/client/register', {
      appName: 'x\u0000',
      interval: 1,
      started: new Date().toISOString(),
      strategies: [],
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().details[0].path).toBe('/body/appName');
    const bulk = await client('POST', '/api/client/metrics/bulk', {
      applications: [],
      metrics: [{ featureName: 'good-flag', appName: 'edge\u0000', environment: 'development', yes: 1 }],
    });
    expect(bulk.statusCode).toBe(400);

    // Valid reports after the poisoned ones: 202/200 with no JSON body, and stored at the flush.
    const metrics = await client('POST', '/api/client/metrics', {
      appName: 'healthy-backend',
      bucket: bucket({ 'good-flag': { yes: 2, no: 1 } }),
    });
    expect(metrics.statusCode).toBe(202);
    expect(metrics.body).toBe('');
    expect(metrics.headers['content-type']).toBeUndefined();
    expect(metrics.headers['content-length']).toBe('0');
    const registered = await client('POST', '/api/client/register', {
      appName: 'healthy-backend',
      instanceId: 'i-1',
      interval: 1,
      started: new Date().toISOString(),
      strategies: ['default'],
    });
    expect(registered.statusCode).toBe(202);
    expect(registered.body).toBe('');
    expect(registered.headers['content-type']).toBeUndefined();
    const fromBrowser = await frontend('POST', '/api/frontend/client/metrics', {
      appName: 'healthy-frontend',
      bucket: bucket({ 'good-flag': { yes: 5 } }),
    });
    // Unleash answers these two with Express's sendStatus(200): "OK" as text/plain.
    expect([fromBrowser.statusCode, fromBrowser.body]).toEqual([200, 'OK']);
    expect(fromBrowser.headers['content-type']).toBe('text/plain; charset=utf-8');
    // Unleash 8.2 requires appName, interval, started and strategies here (an empty body is 400).
    const oldRegister = await frontend('POST', '/api/frontend/client/register', {
      appName: 'healthy-frontend',
      interval: 1,
      started: new Date().toISOString(),
      strategies: [],
    });
    expect([oldRegister.statusCode, oldRegister.body]).toEqual([200, 'OK']);

    const rows = await flushAndRead(t, () =>
      t.db
        .selectFrom('client_metrics_env')
        .select(['app_name', 'feature_name', 'yes', 'no'])
        .orderBy('app_name')
        .execute(),
    );
    expect(rows).toEqual([
      { app_name: 'healthy-backend', feature_name: 'good-flag', yes: 2, no: 1 },
      { app_name: 'healthy-frontend', feature_name: 'good-flag', yes: 5, no: 0 },
    ]);
  });
});

describe('a flood of reports through the public frontend token', () => {
  it('creates at most the window cap of applications, no metrics for unknown flags, a bounded unknown list', async () => {
    const t = await createTestApp();
    await createFlag(t, 'real-flag');
    const frontend = as(t, {
      authorization: await createApiToken(t, { type: 'frontend', environment: 'development' }),
    });
    for (let i = 0; i < 4000; i++) {
      const response = await frontend('POST', '/api/frontend/client/metrics', {
        appName: `flood-${i}`,
        instanceId: `browser-${i}`,
        bucket: bucket({ 'real-flag': { yes: 1 }, [`ghost-${i}`]: { yes: 1 }, [`ghost-x-${i}`]: { no: 1 } }),
      });
      if (response.statusCode !== 200) throw new Error(`post ${i}: ${response.statusCode} ${response.body}`);
    }
    // The admin list, read before the stop; the app is then closed, which writes the rest.
    const { apps, events, metricFlags, unknownRows, variantsOrSeen } = await flushAndRead(t, async () => ({
      apps: await t.db.selectFrom('client_applications').select('app_name').execute(),
      events: await t.db
        .selectFrom('events')
        .select('id')
        .where('type', '=', 'application-created')
        .execute(),
      metricFlags: await t.db.selectFrom('client_metrics_env').select('feature_name').distinct().execute(),
      unknownRows: await t.db.selectFrom('unknown_flags').select(['name', 'app_name']).execute(),
      variantsOrSeen: await t.db.selectFrom('feature_last_seen').select('feature_name').execute(),
    }));
    expect(apps.length).toBe(100);
    expect(events.length).toBe(100);
    expect(metricFlags).toEqual([{ feature_name: 'real-flag' }]);
    expect(variantsOrSeen).toEqual([{ feature_name: 'real-flag' }]);
    // Only admitted applications' reports are recorded, two unknown names each, within the bound.
    expect(unknownRows.length).toBe(200);
    expect(unknownRows.every((row) => row.name.startsWith('ghost-'))).toBe(true);
  }, 120_000);

  it('spends the new-application budget per token and keeps the flag metrics of refused applications (issue 31)', async () => {
    const t = await createTestApp({ metricsFlushIntervalSeconds: 1 });
    await createFlag(t, 'real-flag');
    const flooder = as(t, {
      authorization: await createApiToken(t, { type: 'frontend', environment: 'development' }),
    });
    const legitimate = as(t, {
      authorization: await createApiToken(t, { type: 'frontend', environment: 'development' }),
    });
    // 150 new names through token A: the window's budget is 100 applications a token.
    for (let i = 0; i < 150; i++) {
      const response = await flooder('POST', '/api/frontend/client/metrics', {
        appName: `flood-${String(i).padStart(3, '0')}`,
        instanceId: `browser-${i}`,
        bucket: bucket({ 'real-flag': { yes: 1 } }),
      });
      if (response.statusCode !== 200) throw new Error(`post ${i}: ${response.statusCode} ${response.body}`);
    }
    // Then a real new application through token B, in the same window (and the same flush).
    const legit = await legitimate('POST', '/api/frontend/client/metrics', {
      appName: 'legit-app',
      instanceId: 'legit-1',
      bucket: bucket({ 'real-flag': { yes: 3, no: 1 } }),
    });
    expect(legit.statusCode).toBe(200);

    let prometheus = '';
    for (let attempt = 0; attempt < 100; attempt++) {
      prometheus = (await t.request('GET', '/internal-backstage/prometheus')).body;
      if (prometheus.includes('switchyard_sdk_registrations_dropped_total{reason="application_budget"} 50'))
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(prometheus).toContain(
      'switchyard_sdk_registrations_dropped_total{reason="application_budget"} 50',
    );
    expect(prometheus).toContain('switchyard_sdk_registrations_dropped_total{reason="instance_budget"} 0');

    const { apps, counts } = await flushAndRead(t, async () => ({
      apps: (await t.db.selectFrom('client_applications').select('app_name').execute()).map(
        (r) => r.app_name,
      ),
      counts: await t.db
        .selectFrom('client_metrics_env')
        .select(['app_name', 'yes', 'no'])
        .where('feature_name', '=', 'real-flag')
        .execute(),
    }));
    // Token B's application is registered and counted, whatever token A spent.
    expect(apps).toContain('legit-app');
    expect(counts.filter((row) => row.app_name === 'legit-app')).toEqual([
      { app_name: 'legit-app', yes: 3, no: 1 },
    ]);
    // Token A registered 100 applications; the 50 over its budget are not registered, but their
    // counts of an existing flag are kept.
    expect(apps.filter((name) => name.startsWith('flood-')).length).toBe(100);
    expect(apps).not.toContain('flood-149');
    const flooded = counts.filter((row) => row.app_name.startsWith('flood-'));
    expect(flooded.length).toBe(150);
    expect(flooded.reduce((sum, row) => sum + row.yes, 0)).toBe(150);
    expect(flooded.find((row) => row.app_name === 'flood-149')).toEqual({
      app_name: 'flood-149',
      yes: 1,
      no: 0,
    });
  }, 60_000);

  it("lists unknown flags in Unleash's shape, to signed-in callers only", async () => {
    const t = await createTestApp({ metricsFlushIntervalSeconds: 1 });
    await createFlag(t, 'known');
    const client = as(t, {
      authorization: await createApiToken(t, { type: 'client', environment: 'development' }),
    });
    await client('POST', '/api/client/metrics', {
      appName: 'shop',
      bucket: bucket({ known: { yes: 1 }, 'not-yet': { yes: 1 } }),
    });
    let listed: { unknownFlags: Array<Record<string, unknown>> } = { unknownFlags: [] };
    for (let attempt = 0; attempt < 100 && listed.unknownFlags.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      listed = (await t.request('GET', '/api/admin/metrics/unknown-flags')).json();
    }
    expect(listed).toEqual({
      unknownFlags: [
        {
          name: 'not-yet',
          lastSeenAt: expect.any(String),
          lastEventAt: null,
          reports: [
            { appName: 'shop', environments: [{ environment: 'development', seenAt: expect.any(String) }] },
          ],
        },
      ],
    });
    // Once a flag of that name exists, it is no longer listed.
    await createFlag(t, 'not-yet');
    expect((await t.request('GET', '/api/admin/metrics/unknown-flags')).json()).toEqual({ unknownFlags: [] });
    expect((await as(t)('GET', '/api/admin/metrics/unknown-flags')).statusCode).toBe(401);
    const prometheus = (await t.request('GET', '/internal-backstage/prometheus')).body;
    expect(prometheus).toContain('switchyard_sdk_reports{kind="refusedApplications"} 0');
    expect(prometheus).toContain('switchyard_sdk_reports{kind="failedFlushes"} 0');
    await t.close();
  });
});
