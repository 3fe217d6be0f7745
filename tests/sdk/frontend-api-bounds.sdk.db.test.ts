import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkTestServer, startSdkTestServer } from './sdk-server';

/**
 * Issue 12: a public frontend token must never be able to stop the server. REGEX constraints
 * run in linear time, patterns that would not are refused when written, and what one request may
 * ask to evaluate is bounded the same way on the SDK fast path and through Fastify.
 */
let sdk: SdkTestServer;
let frontendToken: string;

const STRATEGIES = '/api/admin/projects/default/features/redos/environments/development/strategies';

interface Answer {
  status: number;
  body: string;
  ms: number;
}

/** A real HTTP request (the fast path sees it), timed. */
async function overHttp(path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${sdk.url}${path}`, {
    ...init,
    headers: { authorization: frontendToken, ...(init.headers as Record<string, string>) },
  });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

/** The same request through Fastify's handler (app.inject never reaches the fast path). */
async function throughFastify(path: string): Promise<{ status: number; body: string }> {
  const response = await sdk.server.app.inject({
    method: 'GET',
    url: path,
    headers: { authorization: frontendToken },
  });
  return { status: response.statusCode, body: response.body };
}

/** Error ids are fresh per answer: masked so two answers compare. */
const masked = (body: string) => body.replace(/"id":"[0-9a-f-]{36}"/, '"id":"…"');

const enabledNames = (body: string) =>
  (JSON.parse(body) as { toggles: Array<{ name: string }> }).toggles.map((toggle) => toggle.name);

beforeAll(async () => {
  sdk = await startSdkTestServer();
  await sdk.adminOk('POST', '/api/admin/projects/default/features', { name: 'redos' }, 201);
  // The pattern of the incident: exponential in a backtracking engine on "aaaa…a!".
  await sdk.adminOk(
    'POST',
    STRATEGIES,
    { name: 'default', constraints: [{ contextName: 'userId', operator: 'REGEX', value: '^(a+)+$' }] },
    200,
  );
  await sdk.adminOk(
    'POST',
    '/api/admin/projects/default/features/redos/environments/development/on',
    undefined,
    200,
  );
  frontendToken = await sdk.createToken({ type: 'frontend', environment: 'development' });
}, 60_000);

afterAll(async () => {
  await sdk?.stop();
});

describe('REGEX constraints written through the admin API', () => {
  const refusedPatterns: Array<[string, RegExp]> = [
    ['(?=lookahead)', /^the provided value is not a valid regex string\. Error: error parsing regexp: /],
    ['(a)\\1', /^the provided value is not a valid regex string\. Error: error parsing regexp: /],
    ['a'.repeat(1001), /Error: the pattern is 1001 characters long, over the limit of 1000$/],
    ['[a-z]{1000}[0-9]{1000}', /Error: the pattern compiles to \d+ instructions, over the limit of 1000$/],
  ];

  it('refuses, with 400 BadDataError, a strategy, a segment or a validation RE2 refuses or that is too large', async () => {
    for (const [value, message] of refusedPatterns) {
      const constraint = { contextName: 'userId', operator: 'REGEX', value };
      for (const [path, body] of [
        [STRATEGIES, { name: 'default', constraints: [constraint] }],
        ['/api/admin/segments', { name: 'regex-segment', constraints: [constraint] }],
        ['/api/admin/constraints/validate', constraint],
      ] as const) {
        const answer = await sdk.admin<{ name: string; details: Array<{ message: string }> }>(
          'POST',
          path,
          body,
        );
        expect(answer.status, `${path} ${value.slice(0, 30)}`).toBe(400);
        expect(answer.body.name).toBe('BadDataError');
        expect(answer.body.details[0]?.message).toMatch(message);
      }
    }
    // Nothing was stored: the flag still has its one strategy.
    const strategies = await sdk.adminOk<unknown[]>('GET', STRATEGIES, undefined, 200);
    expect(strategies).toHaveLength(1);
  });
});

describe('GET /api/frontend against a pathological REGEX', () => {
  it('evaluates 10,000-character userIds quickly and correctly, on the fast path and through Fastify', async () => {
    const matching = `/api/frontend?userId=${'a'.repeat(10_000)}`;
    const notMatching = `/api/frontend?userId=${'a'.repeat(9_999)}!`;
    const before = sdk.server.app.sdkFastPath.answered;
    const yes = await overHttp(matching);
    const no = await overHttp(notMatching);
    expect(sdk.server.app.sdkFastPath.answered - before).toBe(2);
    expect([yes.status, no.status]).toEqual([200, 200]);
    expect(enabledNames(yes.body)).toEqual(['redos']);
    expect(enabledNames(no.body)).toEqual([]);
    // A backtracking engine needed 19 s at 31 characters; generous for a shared machine.
    expect(no.ms).toBeLessThan(1_000);
    expect(enabledNames((await throughFastify(matching)).body)).toEqual(['redos']);
    expect(enabledNames((await throughFastify(notMatching)).body)).toEqual([]);
  });
});

describe('bounds on what one frontend request may ask to evaluate', () => {
  it('refuses, the same way on both paths, a value over 10,000 characters and over 1,000 fields', async () => {
    const cases: Array<[string, string]> = [
      [`/api/frontend?userId=${'a'.repeat(10_001)}`, 'The context field "userId" must not be longer than'],
      [
        `/api/frontend?properties%5Bplan%5D=${'p'.repeat(12_000)}`,
        'The context field "properties[plan]" must not be longer than 10000 characters. You sent 12000.',
      ],
      [
        `/api/frontend?${Array.from({ length: 1_001 }, (_, index) => `p${index}=1`).join('&')}`,
        'The context must not have more than 1000 fields.',
      ],
    ];
    for (const [path, message] of cases) {
      const fast = await overHttp(path);
      expect(fast.status, path.slice(0, 60)).toBe(400);
      expect(JSON.parse(fast.body)).toMatchObject({
        name: 'BadDataError',
        details: [{ message: expect.stringContaining(message) }],
      });
      expect(fast.ms).toBeLessThan(1_000);
      const slow = await throughFastify(path);
      expect({ status: slow.status, body: masked(slow.body) }).toEqual({
        status: 400,
        body: masked(fast.body),
      });
    }
    // At the field bound both paths evaluate (the value bound is above; Node's 16 KiB caps the URL).
    const fullPath = `/api/frontend?${Array.from({ length: 999 }, (_, index) => `p${index}=1`).join('&')}&userId=${'a'.repeat(5_000)}`;
    const full = await overHttp(fullPath);
    expect(full.status).toBe(200);
    expect(enabledNames(full.body)).toEqual(['redos']);
    expect((await throughFastify(fullPath)).status).toBe(200);
  });

  it('keeps the query string under Node’s 16 KiB header limit (431 before any parsing)', async () => {
    const answer = await overHttp(`/api/frontend?userId=${'a'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
  });

  it('POST: evaluates at the bounds, refuses over them with 400, and reads at most 100 KiB (413 past it)', async () => {
    const post = (context: unknown, rawBody?: string) =>
      overHttp('/api/frontend', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: rawBody ?? JSON.stringify({ context }),
      });
    const atBound = await post({ userId: 'a'.repeat(10_000), properties: { plan: 'pro' } });
    expect(atBound.status).toBe(200);
    expect(enabledNames(atBound.body)).toEqual(['redos']);

    const hundredKilobytes = await post({ userId: 'a'.repeat(100_000) });
    expect(hundredKilobytes.status).toBe(400);
    expect(JSON.parse(hundredKilobytes.body).details[0].message).toBe(
      'The context field "userId" must not be longer than 10000 characters. You sent 100000.',
    );
    expect(hundredKilobytes.ms).toBeLessThan(1_000);

    const properties = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, index) => [index.toString(36), '']),
    );
    const manyProperties = await post({ properties });
    expect(manyProperties.status).toBe(400);
    expect(JSON.parse(manyProperties.body).details[0].message).toBe(
      'The context must not have more than 1000 fields.',
    );
    expect(manyProperties.ms).toBeLessThan(1_000);

    // Deep nesting and odd shapes within the body limit: ignored fields, never a 5xx or a stall.
    const depth = 40_000;
    const deep = await post(
      undefined,
      `{"context":{"userId":"a","properties":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}}`,
    );
    expect(deep.status).toBe(200);
    expect(enabledNames(deep.body)).toEqual(['redos']);
    expect(deep.ms).toBeLessThan(1_000);
    const odd = await post({
      userId: ['aaa', 'b'],
      properties: { n: null, o: {}, list: [1, 2] },
      sessionId: 7,
    });
    expect(odd.status).toBe(200);
    expect(enabledNames(odd.body)).toEqual(['redos']);

    // 413, as Unleash's express.json answers a body over its limit.
    const megabyte = await post({ userId: 'a'.repeat(1024 * 1024) });
    expect(megabyte.status).toBe(413);
    expect(JSON.parse(megabyte.body)).toMatchObject({
      name: 'PayloadTooLargeError',
      message: 'The request body is too large',
    });
  });
});
