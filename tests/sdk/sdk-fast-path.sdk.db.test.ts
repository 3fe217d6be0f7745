import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkTestServer, startSdkTestServer } from './sdk-server';

/**
 * The SDK fast path (server/src/http/sdk-fast-path.ts) must answer exactly as the Fastify routes
 * do. Real HTTP requests reach the fast path; `app.inject` never does (it calls Fastify's handler
 * directly), so each case compares the two, and counts that the fast path really answered.
 */
const PER_REQUEST_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Observed {
  status: number;
  headers: Record<string, string>;
  body: string;
}

let sdk: SdkTestServer;
let clientToken: string;
let frontendToken: string;
let webClientToken: string;

interface Sent {
  method?: 'GET' | 'POST';
  body?: string;
}

/** Status, headers without the per-response ones, and the body with error ids (fresh each time) masked. */
function observed(status: number, headers: Iterable<[string, unknown]>, body: string): Observed {
  const kept: Record<string, string> = {};
  for (const [key, value] of headers) {
    if (!PER_REQUEST_HEADERS.has(key) && value !== undefined) kept[key] = String(value);
  }
  return { status, headers: kept, body: body.replace(/"id":"[0-9a-f-]{36}"/, '"id":"…"') };
}

/** A real HTTP request: the listener's fast path sees it. */
async function overHttp(path: string, headers: Record<string, string>, sent: Sent = {}): Promise<Observed> {
  const response = await fetch(`${sdk.url}${path}`, {
    method: sent.method ?? 'GET',
    // fetch would add its own Accept-Encoding (inject sends none); compression has its own test.
    headers: { 'accept-encoding': 'identity', ...headers },
    body: sent.body,
  });
  return observed(response.status, response.headers.entries(), await response.text());
}

/** app.inject calls Fastify's handler directly: never the fast path. */
async function throughFastify(
  path: string,
  headers: Record<string, string>,
  sent: Sent = {},
): Promise<Observed> {
  const response = await sdk.server.app.inject({
    method: sent.method ?? 'GET',
    url: path,
    headers,
    ...(sent.body === undefined ? {} : { payload: sent.body }),
  });
  return observed(response.statusCode, Object.entries(response.headers), response.body);
}

/** Same status, headers and body both ways; returns whether the fast path took the request. */
async function expectSameAnswer(path: string, headers: Record<string, string>): Promise<boolean> {
  const before = sdk.server.app.sdkFastPath.answered;
  const fast = await overHttp(path, headers);
  const answeredFast = sdk.server.app.sdkFastPath.answered > before;
  const slow = await throughFastify(path, headers);
  expect({ path, ...fast }).toStrictEqual({ path, ...slow });
  return answeredFast;
}

beforeAll(async () => {
  sdk = await startSdkTestServer({
    UNLEASH_FRONTEND_API_ORIGINS: 'https://app.example',
    METRICS_FLUSH_INTERVAL_SECONDS: '1',
  });
  await sdk.adminOk('POST', '/api/admin/projects', { id: 'web', name: 'Web' }, 201);
  for (const [project, name] of [
    ['default', 'checkout'],
    ['default', 'search-v2'],
    ['web', 'web-banner'],
  ] as const) {
    await sdk.adminOk('POST', `/api/admin/projects/${project}/features`, { name }, 201);
    await sdk.adminOk(
      'POST',
      `/api/admin/projects/${project}/features/${name}/environments/development/strategies`,
      {
        name: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'default', groupId: name },
        constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
        variants: [
          { name: 'a', weight: 500, weightType: 'variable', stickiness: 'default' },
          { name: 'b', weight: 500, weightType: 'variable', stickiness: 'default' },
        ],
      },
      200,
    );
    await sdk.adminOk(
      'POST',
      `/api/admin/projects/${project}/features/${name}/environments/development/on`,
      undefined,
      200,
    );
  }
  await sdk.adminOk('POST', '/api/admin/features/search-v2/tags', { type: 'simple', value: 'beta' }, 201);
  clientToken = await sdk.createToken({ type: 'client', environment: 'development' });
  webClientToken = await sdk.createToken({ type: 'client', environment: 'development', projects: ['web'] });
  frontendToken = await sdk.createToken({ type: 'frontend', environment: 'development' });
}, 60_000);

afterAll(async () => {
  await sdk?.stop();
});

