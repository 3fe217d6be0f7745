import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@unleash/proxy';
import { LogLevel } from '@unleash/proxy/dist/logger';
import { InMemStorageProvider } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// The real Unleash Proxy (npm @unleash/proxy, the Node predecessor of Edge) with Switchyard as its
// upstream (issue 17). Upstream it polls /api/client/features with a client token through the
// node SDK it embeds, registers at /api/client/register and posts the metrics its browser clients
// send it to /api/client/metrics: all asserted on our side. It validates its client keys itself
// (configured list): unlike Edge it never calls /edge/validate or /api/client/metrics/bulk, which
// tests/sdk/edge-upstream.sdk.db.test.ts covers.

const CLIENT_KEY = 'proxy-client-key-for-browsers';
const PROXY_APP = 'switchyard-unleash-proxy-test';

describe('@unleash/proxy with Switchyard upstream', () => {
  let s: SdkTestServer;
  let proxy: Server;
  let proxyUrl: string;

  beforeAll(async () => {
    s = await startSdkTestServer({ METRICS_FLUSH_INTERVAL_SECONDS: '1' });
    await addFlag(s, { name: 'proxy-upstream.on' });
    await addFlag(s, {
      name: 'proxy-upstream.alice',
      strategies: [{ name: 'userWithId', parameters: { userIds: 'alice' } }],
    });
    const token = await s.createToken({ type: 'client', environment: 'development' });
    const app = createApp({
      unleashUrl: `${s.url}/api/`,
      unleashApiToken: token,
      unleashAppName: PROXY_APP,
      clientKeys: [CLIENT_KEY],
      refreshInterval: 200,
      metricsInterval: 500,
      logLevel: LogLevel.error,
      // Not the SDK's default backup file in tmpdir: a previous run's flags would be served first.
      storageProvider: new InMemStorageProvider(),
    });
    proxy = await new Promise<Server>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/proxy`;
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await s?.stop();
  });

  const toggles = async (query = '') => {
    const response = await fetch(`${proxyUrl}${query}`, { headers: { authorization: CLIENT_KEY } });
    if (response.status !== 200) return undefined;
    const body = (await response.json()) as { toggles: Array<{ name: string }> };
    return body.toggles.map((t) => t.name).sort();
  };

  it('evaluates the flags it polls from us, and follows a change', async () => {
    // Ready once it has fetched from us (503 before).
    const forAlice = await waitFor('the proxy to serve our flags', async () => {
      const names = await toggles('?userId=alice');
      return names && names.length === 2 ? names : undefined;
    });
    expect(forAlice).toEqual(['proxy-upstream.alice', 'proxy-upstream.on']);
    expect(await toggles('?userId=bob')).toEqual(['proxy-upstream.on']);
    await s.adminOk(
      'POST',
      '/api/admin/projects/default/features/proxy-upstream.on/environments/development/off',
      undefined,
      200,
    );
    await waitFor('the change to reach the proxy', async () => {
      const names = await toggles('?userId=bob');
      return names && names.length === 0 ? true : undefined;
    });
  });

  it('registers upstream and forwards its clients’ metrics to /api/client/metrics', async () => {
    const posted = await fetch(`${proxyUrl}/client/metrics`, {
      method: 'POST',
      headers: { authorization: CLIENT_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        appName: 'browser-app',
        instanceId: 'browser',
        bucket: {
          start: new Date(Date.now() - 10_000).toISOString(),
          stop: new Date().toISOString(),
          toggles: { 'proxy-upstream.alice': { yes: 3, no: 1, variants: {} } },
        },
      }),
    });
    expect(posted.status).toBe(200);
    const counted = await waitFor('the forwarded counts to be stored', async () => {
      const raw = await s.adminOk<{ data: Array<{ appName: string; yes: number; no: number }> }>(
        'GET',
        '/api/admin/client-metrics/features/proxy-upstream.alice/raw',
        undefined,
        200,
      );
      const total = raw.data.reduce((sum, row) => ({ yes: sum.yes + row.yes, no: sum.no + row.no }), {
        yes: 0,
        no: 0,
      });
      return total.yes >= 3 ? { total, apps: raw.data.map((row) => row.appName) } : undefined;
    });
    // The proxy reports under its own application name, as Unleash sees it too.
    expect(counted.apps).toEqual([PROXY_APP]);
    expect(counted.total).toEqual({ yes: 3, no: 1 });
    const application = await waitFor('the proxy to be registered', async () => {
      const answer = await s.admin<{ appName: string }>(
        'GET',
        `/api/admin/metrics/applications/${PROXY_APP}`,
      );
      return answer.status === 200 ? answer.body : undefined;
    });
    expect(application.appName).toBe(PROXY_APP);
  });
});
