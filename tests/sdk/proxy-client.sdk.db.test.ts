import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// The real browser SDK (npm unleash-proxy-client) against /api/frontend with a frontend token,
// run in Node with its global fetch and an in-memory storage (API.md §3).

const APP_NAME = 'switchyard-proxy-client-test';
// The package does not export its package.json: read it next to its entry point.
const PROXY_CLIENT_VERSION = (
  JSON.parse(
    readFileSync(
      join(dirname(createRequire(import.meta.url).resolve('unleash-proxy-client')), '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;
const BLUE = {
  name: 'blue',
  weight: 1000,
  weightType: 'variable',
  stickiness: 'default',
  payload: { type: 'string', value: 'sky' },
};

describe('unleash-proxy-client against the frontend API', () => {
  let s: SdkTestServer;
  let token: string;
  const clients: UnleashClient[] = [];

  /** A started client (first fetch done); stopped after the file. */
  async function startClient(options: { usePOSTrequests?: boolean; userId?: string } = {}) {
    const client = new UnleashClient({
      url: `${s.url}/api/frontend`,
      clientKey: token,
      appName: APP_NAME,
      disableRefresh: true,
      // Metrics are sent when the test asks (sendMetrics), never by a timer.
      metricsInterval: 0,
      storageProvider: new InMemoryStorageProvider(),
      fetch: globalThis.fetch.bind(globalThis),
      ...(options.usePOSTrequests ? { usePOSTrequests: true } : {}),
      ...(options.userId ? { context: { userId: options.userId } } : {}),
    });
    const errors: unknown[] = [];
    client.on('error', (error: unknown) => errors.push(error));
    clients.push(client);
    await client.start();
    expect(errors).toEqual([]);
    return client;
  }

  beforeAll(async () => {
    s = await startSdkTestServer({ METRICS_FLUSH_INTERVAL_SECONDS: '1' });
    await addFlag(s, {
      name: 'proxy.on',
      impressionData: true,
      strategies: [
        {
          name: 'flexibleRollout',
          parameters: { rollout: '100', stickiness: 'default', groupId: 'proxy.on' },
          variants: [BLUE],
        },
      ],
    });
    await addFlag(s, {
      name: 'proxy.users',
      strategies: [{ name: 'userWithId', parameters: { userIds: 'alice, carol' } }],
    });
    await addFlag(s, { name: 'proxy.plain' });
    await addFlag(s, { name: 'proxy.production-only', environments: ['production'] });
    await s.adminOk('POST', '/api/admin/projects/default/features', { name: 'proxy.off' }, 201);
    token = await s.createToken({ type: 'frontend', environment: 'development' });
  });

  afterAll(async () => {
    for (const client of clients) client.stop();
    await s?.stop();
  });

  it('sees the enabled flags of its environment with their variants and impression data', async () => {
    const client = await startClient();
    expect(client.isReady()).toBe(true);
    const toggles = client.getAllToggles();
    expect(toggles.map((toggle) => toggle.name).sort()).toEqual(['proxy.on', 'proxy.plain']);
    expect(toggles.find((toggle) => toggle.name === 'proxy.on')).toEqual({
      name: 'proxy.on',
      enabled: true,
      impressionData: true,
      variant: {
        name: 'blue',
        enabled: true,
        feature_enabled: true,
        featureEnabled: true,
        payload: { type: 'string', value: 'sky' },
      },
    });
    expect(client.isEnabled('proxy.on')).toBe(true);
    expect(client.getVariant('proxy.on')).toMatchObject({
      name: 'blue',
      enabled: true,
      payload: { value: 'sky' },
    });
    expect(client.isEnabled('proxy.plain')).toBe(true);
    expect(client.getVariant('proxy.plain')).toMatchObject({
      name: 'disabled',
      enabled: false,
      feature_enabled: true,
    });
    expect(client.isEnabled('proxy.off')).toBe(false);
    expect(client.isEnabled('proxy.production-only')).toBe(false);
    expect(client.isEnabled('proxy.users')).toBe(false);
    expect(client.getVariant('proxy.users')).toMatchObject({ name: 'disabled', enabled: false });
  });

  it('gets a new answer when the context changes (GET and POST requests)', async () => {
    for (const usePOSTrequests of [false, true]) {
      const client = await startClient({ usePOSTrequests });
      expect(client.isEnabled('proxy.users')).toBe(false);
      await client.updateContext({ userId: 'alice' });
      expect(client.isEnabled('proxy.users')).toBe(true);
      await client.updateContext({ userId: 'bob' });
      expect(client.isEnabled('proxy.users')).toBe(false);
      await client.setContextField('userId', 'carol');
      expect(client.isEnabled('proxy.users')).toBe(true);
    }
    const withUser = await startClient({ userId: 'alice' });
    expect(withUser.isEnabled('proxy.users')).toBe(true);
  });

  it("sends metrics that reach the server's applications and usage APIs", async () => {
    const client = await startClient();
    for (let i = 0; i < 3; i++) client.isEnabled('proxy.on');
    client.isEnabled('proxy.users');
    client.getVariant('proxy.on');
    client.getVariant('proxy.on');
    const sent = new Promise<void>((resolve) => client.once('sent', () => resolve()));
    await client.sendMetrics();
    await sent;

    // The server flushes its buffer every second (METRICS_FLUSH_INTERVAL_SECONDS=1): poll.
    const usage = await waitFor('proxy.on usage', async () => {
      const answer = await s.admin<{
        lastHourUsage: { environment: string; yes: number; no: number; appName?: string }[];
        seenApplications: string[];
      }>('GET', '/api/admin/client-metrics/features/proxy.on');
      return answer.status === 200 && answer.body.lastHourUsage.length > 0 ? answer.body : undefined;
    });
    const development = usage.lastHourUsage.filter((row) => row.environment === 'development');
    expect(development.reduce((sum, row) => sum + row.yes, 0)).toBe(5);
    expect(development.reduce((sum, row) => sum + row.no, 0)).toBe(0);
    expect(usage.seenApplications).toContain(APP_NAME);

    const raw = await s.adminOk<{ data: { environment: string; variants?: Record<string, number> }[] }>(
      'GET',
      '/api/admin/client-metrics/features/proxy.on/raw',
      undefined,
      200,
    );
    const variants = raw.data.reduce((sum, row) => sum + (row.variants?.blue ?? 0), 0);
    expect(variants).toBe(2);

    const users = await s.adminOk<{ lastHourUsage: { yes: number; no: number }[] }>(
      'GET',
      '/api/admin/client-metrics/features/proxy.users',
      undefined,
      200,
    );
    expect(users.lastHourUsage.reduce((sum, row) => sum + row.no, 0)).toBe(1);

    const { applications } = await s.adminOk<{ applications: { appName: string }[] }>(
      'GET',
      '/api/admin/metrics/applications',
      undefined,
      200,
    );
    expect(applications.map((app) => app.appName)).toContain(APP_NAME);
    const app = await s.adminOk<{ appName: string; sdkVersion?: string }>(
      'GET',
      `/api/admin/metrics/applications/${APP_NAME}`,
      undefined,
      200,
    );
    // The frontend metrics endpoint records the `unleash-sdk` header as the SDK version (API.md §2.1).
    expect(app.sdkVersion).toBe(`unleash-js-sdk:${PROXY_CLIENT_VERSION}`);
    const { instances } = await s.adminOk<{
      instances: { instanceId: string; sdkVersion?: string | null }[];
    }>('GET', `/api/admin/metrics/instances/${APP_NAME}/environment/development`, undefined, 200);
    expect(instances.map((instance) => instance.instanceId)).toContain('browser');
  });
});
