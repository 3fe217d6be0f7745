import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

const run = promisify(execFile);

// Issue 15: an outside system (plain curl) posts a signal with its endpoint token; the matching
// action set enables a flag as its service account, and the real Node SDK sees the flag on.

describe('a signal posted with curl enables a flag the real SDK sees', () => {
  let s: SdkTestServer;
  let unleash: Unleash | undefined;

  beforeAll(async () => {
    s = await startSdkTestServer({ SCHEDULER_POLL_INTERVAL_MS: '500' });
  });
  afterAll(async () => {
    unleash?.destroy();
    await s?.stop();
  });

  it('enables the flag in development after the curl call', async () => {
    await addFlag(s, { name: 'maintenance-banner', environments: ['development'] });
    await s.adminOk(
      'POST',
      '/api/admin/projects/default/features/maintenance-banner/environments/development/off',
      undefined,
      200,
    );
    const bot = await s.adminOk<{ id: number }>(
      'POST',
      '/api/admin/service-account',
      { username: 'incident-bot', name: 'Incident bot', rootRole: 1 },
      201,
    );
    const endpoint = await s.adminOk<{ id: number; url: string }>(
      'POST',
      '/api/admin/signal-endpoints',
      { name: 'statuspage' },
      201,
    );
    const { token } = await s.adminOk<{ token: string }>(
      'POST',
      `/api/admin/signal-endpoints/${endpoint.id}/tokens`,
      { name: 'statuspage-webhook' },
      201,
    );
    const actionSet = await s.adminOk<{ id: number }>(
      'POST',
      '/api/admin/projects/default/actions',
      {
        name: 'show the banner during incidents',
        actorId: bot.id,
        match: {
          source: 'signal-endpoint',
          sourceId: endpoint.id,
          payload: { 'incident.status': { operator: 'IN', values: ['investigating', 'identified'] } },
        },
        actions: [
          {
            action: 'ENABLE_FEATURE',
            sortOrder: 0,
            executionParams: {
              project: 'default',
              environment: 'development',
              featureName: 'maintenance-banner',
            },
          },
        ],
      },
      201,
    );

    const clientToken = await s.createToken({ type: 'client', environment: 'development' });
    ({ unleash } = await startNodeSdk({
      url: s.url,
      token: clientToken,
      appName: 'signals',
      refreshInterval: 200,
    }));
    expect(unleash.isEnabled('maintenance-banner')).toBe(false);

    const { stdout } = await run('curl', [
      '--silent',
      '--show-error',
      '--output',
      '/dev/null',
      '--write-out',
      '%{http_code}',
      '--request',
      'POST',
      `${s.url}/api/signal-endpoint/statuspage`,
      '--header',
      `Authorization: Bearer ${token}`,
      '--header',
      'Content-Type: application/json',
      '--data-raw',
      JSON.stringify({ incident: { status: 'investigating', name: 'Checkout errors' } }),
    ]);
    expect(stdout).toBe('200');

    const sdk = unleash;
    await waitFor('the SDK to see the flag on', () =>
      sdk.isEnabled('maintenance-banner') ? true : undefined,
    );
    const events = await s.adminOk<{
      actionSetEvents: Array<{ state: string; signal: { tokenName: string } }>;
    }>('GET', `/api/admin/projects/default/actions/${actionSet.id}/events`, undefined, 200);
    // Stopped here, and a poll interval allowed to pass, so no fetch of it outlives the server.
    sdk.destroy();
    unleash = undefined;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(events.actionSetEvents).toEqual([
      expect.objectContaining({
        state: 'success',
        signal: expect.objectContaining({ tokenName: 'statuspage-webhook' }),
      }),
    ]);
  });
});
