import { createHash, createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// Unleash Edge as an upstream client (issue 17, API.md §2.6): Edge is a Rust binary that cannot
// run here, so its calls are replayed over HTTP as its public source makes them
// (github.com/Unleash/unleash-edge, crates/unleash-edge-http-client/src/lib.rs: headers
// unleash-appname, unleash-instanceid, unleash-connection-id, unleash-client-spec; bodies
// MetricsBatch and EdgeInstanceData from crates/unleash-edge-types) and asserted on our side.

const EDGE_SECRET = Buffer.from('switchyard-edge-test-secret-0123456789abcdef').toString('base64url');
const EDGE_HEADERS = {
  'unleash-appname': 'unleash-edge',
  'unleash-instanceid': '01JEDGETEST00000000000000',
  'unleash-connection-id': '01JEDGECONN00000000000000',
  'unleash-client-spec': '5.2.0',
  'user-agent': 'unleash-edge-19.9.1',
};

/** A signed /edge/issue-token request as Unleash verifies it. */
function signed(body: unknown, options: { nonce?: string; timestamp?: string; secret?: string } = {}) {
  const timestamp = options.timestamp ?? new Date().toISOString();
  const nonce = options.nonce ?? randomUUID();
  const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const signature = createHmac('sha256', Buffer.from(options.secret ?? EDGE_SECRET, 'base64url'))
    .update(`POST\n/edge/issue-token\n${timestamp}\n${nonce}\n${bodyHash}`)
    .digest('base64url');
  return {
    authorization: `HMAC enterprise-edge:${signature}`,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'content-sha256': bodyHash,
  };
}

describe('Unleash Edge upstream calls', () => {
  let s: SdkTestServer;
  let devAll: string;
  let devDefault: string;
  let devOther: string;
  let prod: string;
  let seenOnlyByEdge: string;

  beforeAll(async () => {
    s = await startSdkTestServer({ EDGE_CLIENT_SECRET: EDGE_SECRET, METRICS_FLUSH_INTERVAL_SECONDS: '1' });
    await s.adminOk('POST', '/api/admin/projects', { id: 'other', name: 'other' }, 201);
    await addFlag(s, { name: 'edge.default' });
    await addFlag(s, { name: 'edge.other', project: 'other' });
    devAll = await s.createToken({ type: 'client', environment: 'development', tokenName: 'edge-all' });
    devDefault = await s.createToken({
      type: 'client',
      environment: 'development',
      projects: ['default'],
      tokenName: 'edge-default',
    });
    devOther = await s.createToken({
      type: 'client',
      environment: 'development',
      projects: ['other'],
      tokenName: 'edge-other',
    });
    prod = await s.createToken({ type: 'client', environment: 'production', tokenName: 'edge-prod' });
    seenOnlyByEdge = await s.createToken({
      type: 'client',
      environment: 'development',
      tokenName: 'edge-sdk-key',
    });
    await s.createToken({ type: 'client', environment: 'development', tokenName: 'edge-unused' });
  });

  afterAll(async () => {
    // The last test already stopped the server; stop() still drops the database.
    await s?.stop().catch(() => {});
  });

  it('validates the tokens Edge holds, without an Authorization header', async () => {
    const answer = await s.http<{
      tokens: Array<{ token: string; projects: string[]; environment: string }>;
    }>('POST', '/edge/validate', {
      body: { tokens: [devDefault, 'default:development.not-a-token', prod] },
      headers: EDGE_HEADERS,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.tokens.map((t) => [t.token, t.projects, t.environment])).toEqual([
      [devDefault, ['default'], 'development'],
      [prod, ['*'], 'production'],
    ]);
  });

  it('serves features, delta and streaming per token, each with its own projects (Edge asks once per token)', async () => {
    const names = async (token: string) =>
      (
        await s.http<{ features: Array<{ name: string }> }>('GET', '/api/client/features', {
          headers: { ...EDGE_HEADERS, authorization: token },
        })
      ).body.features
        .map((f) => f.name)
        .sort();
    expect(await names(devAll)).toEqual(['edge.default', 'edge.other']);
    expect(await names(devDefault)).toEqual(['edge.default']);
    expect(await names(devOther)).toEqual(['edge.other']);

    const delta = await s.http<{ events: Array<{ type: string; features: Array<{ name: string }> }> }>(
      'GET',
      '/api/client/delta',
      { headers: { ...EDGE_HEADERS, authorization: devOther } },
    );
    expect(delta.body.events[0]?.features.map((f) => f.name)).toEqual(['edge.other']);

    // Two streams, one per token: a change in `other` reaches only the stream allowed to see it.
    const open = async (token: string) => {
      const controller = new AbortController();
      const response = await fetch(`${s.url}/api/client/streaming`, {
        headers: { ...EDGE_HEADERS, authorization: token },
        signal: controller.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          text += new TextDecoder().decode(value);
        }
      })();
      return { text: () => text, close: () => controller.abort() };
    };
    const streamOther = await open(devOther);
    const streamDefault = await open(devDefault);
    try {
      await waitFor('both streams connected', () =>
        streamOther.text().includes('unleash-connected') && streamDefault.text().includes('unleash-connected')
          ? true
          : undefined,
      );
      await s.adminOk(
        'POST',
        '/api/admin/projects/other/features/edge.other/environments/development/off',
        undefined,
        200,
      );
      await waitFor('the change on the other stream', () =>
        streamOther.text().includes('event: unleash-updated') ? true : undefined,
      );
      expect(streamOther.text()).toContain('"name":"edge.other"');
      expect(streamDefault.text()).not.toContain('event: unleash-updated');
      expect(streamDefault.text()).not.toContain('edge.other');
    } finally {
      streamOther.close();
      streamDefault.close();
    }
  });

  it('takes the MetricsBatch Edge posts to metrics/bulk: applications with connectVia, counts of the token environment, seenTokens', async () => {
    const now = new Date().toISOString();
    const answer = await s.http('POST', '/api/client/metrics/bulk', {
      headers: { ...EDGE_HEADERS, authorization: devAll },
      body: {
        applications: [
          {
            appName: 'shop-behind-edge',
            instanceId: 'shop-1',
            environment: 'development',
            interval: 15000,
            started: now,
            strategies: ['default', 'flexibleRollout'],
            sdkVersion: 'unleash-client-node:6.1.0',
            sdkType: 'backend',
            connectVia: [{ appName: 'unleash-edge', instanceId: '01JEDGETEST00000000000000' }],
          },
          {
            appName: 'web-behind-edge',
            instanceId: 'browser',
            environment: 'development',
            sdkVersion: 'unleash-client-js:3.8.2',
            sdkType: 'frontend',
            connectVia: [{ appName: 'unleash-edge', instanceId: '01JEDGETEST00000000000000' }],
          },
        ],
        metrics: [
          {
            featureName: 'edge.default',
            appName: 'shop-behind-edge',
            environment: 'development',
            timestamp: now,
            yes: 7,
            no: 2,
            variants: {},
          },
          {
            featureName: 'edge.default',
            appName: 'shop-behind-edge',
            environment: 'production',
            timestamp: now,
            yes: 100,
            no: 100,
            variants: {},
          },
        ],
        seenTokens: [seenOnlyByEdge, 'made-up-token'],
      },
    });
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');

    const usage = await waitFor('the counts to be flushed', async () => {
      const raw = await s.adminOk<{
        data: Array<{ environment: string; yes: number; no: number; appName: string }>;
      }>('GET', '/api/admin/client-metrics/features/edge.default/raw', undefined, 200);
      return raw.data.length > 0 ? raw.data : undefined;
    });
    expect(usage.map((row) => [row.appName, row.environment, row.yes, row.no])).toEqual([
      ['shop-behind-edge', 'development', 7, 2],
    ]);
    const apps = await s.adminOk<{ applications: Array<{ appName: string }> }>(
      'GET',
      '/api/admin/metrics/applications',
      undefined,
      200,
    );
    expect(apps.applications.map((a) => a.appName)).toEqual(
      expect.arrayContaining(['shop-behind-edge', 'web-behind-edge']),
    );
  });

  it('refuses hostile bulk posts with a 400 in Unleash error shape', async () => {
    const post = (body: unknown) =>
      s.http<{ name: string }>('POST', '/api/client/metrics/bulk', {
        headers: { authorization: devAll },
        body,
      });
    const app = { appName: 'a', instanceId: 'i', environment: 'development' };
    for (const body of [
      { applications: [], metrics: [], seenTokens: Array.from({ length: 10_001 }, (_, i) => `t${i}`) },
      {
        applications: [
          { ...app, connectVia: Array.from({ length: 65 }, () => ({ appName: 'e', instanceId: 'e' })) },
        ],
        metrics: [],
      },
      { applications: [{ ...app, connectVia: [{ appName: 'e' }] }], metrics: [] },
      { applications: [{ ...app, sdkFlavor: 'x'.repeat(257) }], metrics: [] },
    ]) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body.name).toBe('BadDataError');
    }
  });

  it("keeps Edge's own instance data from /api/client/metrics/edge and lists it for admins", async () => {
    const instance = {
      identifier: '01JEDGETEST00000000000000',
      appName: 'unleash-edge',
      region: 'eu-north-1',
      edgeVersion: '19.9.1',
      processMetrics: { cpuUsage: 1.5, memoryUsage: 12_000_000 },
      started: new Date().toISOString(),
      traffic: { get: {}, post: {}, accessDenied: {}, cachedResponses: {} },
      latencyUpstream: {
        features: { avg: 1, count: 1, p99: 1 },
        metrics: { avg: 1, count: 1, p99: 1 },
        edge: { avg: 0, count: 0, p99: 0 },
      },
      requestsSinceLastReport: {},
      connectedStreamingClients: 3,
      connectedEdges: [
        { identifier: '01JEDGECHILD0000000000000', appName: 'edge-child', connectedEdges: [] },
      ],
      connectionConsumptionSinceLastReport: { features: [], metrics: [] },
      requestConsumptionSinceLastReport: [],
    };
    const answer = await s.http('POST', '/api/client/metrics/edge', {
      headers: { ...EDGE_HEADERS, authorization: devAll },
      body: instance,
    });
    expect(answer.status).toBe(202);
    const listed = await s.adminOk<{ edges: Array<Record<string, unknown>> }>(
      'GET',
      '/api/admin/metrics/edges',
      undefined,
      200,
    );
    expect(listed.edges).toEqual([
      expect.objectContaining({
        identifier: instance.identifier,
        appName: 'unleash-edge',
        edgeVersion: '19.9.1',
        region: 'eu-north-1',
        environment: 'development',
        connectedStreamingClients: 3,
        connectedEdges: [{ identifier: '01JEDGECHILD0000000000000', appName: 'edge-child' }],
      }),
    ]);
    const bad = await s.http<{ name: string }>('POST', '/api/client/metrics/edge', {
      headers: { authorization: devAll },
      body: { ...instance, identifier: 'nul\u0000' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toBe('BadDataError');
    const oversized = await s.http('POST', '/api/client/metrics/edge', {
      headers: { authorization: devAll },
      body: { ...instance, region: 'x'.repeat(70 * 1024) },
    });
    expect(oversized.status).toBe(413);
    const frontend = await s.createToken({ type: 'frontend', environment: 'development' });
    expect(
      (
        await s.http('POST', '/api/client/metrics/edge', {
          headers: { authorization: frontend },
          body: instance,
        })
      ).status,
    ).toBe(403);
  });

  it('issues backend tokens to a signed /edge/issue-token, the same one on asking again, and refuses what Unleash refuses', async () => {
    const body = { tokens: [{ environment: 'development', projects: ['default', 'other'] }] };
    const first = await s.http<{
      tokens: Array<{ token: string; type: string; projects: string[]; environment: string }>;
    }>('POST', '/edge/issue-token', { body, headers: signed(body) });
    expect(first.status).toBe(200);
    const issued = first.body.tokens[0]!;
    expect(issued).toMatchObject({
      type: 'client',
      environment: 'development',
      projects: ['default', 'other'],
    });
    const features = await s.http<{ features: Array<{ name: string }> }>('GET', '/api/client/features', {
      headers: { authorization: issued.token },
    });
    expect(features.body.features.map((f) => f.name).sort()).toEqual(['edge.default', 'edge.other']);
    const tokens = await s.adminOk<{ tokens: Array<{ tokenName: string }> }>(
      'GET',
      '/api/admin/api-tokens',
      undefined,
      200,
    );
    expect(tokens.tokens.map((t) => t.tokenName)).toContain('enterprise_edge_development_default_other');

    const again = await s.http<{ tokens: Array<{ token: string }> }>('POST', '/edge/issue-token', {
      body: { tokens: [{ environment: 'development', projects: ['other', 'default'] }] },
      headers: signed({ tokens: [{ environment: 'development', projects: ['other', 'default'] }] }),
    });
    expect(again.body.tokens[0]?.token).toBe(issued.token);

    const headers = signed(body);
    expect((await s.http('POST', '/edge/issue-token', { body, headers })).status).toBe(200);
    const refusals: Array<[Record<string, string>, unknown, string]> = [
      [headers, body, 'Replay detected'],
      [{}, body, 'Missing HMAC authorization header'],
      [{ ...signed(body), 'x-nonce': '' }, body, 'Missing content headers'],
      [signed(body, { timestamp: new Date(Date.now() - 6 * 60_000).toISOString() }), body, 'Stale request'],
      [signed(body), { tokens: [{ environment: 'production', projects: ['*'] }] }, 'Body tampering detected'],
      [
        signed(body, { secret: Buffer.from('another secret').toString('base64url') }),
        body,
        'Signature mismatch',
      ],
    ];
    for (const [given, sent, error] of refusals) {
      const answer = await s.http<{ error: string }>('POST', '/edge/issue-token', {
        body: sent,
        headers: given,
      });
      expect([answer.status, answer.body.error]).toEqual([401, error]);
    }
    const unknownEnv = { tokens: [{ environment: 'nowhere', projects: ['*'] }] };
    const refused = await s.http<{ name: string }>('POST', '/edge/issue-token', {
      body: unknownEnv,
      headers: signed(unknownEnv),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.name).toBe('BadDataError');
  });

  it('gives concurrent /edge/issue-token requests for one new scope the same single token', async () => {
    const body = { tokens: [{ environment: 'development', projects: ['other'] }] };
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        s.http<{ tokens: Array<{ token: string }> }>('POST', '/edge/issue-token', {
          body,
          headers: signed(body),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.tokens[0]?.token)).size).toBe(1);
    const tokens = await s.adminOk<{ tokens: Array<{ tokenName: string }> }>(
      'GET',
      '/api/admin/api-tokens',
      undefined,
      200,
    );
    expect(tokens.tokens.filter((t) => t.tokenName === 'enterprise_edge_development_other')).toHaveLength(1);
  });

  it("records Edge's seenTokens as the tokens' last use (written at the latest on shutdown)", async () => {
    // Token usage is written in batches (every minute, and when the server stops).
    await s.server.stop();
    const db = new pg.Client({ connectionString: s.database.url });
    await db.connect();
    try {
      const rows = await db.query<{ token_name: string; seen_at: Date | null }>(
        "SELECT token_name, seen_at FROM api_tokens WHERE token_name IN ('edge-sdk-key', 'edge-unused') ORDER BY token_name",
      );
      // edge-sdk-key never called us itself: Edge said its SDKs used it.
      expect(rows.rows.map((r) => [r.token_name, r.seen_at !== null])).toEqual([
        ['edge-sdk-key', true],
        ['edge-unused', false],
      ]);
    } finally {
      await db.end();
    }
  });
});
