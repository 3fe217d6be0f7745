import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// The Node SDK's registration (POST /api/client/register) and metrics (POST /api/client/metrics)
// reach the server and show in the applications and usage admin APIs (API.md §2.4, §2.5).

const APP_NAME = 'switchyard-node-metrics-test';
const sdkPackage = JSON.parse(
  readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('unleash-client')), '..', 'package.json'),
    'utf8',
  ),
) as { version: string };
const SDK_VERSION = `unleash-node-sdk:${sdkPackage.version}`;

interface Usage {
  lastHourUsage: { environment: string; appName?: string; yes: number; no: number }[];
  seenApplications: string[];
}

describe('Node SDK registration and metrics', () => {
  let s: SdkTestServer;
  let unleash: Unleash | undefined;
  const instanceId = 'node-sdk-instance-1';

  beforeAll(async () => {
    s = await startSdkTestServer({ METRICS_FLUSH_INTERVAL_SECONDS: '1' });
    await addFlag(s, {
      name: 'metrics.rollout',
      strategies: [
        {
          name: 'flexibleRollout',
          parameters: { rollout: '100', stickiness: 'default', groupId: 'metrics.rollout' },
          variants: [{ name: 'green', weight: 1000, weightType: 'variable', stickiness: 'default' }],
        },
      ],
    });
    await addFlag(s, {
      name: 'metrics.users',
      strategies: [{ name: 'userWithId', parameters: { userIds: 'u1' } }],
    });
    const token = await s.createToken({ type: 'client', environment: 'development' });
    const started = await startNodeSdk({
      url: s.url,
      token,
      appName: APP_NAME,
      disableMetrics: false,
      metricsInterval: 200,
      metricsJitter: 0,
      instanceId,
    });
    unleash = started.unleash;
  });

  afterAll(async () => {
    unleash?.destroy();
    await s?.stop();
  });

  it('registers the application with its SDK version, strategies and instance', async () => {
    const app = await waitFor('the registered application', async () => {
      const answer = await s.admin<{ appName: string; sdkVersion?: string; strategies?: string[] }>(
        'GET',
        `/api/admin/metrics/applications/${APP_NAME}`,
      );
      return answer.status === 200 && answer.body.sdkVersion ? answer.body : undefined;
    });
    expect(app.appName).toBe(APP_NAME);
    expect(app.sdkVersion).toBe(SDK_VERSION);
    // The SDK registers the strategies it implements.
    expect(app.strategies).toEqual(
      expect.arrayContaining(['default', 'flexibleRollout', 'userWithId', 'remoteAddress']),
    );

    const { applications } = await s.adminOk<{
      applications: { appName: string; sdkVersion?: string; lastSeen?: string }[];
    }>('GET', '/api/admin/metrics/applications', undefined, 200);
    // The list names the SDK and when it last reported (issue 33): seconds ago, not an hour bucket.
    const listed = applications.find((application) => application.appName === APP_NAME);
    expect(listed?.sdkVersion).toBe(SDK_VERSION);
    expect(Date.now() - Date.parse(listed?.lastSeen ?? '')).toBeLessThan(60_000);

    const { instances } = await s.adminOk<{
      instances: { instanceId: string; sdkVersion?: string | null }[];
    }>('GET', `/api/admin/metrics/instances/${APP_NAME}/environment/development`, undefined, 200);
    expect(instances).toEqual([expect.objectContaining({ instanceId, sdkVersion: SDK_VERSION })]);
  });

  it("counts the flags' evaluations per flag, environment and application", async () => {
    const sdk = unleash!;
    for (let i = 0; i < 4; i++) expect(sdk.isEnabled('metrics.rollout')).toBe(true);
    expect(sdk.getVariant('metrics.rollout').name).toBe('green');
    expect(sdk.isEnabled('metrics.users', { userId: 'u1' })).toBe(true);
    expect(sdk.isEnabled('metrics.users', { userId: 'u2' })).toBe(false);
    expect(sdk.isEnabled('metrics.users', { userId: 'u3' })).toBe(false);
    await sdk.flushMetrics();

    const usageOf = async (flag: string, yes: number, no: number) =>
      waitFor(`${flag} usage yes=${yes} no=${no}`, async () => {
        const answer = await s.admin<Usage>('GET', `/api/admin/client-metrics/features/${flag}`);
        if (answer.status !== 200) return undefined;
        const rows = answer.body.lastHourUsage.filter((row) => row.environment === 'development');
        const sum = (key: 'yes' | 'no') => rows.reduce((total, row) => total + row[key], 0);
        return sum('yes') === yes && sum('no') === no ? answer.body : undefined;
      });
    const rollout = await usageOf('metrics.rollout', 5, 0);
    expect(rollout.seenApplications).toEqual([APP_NAME]);
    await usageOf('metrics.users', 1, 2);

    const raw = await s.adminOk<{
      data: { environment: string; appName?: string; variants?: Record<string, number> }[];
    }>('GET', '/api/admin/client-metrics/features/metrics.rollout/raw', undefined, 200);
    expect(raw.data.every((row) => row.environment === 'development' && row.appName === APP_NAME)).toBe(true);
    expect(raw.data.reduce((sum, row) => sum + (row.variants?.green ?? 0), 0)).toBe(1);

    const overview = await s.adminOk<{
      environments: { name: string; backendSdks: string[]; instanceCount: number }[];
    }>('GET', `/api/admin/metrics/applications/${APP_NAME}/overview`, undefined, 200);
    expect(overview.environments).toEqual([
      expect.objectContaining({ name: 'development', backendSdks: [SDK_VERSION], instanceCount: 1 }),
    ]);
  });

  it("stamps the flag's environments' lastSeenAt from the SDK's metrics (issue 33)", async () => {
    const before = Date.now() - 60_000;
    unleash!.isEnabled('metrics.users', { userId: 'u1' });
    await unleash!.flushMetrics();
    type Env = { name: string; lastSeenAt: string | null };
    // As Unleash 8: the flag's environments carry lastSeenAt (the flag itself has none).
    const flag = await waitFor('lastSeenAt of metrics.users in development', async () => {
      const answer = await s.admin<{ environments: Env[] }>(
        'GET',
        '/api/admin/projects/default/features/metrics.users',
      );
      const seen = answer.body.environments?.find((environment) => environment.name === 'development');
      return answer.status === 200 && seen?.lastSeenAt ? answer.body : undefined;
    });
    const development = flag.environments.find((environment) => environment.name === 'development')!;
    expect(Date.parse(development.lastSeenAt!)).toBeGreaterThan(before);
    // Only the environment of the SDK's token was seen.
    expect(flag.environments.filter((e) => e.lastSeenAt).map((e) => e.name)).toEqual(['development']);

    const search = await s.adminOk<{
      features: { name: string; lastSeenAt: string | null; environments: Env[] }[];
    }>('GET', '/api/admin/search/features?query=metrics.users', undefined, 200);
    const found = search.features.find((feature) => feature.name === 'metrics.users')!;
    expect(found.lastSeenAt).toBe(development.lastSeenAt);
    expect(found.environments.find((e) => e.name === 'development')?.lastSeenAt).toBe(development.lastSeenAt);
  });
});
