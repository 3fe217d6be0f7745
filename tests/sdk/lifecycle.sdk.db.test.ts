import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// Issue 14: the real Node SDK (npm unleash-client) moves a flag through the lifecycle with its
// metrics: evaluated in development it becomes pre-live, in production (where it is on) live.

describe('flag lifecycle from real SDK metrics', () => {
  let s: SdkTestServer;
  const sdks: Unleash[] = [];

  const sdkIn = async (environment: string) => {
    const token = await s.createToken({ type: 'client', environment });
    const { unleash } = await startNodeSdk({
      url: s.url,
      token,
      appName: `lifecycle-${environment}`,
      disableMetrics: false,
      metricsInterval: 200,
      metricsJitter: 0,
    });
    sdks.push(unleash);
    return unleash;
  };
  const stagesOf = async (flag: string) =>
    (
      await s.adminOk<Array<{ stage: string }>>(
        'GET',
        `/api/admin/projects/default/features/${flag}/lifecycle`,
        undefined,
        200,
      )
    ).map((stage) => stage.stage);
  const stagesBecome = (flag: string, expected: string[]) =>
    waitFor(`${flag} stages ${expected.join(',')}`, async () => {
      const stages = await stagesOf(flag);
      return JSON.stringify(stages) === JSON.stringify(expected) ? stages : undefined;
    });

  beforeAll(async () => {
    s = await startSdkTestServer({ METRICS_FLUSH_INTERVAL_SECONDS: '1' });
    await addFlag(s, { name: 'lifecycle.checkout', environments: ['development', 'production'] });
    await addFlag(s, { name: 'lifecycle.untouched' });
  });

  afterAll(async () => {
    for (const sdk of sdks) sdk.destroy();
    await s?.stop();
  });

  it('is initial until an SDK reports it, pre-live from development, live from production', async () => {
    expect(await stagesOf('lifecycle.checkout')).toEqual(['initial']);

    const development = await sdkIn('development');
    expect(development.isEnabled('lifecycle.checkout')).toBe(true);
    await development.flushMetrics();
    expect(await stagesBecome('lifecycle.checkout', ['initial', 'pre-live'])).toEqual([
      'initial',
      'pre-live',
    ]);

    const production = await sdkIn('production');
    expect(production.isEnabled('lifecycle.checkout')).toBe(true);
    await production.flushMetrics();
    expect(await stagesBecome('lifecycle.checkout', ['initial', 'pre-live', 'live'])).toEqual([
      'initial',
      'pre-live',
      'live',
    ]);

    // A flag no SDK asked about stays initial; an unknown name creates no stage at all.
    expect(development.isEnabled('lifecycle.no-such-flag')).toBe(false);
    await development.flushMetrics();
    await waitFor('the unknown flag reported', async () => {
      const answer = await s.admin<{ unknownFlags: Array<{ name: string }> }>(
        'GET',
        '/api/admin/metrics/unknown-flags',
      );
      return answer.body.unknownFlags?.some((flag) => flag.name === 'lifecycle.no-such-flag')
        ? true
        : undefined;
    });
    expect(await stagesOf('lifecycle.untouched')).toEqual(['initial']);
    const rows = await s.database.db
      .selectFrom('feature_lifecycles')
      .select('feature')
      .where('feature', '=', 'lifecycle.no-such-flag')
      .execute();
    expect(rows).toEqual([]);

    const count = await s.adminOk<Record<string, number>>(
      'GET',
      '/api/admin/lifecycle/count',
      undefined,
      200,
    );
    expect(count).toEqual({ initial: 1, preLive: 0, live: 1, completed: 0, archived: 0 });
  });
});
