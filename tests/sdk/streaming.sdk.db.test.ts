import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, SDK_TEST_ADMIN_TOKEN, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// GET /api/client/streaming (issue 17, API.md §2.7): the real Node SDK (npm unleash-client) in
// streaming mode, and the Server-Sent Events read by hand for the wire details.

/** Reads SSE messages from a streaming response until `until` says enough. */
async function readEvents(
  response: Response,
  until: (events: Array<{ event: string; id?: string; data: string }>) => boolean,
) {
  const events: Array<{ event: string; id?: string; data: string }> = [];
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      );
      if (fields.event) events.push({ event: fields.event, id: fields.id, data: fields.data ?? '' });
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}

describe('streaming', () => {
  let s: SdkTestServer;
  let token: string;
  let unleash: Unleash | undefined;

  beforeAll(async () => {
    s = await startSdkTestServer();
    await addFlag(s, { name: 'stream.on' });
    token = await s.createToken({ type: 'client', environment: 'development' });
  });

  afterAll(async () => {
    unleash?.destroy();
    await s?.stop();
  });

  it('sends unleash-connected with a hydration, unleash-updated per change, and resumes after Last-Event-ID', async () => {
    const open = (lastEventId?: string) =>
      fetch(`${s.url}/api/client/streaming`, {
        headers: {
          authorization: token,
          'unleash-client-spec': '5.2.0',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      });
    const response = await open();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // A change committed here is pushed at once: the three writes of addFlag (create, strategy, on)
    // may arrive as one to three updates; read until the flag is there and enabled.
    const reading = readEvents(response, (events) =>
      events.some(
        (e) =>
          e.event === 'unleash-updated' &&
          e.data.includes('"name":"stream.new"') &&
          e.data.includes('"enabled":true'),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await addFlag(s, { name: 'stream.new' });
    const events = await reading;
    const [connected] = events;
    const updated = events.at(-1);
    expect(connected?.event).toBe('unleash-connected');
    const hydration = JSON.parse(connected?.data ?? '{}').events[0];
    expect(hydration).toMatchObject({ type: 'hydration', eventId: Number(connected?.id) });
    expect(hydration.features.map((flag: { name: string }) => flag.name)).toEqual(['stream.on']);
    expect(updated?.event).toBe('unleash-updated');
    expect(Number(updated?.id)).toBeGreaterThan(Number(connected?.id));
    expect(JSON.parse(updated?.data ?? '{}').events.map((event: { type: string }) => event.type)).toContain(
      'feature-updated',
    );

    // Reconnecting with the last id known: only what changed since, here nothing.
    const resumed = await readEvents(await open(updated?.id), (events) => events.length >= 1);
    expect(resumed[0]).toMatchObject({ event: 'unleash-connected', id: updated?.id, data: '{"events":[]}' });

    // The client API's callers, as the permission matrix checks them for the other SDK routes.
    const frontendToken = await s.createToken({ type: 'frontend', environment: 'development' });
    for (const [authorization, status] of [
      ['nope', 401],
      ['', 401],
      [frontendToken, 403],
      [SDK_TEST_ADMIN_TOKEN, 403],
    ] as const) {
      const refused = await fetch(`${s.url}/api/client/streaming`, {
        headers: authorization ? { authorization } : {},
      });
      expect(refused.status, `token ${authorization.slice(0, 12)}`).toBe(status);
      await refused.body?.cancel();
    }
  });

  it('keeps the real SDK in streaming mode current, also after the admin disconnects every stream', async () => {
    const started = await startNodeSdk({
      url: s.url,
      token,
      appName: 'streaming-test',
      experimentalMode: { type: 'streaming' },
    });
    unleash = started.unleash;
    const sdk = unleash;
    expect(sdk.isEnabled('stream.on')).toBe(true);

    const changedAt = Date.now();
    await s.adminOk(
      'POST',
      '/api/admin/projects/default/features/stream.on/environments/development/off',
      undefined,
      200,
    );
    await waitFor('the change to arrive by stream', () => (sdk.isEnabled('stream.on') ? undefined : true), {
      intervalMs: 10,
    });
    const latencyMs = Date.now() - changedAt;
    expect(latencyMs).toBeLessThan(5_000);

    const { disconnected } = await s.adminOk<{ disconnected: number }>(
      'POST',
      '/api/admin/streaming/disconnect-all',
      undefined,
      200,
    );
    expect(disconnected).toBeGreaterThanOrEqual(1);
    // The SDK reconnects by itself (after its retry delay) and is told of later changes.
    await s.adminOk(
      'POST',
      '/api/admin/projects/default/features/stream.on/environments/development/on',
      undefined,
      200,
    );
    await waitFor('the change after reconnecting', () => (sdk.isEnabled('stream.on') ? true : undefined), {
      timeoutMs: 15_000,
    });
    // Every fetch went through the stream: the SDK never polled the features endpoint.
    const metrics = await s.admin('GET', '/internal-backstage/prometheus');
    expect(metrics.text).not.toMatch(/path="\/api\/client\/features"[^}]*status="200"/);
  }, 40_000);
});
