import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// Moving SDKs between polling and streaming (issue 17, API.md §2.7 `fetch-mode`), proven with the
// real node SDK (npm unleash-client): its streaming fetcher leaves for polling on
// `event: fetch-mode / data: polling`, its polling fetcher leaves for streaming on a full answer
// carrying `fetch-mode: streaming` (lib/repository/streaming-fetcher.js, polling-fetcher.js).

/** The SDK's current fetcher; the SDK does not re-emit its 'mode' event, its repository tells. */
const modeOf = (sdk: Unleash) =>
  (sdk as unknown as { repository: { getMode(): string } }).repository.getMode();

describe('fetch-mode', () => {
  let s: SdkTestServer;
  let token: string;
  let unleash: Unleash | undefined;

  beforeAll(async () => {
    s = await startSdkTestServer();
    await addFlag(s, { name: 'mode.flag' });
    token = await s.createToken({ type: 'client', environment: 'development' });
  });

  afterAll(async () => {
    unleash?.destroy();
    await s?.stop();
  });

  const toggle = (state: 'on' | 'off') =>
    s.adminOk(
      'POST',
      `/api/admin/projects/default/features/mode.flag/environments/development/${state}`,
      undefined,
      200,
    );
  const streams = async () => {
    const text = (await s.admin('GET', '/internal-backstage/prometheus')).text;
    return Number(/^switchyard_sdk_streaming\{kind="streams"\} (\S+)$/m.exec(text)?.[1]);
  };

  it('sends streaming SDKs to polling and polling SDKs back to streaming', async () => {
    expect(await s.adminOk('GET', '/api/admin/streaming/fetch-mode', undefined, 200)).toEqual({ mode: null });
    const started = await startNodeSdk({
      url: s.url,
      token,
      appName: 'fetch-mode-test',
      refreshInterval: 200,
      experimentalMode: { type: 'streaming' },
    });
    unleash = started.unleash;
    const sdk = unleash;
    expect(modeOf(sdk)).toBe('streaming');
    await waitFor('the stream to be open', async () => ((await streams()) === 1 ? true : undefined));

    await s.adminOk('PUT', '/api/admin/streaming/fetch-mode', { mode: 'polling' }, 200);
    await waitFor('the SDK to switch to polling', () => (modeOf(sdk) === 'polling' ? true : undefined));
    expect(await streams()).toBe(0);
    // It polls now: a change still arrives, and a new stream is answered with the same event.
    await toggle('off');
    await waitFor('the change by polling', () => (sdk.isEnabled('mode.flag') ? undefined : true));
    const refused = await fetch(`${s.url}/api/client/streaming`, { headers: { authorization: token } });
    expect(await refused.text()).toBe('event: fetch-mode\ndata: polling\n\n');

    await s.adminOk('PUT', '/api/admin/streaming/fetch-mode', { mode: 'streaming' }, 200);
    const full = await fetch(`${s.url}/api/client/features`, { headers: { authorization: token } });
    expect(full.headers.get('fetch-mode')).toBe('streaming');
    // The header rides on full answers (a 304 has none): the next change brings the SDK over.
    await toggle('on');
    await waitFor('the SDK to switch to streaming', () => (modeOf(sdk) === 'streaming' ? true : undefined));
    await waitFor('its stream to be open', async () => ((await streams()) === 1 ? true : undefined));
    await toggle('off');
    await waitFor('the change by stream', () => (sdk.isEnabled('mode.flag') ? undefined : true));

    await s.adminOk('PUT', '/api/admin/streaming/fetch-mode', { mode: null }, 200);
    const neutral = await fetch(`${s.url}/api/client/features`, { headers: { authorization: token } });
    expect(neutral.headers.get('fetch-mode')).toBeNull();
    const bad = await s.admin<{ name: string }>('PUT', '/api/admin/streaming/fetch-mode', {
      mode: 'carrier-pigeon',
    });
    expect([bad.status, bad.body.name]).toEqual([400, 'BadDataError']);
    const events = await s.adminOk<{
      events: Array<{ type: string; data: { id: string; mode: string | null } }>;
    }>('GET', '/api/admin/events', undefined, 200);
    expect(events.events.filter((e) => e.data?.id === 'sdk.fetch-mode').map((e) => e.data.mode)).toEqual([
      null,
      'streaming',
      'polling',
    ]);
  });
});
