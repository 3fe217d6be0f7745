import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// The real Node SDK (npm unleash-client) in delta polling mode, `experimentalMode: {type:
// 'polling', format: 'delta'}`, against GET /api/client/delta (issue 17, API.md §2.7): it
// hydrates, then applies the changes since its revision as flags and segments change.

describe('unleash-client in delta polling mode', () => {
  let s: SdkTestServer;
  let unleash: Unleash | undefined;

  beforeAll(async () => {
    s = await startSdkTestServer();
    await addFlag(s, { name: 'delta.on' });
    await addFlag(s, {
      name: 'delta.alice',
      strategies: [{ name: 'userWithId', parameters: { userIds: 'alice' } }],
    });
  });

  afterAll(async () => {
    unleash?.destroy();
    await s?.stop();
  });

  it('hydrates, then follows flag, strategy and segment changes through deltas', async () => {
    const token = await s.createToken({ type: 'client', environment: 'development' });
    const requests: Array<{ path: string; status: number }> = [];
    const started = await startNodeSdk({
      url: s.url,
      token,
      appName: 'delta-test',
      refreshInterval: 200,
      experimentalMode: { type: 'polling', format: 'delta' },
      httpOptions: {},
    });
    unleash = started.unleash;
    unleash.on('unchanged', () => requests.push({ path: 'delta', status: 304 }));
    expect(unleash.isEnabled('delta.on')).toBe(true);
    expect(unleash.isEnabled('delta.alice', { userId: 'alice' })).toBe(true);
    expect(unleash.isEnabled('delta.alice', { userId: 'bob' })).toBe(false);
    const sdk = unleash;

    // A new flag arrives as a feature-updated event.
    await addFlag(s, { name: 'delta.new' });
    await waitFor('the new flag', () => (sdk.isEnabled('delta.new') ? true : undefined));

    // A switched-off flag is updated in place.
    await s.adminOk(
      'POST',
      '/api/admin/projects/default/features/delta.on/environments/development/off',
      undefined,
      200,
    );
    await waitFor('delta.on off', () => (sdk.isEnabled('delta.on') ? undefined : true));

    // A segment the SDK has not seen comes with the strategy that uses it, and its later edit
    // reaches the SDK as a segment-updated event.
    const segment = await s.adminOk<{ id: number }>(
      'POST',
      '/api/admin/segments',
      { name: 'delta-beta', constraints: [{ contextName: 'userId', operator: 'IN', values: ['carol'] }] },
      201,
    );
    await addFlag(s, { name: 'delta.segmented', strategies: [{ name: 'default', segments: [segment.id] }] });
    await waitFor('the segmented flag', () =>
      sdk.isEnabled('delta.segmented', { userId: 'carol' }) ? true : undefined,
    );
    expect(sdk.isEnabled('delta.segmented', { userId: 'dave' })).toBe(false);
    await s.adminOk(
      'PUT',
      `/api/admin/segments/${segment.id}`,
      { name: 'delta-beta', constraints: [{ contextName: 'userId', operator: 'IN', values: ['dave'] }] },
      204,
    );
    await waitFor('the segment edit', () =>
      sdk.isEnabled('delta.segmented', { userId: 'dave' }) ? true : undefined,
    );

    // An archived flag is removed.
    await s.adminOk('DELETE', '/api/admin/projects/default/features/delta.new', undefined, 202);
    await waitFor('delta.new removed', () => (sdk.isEnabled('delta.new') ? undefined : true));
    expect(sdk.getFeatureToggleDefinition('delta.new')).toBeUndefined();

    // Between changes the SDK polls and is told nothing changed.
    await waitFor('a 304', () => (requests.length > 0 ? true : undefined));
    expect(started.errors).toEqual([]);

    // All of it went through the delta endpoint: the server's request metrics say so.
    const metrics = await s.admin('GET', '/internal-backstage/prometheus');
    const served = (path: string, status: number) =>
      Number(
        new RegExp(
          `http_request_duration_milliseconds_count\\{[^}]*path="${path}"[^}]*status="${status}"[^}]*\\} (\\d+)`,
        ).exec(metrics.text)?.[1] ?? 0,
      );
    expect(served('/api/client/delta', 200)).toBeGreaterThanOrEqual(5);
    expect(served('/api/client/delta', 304)).toBeGreaterThanOrEqual(1);
    expect(served('/api/client/features', 200)).toBe(0);
  });
});