describe('GET /api/client/features on the fast path', () => {
  it('answers 200 and 304 exactly as the route does, for every token and query an SDK sends', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/api/client/features', { authorization: clientToken }],
      ['/api/client/features', { authorization: `Bearer ${clientToken}` }],
      ['/api/client/features', { authorization: webClientToken }],
      ['/api/client/features?project=web', { authorization: clientToken }],
      ['/api/client/features?project=web&project=default', { authorization: clientToken }],
      ['/api/client/features?namePrefix=search', { authorization: clientToken }],
      ['/api/client/features?tag=simple:beta', { authorization: clientToken }],
      ['/api/client/features', { authorization: clientToken, 'unleash-client-spec': '5.1.0' }],
      ['/api/client/features', { authorization: clientToken, 'unleash-client-spec': '4.1.0' }],
    ];
    for (const [path, headers] of cases) {
      expect(await expectSameAnswer(path, headers), path).toBe(true);
      const { headers: answered } = await overHttp(path, headers);
      // The fast path writes its own headers: nosniff too (issue 12 §6).
      expect(answered['x-content-type-options'], path).toBe('nosniff');
      const etag = answered.etag as string;
      expect(await expectSameAnswer(path, { ...headers, 'if-none-match': etag }), `${path} 304`).toBe(true);
      const notModified = await overHttp(path, { ...headers, 'if-none-match': etag });
      expect(notModified.status).toBe(304);
      expect(notModified.headers['x-content-type-options'], `${path} 304`).toBe('nosniff');
    }
  });

  it('leaves errors and unusual requests to Fastify, which answers them', async () => {
    const cases: Array<[string, Record<string, string>, number]> = [
      ['/api/client/features', {}, 401],
      ['/api/client/features', { authorization: 'nonsense' }, 401],
      ['/api/client/features', { authorization: frontendToken }, 403],
      ['/api/client/features', { authorization: clientToken, 'unleash-client-spec': 'not-semver' }, 400],
      ['/api/client/features?namePrefix=search%2Dv', { authorization: clientToken }, 200],
      ['/api/client/features?other=1', { authorization: clientToken }, 200],
    ];
    for (const [path, headers, status] of cases) {
      expect(await expectSameAnswer(path, headers), path).toBe(false);
      expect((await overHttp(path, headers)).status, path).toBe(status);
    }
  });

  it('serves a committed change on the very next request', async () => {
    const path = '/api/client/features';
    const before = (await overHttp(path, { authorization: clientToken })).headers.etag;
    await sdk.adminOk(
      'POST',
      '/api/admin/projects/default/features/checkout/environments/development/off',
      undefined,
      200,
    );
    const after = await overHttp(path, { authorization: clientToken });
    expect(after.headers.etag).not.toBe(before);
    const checkout = JSON.parse(after.body).features.find((f: { name: string }) => f.name === 'checkout');
    expect(checkout.enabled).toBe(false);
    await sdk.adminOk(
      'POST',
      '/api/admin/projects/default/features/checkout/environments/development/on',
      undefined,
      200,
    );
  });
});

describe('GET /api/frontend on the fast path', () => {
  it('evaluates, tags and allows CORS exactly as the route does', async () => {
    // A fixed sessionId: without one each request draws a random id, and bodies could differ.
    const contexts = [
      'appName=web&userId=u1&sessionId=s1',
      'appName=web&userId=u2&sessionId=s1',
      'appName=ios&userId=u1&sessionId=s1',
      'appName=web&sessionId=s9&properties%5Bplan%5D=pro',
      'appName=web&userId=u3&userId=u4&sessionId=s1',
    ];
    for (const query of contexts) {
      for (const origin of [undefined, 'https://app.example', 'https://elsewhere.example']) {
        const headers: Record<string, string> = {
          authorization: frontendToken,
          ...(origin ? { origin } : {}),
        };
        const path = `/api/frontend?${query}`;
        expect(await expectSameAnswer(path, headers), path).toBe(true);
        const answered = await overHttp(path, headers);
        expect(answered.headers['x-content-type-options'], path).toBe('nosniff');
        const etag = answered.headers.etag as string;
        expect(await expectSameAnswer(path, { ...headers, 'if-none-match': etag }), `${path} 304`).toBe(true);
      }
    }
    const enabled = JSON.parse(
      (await overHttp('/api/frontend?appName=web&userId=u1', { authorization: frontendToken })).body,
    );
    expect(enabled.toggles.length).toBeGreaterThan(0);
  });

  it('leaves missing and wrong tokens to Fastify', async () => {
    expect(await expectSameAnswer('/api/frontend?appName=web', {})).toBe(false);
    expect(await expectSameAnswer('/api/frontend?appName=web', { authorization: clientToken })).toBe(false);
  });
});

describe('POST /api/client/metrics on the fast path', () => {
  const bucket = (toggles: Record<string, unknown>) => ({
    appName: 'fast-app',
    instanceId: 'fast-1',
    bucket: { start: new Date(Date.now() - 60_000).toISOString(), stop: new Date().toISOString(), toggles },
  });

  async function post(body: string, headers: Record<string, string>, viaFastify: boolean): Promise<Observed> {
    const send = viaFastify ? throughFastify : overHttp;
    return send(
      '/api/client/metrics',
      { 'content-type': 'application/json', ...headers },
      { method: 'POST', body },
    );
  }

  it('ingests valid posts, and answers invalid ones with the route’s exact 400', async () => {
    const cases: Array<[string, Record<string, string>, number, boolean]> = [
      [
        JSON.stringify(bucket({ checkout: { yes: 3, no: 1, variants: { a: 2 } } })),
        { authorization: clientToken },
        202,
        true,
      ],
      [JSON.stringify(bucket({ checkout: { yes: '4', no: 0 } })), { authorization: clientToken }, 202, true],
      [JSON.stringify(bucket({ checkout: { yes: -1 } })), { authorization: clientToken }, 400, true],
      [JSON.stringify({ instanceId: 'no-app' }), { authorization: clientToken }, 400, true],
      ['{"appName": ', { authorization: clientToken }, 400, true],
      ['{"appName":"x","__proto__":{"polluted":true}}', { authorization: clientToken }, 400, true],
      [JSON.stringify(bucket({})), {}, 401, false],
      [JSON.stringify(bucket({})), { authorization: frontendToken }, 403, false],
    ];
    for (const [body, headers, status, fast] of cases) {
      const before = sdk.server.app.sdkFastPath.answered;
      const overHttp = await post(body, headers, false);
      expect(sdk.server.app.sdkFastPath.answered > before, body).toBe(fast);
      expect(overHttp.status, body).toBe(status);
      expect(overHttp, body).toStrictEqual(await post(body, headers, true));
    }
    // Both valid posts, from the fast path and from Fastify, were counted: 2 × (3 + 4) yes.
    await expect
      .poll(
        async () => {
          const answer = await sdk.admin<{ data?: Array<{ yes: number }> }>(
            'GET',
            '/api/admin/client-metrics/features/checkout/raw',
          );
          return (answer.body.data ?? []).reduce((sum, row) => sum + row.yes, 0);
        },
        { timeout: 15_000 },
      )
      .toBe(14);
  });
});
