import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../helpers/flag-model';
import { as, createApiToken } from '../helpers/identity';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { waitFor } from './sdk-server';

// The client and frontend APIs route by route through app.inject (API.md §2, §3; OBSERVED.md).

interface ClientStrategy {
  name: string;
  constraints: { contextName: string; operator: string; values?: string[]; value?: string }[];
  parameters: Record<string, string>;
  variants: unknown[];
  segments?: number[];
}
interface ClientFeature {
  name: string;
  project: string;
  enabled: boolean;
  strategies: ClientStrategy[];
  [key: string]: unknown;
}
interface ClientFeatures {
  version: number;
  features: ClientFeature[];
  query: { environment: string; inlineSegmentConstraints: boolean; project?: string[] };
  segments?: { id: number; name: string; constraints: unknown[] }[];
}

const STRATEGY_KEYS = ['constraints', 'name', 'parameters', 'variants'];
const FLAG_KEYS = [
  'description',
  'enabled',
  'impressionData',
  'name',
  'project',
  'stale',
  'strategies',
  'type',
  'variants',
];
const ENV = '/environments/development';

async function addStrategy(t: TestApp, project: string, flag: string, strategy: object) {
  return call<{ id: string }>(
    t,
    'POST',
    `/api/admin/projects/${project}/features/${flag}${ENV}/strategies`,
    strategy,
    200,
  );
}
async function turnOn(t: TestApp, project: string, flag: string) {
  await call(t, 'POST', `/api/admin/projects/${project}/features/${flag}${ENV}/on`, undefined, 200);
}

describe('client API routes', () => {
  let t: TestApp;
  let clientToken: string;
  let defaultOnlyToken: string;
  let usedSegment: number;
  let unusedSegment: number;

  const features = async (query = '', headers: Record<string, string> = {}, token = clientToken) => {
    const response = await as(t, { authorization: token, ...headers })('GET', `/api/client/features${query}`);
    return { response, body: (response.body ? response.json() : undefined) as ClientFeatures };
  };
  const names = (body: ClientFeatures) => body.features.map((feature) => feature.name).sort();

  beforeAll(async () => {
    t = await createTestApp({ metricsFlushIntervalSeconds: 1 });
    usedSegment = (
      await call<{ id: number }>(
        t,
        'POST',
        '/api/admin/segments',
        {
          name: 'used',
          constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] }],
        },
        201,
      )
    ).id;
    unusedSegment = (
      await call<{ id: number }>(
        t,
        'POST',
        '/api/admin/segments',
        {
          name: 'unused',
          constraints: [{ contextName: 'appName', operator: 'IN', values: ['nobody'] }],
        },
        201,
      )
    ).id;

    await createFlag(t, 'seg.flag', 'default', { description: 'with a segment', impressionData: true });
    await addStrategy(t, 'default', 'seg.flag', {
      name: 'default',
      constraints: [{ contextName: 'environment', operator: 'IN', values: ['dev'] }],
      segments: [usedSegment],
    });
    await turnOn(t, 'default', 'seg.flag');

    await createFlag(t, 'other.flag');
    await addStrategy(t, 'default', 'other.flag', { name: 'default' });
    await turnOn(t, 'default', 'other.flag');
    await call(t, 'POST', '/api/admin/features/other.flag/tags', { type: 'simple', value: 'red' }, 201);

    await createFlag(t, 'mixed.strategies');
    await addStrategy(t, 'default', 'mixed.strategies', {
      name: 'default',
      disabled: true,
      title: 'off for now',
    });
    await addStrategy(t, 'default', 'mixed.strategies', {
      name: 'userWithId',
      title: 'some users',
      parameters: { userIds: 'u1' },
    });
    await turnOn(t, 'default', 'mixed.strategies');

    await createFlag(t, 'child.flag');
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/child.flag/dependencies',
      { feature: 'other.flag', enabled: false },
      200,
    );
    await turnOn(t, 'default', 'child.flag');

    await call(t, 'POST', '/api/admin/projects', { id: 'p2', name: 'p2' }, 201);
    const added = await t.request('POST', '/api/admin/projects/p2/environments', {
      environment: 'development',
    });
    expect([200, 409]).toContain(added.statusCode);
    await createFlag(t, 'p2.flag', 'p2');

    clientToken = await createApiToken(t, { type: 'client', environment: 'development' });
    defaultOnlyToken = await createApiToken(t, {
      type: 'client',
      environment: 'development',
      projects: ['default'],
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('inlines segment constraints without the spec header or below 4.2.0', async () => {
    for (const headers of [
      {},
      { 'unleash-client-spec': '4.1.0' },
      { 'unleash-client-spec': '3.3.0' },
    ] as Record<string, string>[]) {
      const { response, body } = await features('', headers);
      expect(response.statusCode).toBe(200);
      expect(body.query.inlineSegmentConstraints).toBe(true);
      expect(body.segments).toBeUndefined();
      const strategy = body.features.find((feature) => feature.name === 'seg.flag')!.strategies[0]!;
      expect(strategy.segments).toBeUndefined();
      expect(strategy.constraints).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ contextName: 'environment', operator: 'IN', values: ['dev'] }),
          expect.objectContaining({ contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] }),
        ]),
      );
      expect(strategy.constraints).toHaveLength(2);
    }
  });

  it('references segments from 4.2.0 on, listing only the segments in use', async () => {
    for (const spec of ['4.2.0', '5.2.0']) {
      const { response, body } = await features('', { 'unleash-client-spec': spec });
      expect(response.statusCode).toBe(200);
      expect(body.query.inlineSegmentConstraints).toBe(false);
      const strategy = body.features.find((feature) => feature.name === 'seg.flag')!.strategies[0]!;
      expect(strategy.segments).toEqual([usedSegment]);
      expect(strategy.constraints).toEqual([
        expect.objectContaining({ contextName: 'environment', operator: 'IN', values: ['dev'] }),
      ]);
      expect(body.segments).toEqual([
        {
          id: usedSegment,
          name: 'used',
          constraints: [expect.objectContaining({ contextName: 'userId', values: ['u1', 'u2'] })],
        },
      ]);
      expect(body.segments!.map((segment) => segment.id)).not.toContain(unusedSegment);
      // Strategies without segments carry no `segments` key.
      const other = body.features.find((feature) => feature.name === 'other.flag')!.strategies[0]!;
      expect(other.segments).toBeUndefined();
    }
  });

  it('refuses a spec header that is not strict semver with 400', async () => {
    for (const spec of ['abc', 'v5.2.0', '5.2']) {
      const { response, body } = await features('', { 'unleash-client-spec': spec });
      expect(response.statusCode, spec).toBe(400);
      expect(body).toMatchObject({ name: 'BadDataError' });
    }
  });

  it('serves strategies with exactly name, constraints, parameters and variants, and drops disabled ones', async () => {
    for (const headers of [{}, { 'unleash-client-spec': '5.2.0' }] as Record<string, string>[]) {
      const { body } = await features('', headers);
      for (const feature of body.features) {
        for (const strategy of feature.strategies) {
          const keys = Object.keys(strategy).filter((key) => key !== 'segments');
          expect(keys.sort(), feature.name).toEqual(STRATEGY_KEYS);
        }
      }
      const mixed = body.features.find((feature) => feature.name === 'mixed.strategies')!;
      expect(mixed.strategies).toEqual([
        { name: 'userWithId', constraints: [], parameters: { userIds: 'u1' }, variants: [] },
      ]);
      const seg = body.features.find((feature) => feature.name === 'seg.flag')!;
      expect(seg).toMatchObject({
        type: 'release',
        enabled: true,
        project: 'default',
        stale: false,
        description: 'with a segment',
        impressionData: true,
        variants: [],
      });
      expect(Object.keys(seg).sort()).toEqual(FLAG_KEYS);
      // `dependencies` only on a child; `variants` of a dependency only when it expects the parent enabled.
      const child = body.features.find((feature) => feature.name === 'child.flag')!;
      expect(Object.keys(child).sort()).toEqual([...FLAG_KEYS, 'dependencies'].sort());
      // Unleash repeats a dependency once per strategy; clients accept one or several copies.
      const dependencies = child.dependencies as unknown[];
      expect(dependencies.length).toBeGreaterThan(0);
      for (const dependency of dependencies)
        expect(dependency).toStrictEqual({ feature: 'other.flag', enabled: false });
    }
  });

  it('filters by namePrefix and by tag', async () => {
    expect(names((await features('?namePrefix=seg.')).body)).toEqual(['seg.flag']);
    expect(names((await features('?namePrefix=nothing')).body)).toEqual([]);
    expect(names((await features('?tag=simple:red')).body)).toEqual(['other.flag']);
    expect(names((await features('?tag=simple:red&tag=simple:blue')).body)).toEqual(['other.flag']);
    expect(names((await features('?tag=simple:blue')).body)).toEqual([]);
  });

  it('ignores the project query for a project-scoped token and honours it for *', async () => {
    const scoped = await features('?project=p2', {}, defaultOnlyToken);
    expect(names(scoped.body)).toEqual(['child.flag', 'mixed.strategies', 'other.flag', 'seg.flag']);
    const all = await features('', {}, clientToken);
    expect(names(all.body)).toEqual(['child.flag', 'mixed.strategies', 'other.flag', 'p2.flag', 'seg.flag']);
    const narrowed = await features('?project=p2', {}, clientToken);
    expect(names(narrowed.body)).toEqual(['p2.flag']);
    expect(narrowed.body.query.project).toEqual(['p2']);
  });

  it('answers 304 to its own ETag and 200 to another', async () => {
    for (const headers of [{}, { 'unleash-client-spec': '5.2.0' }] as Record<string, string>[]) {
      const { response } = await features('', headers);
      const etag = response.headers.etag as string;
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await features('', { ...headers, 'if-none-match': etag });
      expect(again.response.statusCode).toBe(304);
      expect(again.response.body).toBe('');
      // Nothing announced that never comes (wrk and proxies wait for announced bytes), and the ETag again.
      expect(['0', undefined]).toContain(again.response.headers['content-length']);
      expect(again.response.headers.etag).toBe(etag);
      expect((await features('', { ...headers, 'if-none-match': '"other"' })).response.statusCode).toBe(200);
    }
    // Another query is another ETag.
    const prefixed = await features('?namePrefix=seg.');
    expect(prefixed.response.headers.etag).not.toBe((await features('')).response.headers.etag);
  });

  it("changes the ETag when the environment's content can change, not for another environment", async () => {
    const etag = async () => (await features('')).response.headers.etag as string;
    const before = await etag();
    // Production only: the development answer cannot change (API.md §2.2, revision per environment).
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/other.flag/environments/production/on',
      undefined,
      200,
    );
    expect(await etag()).toBe(before);
    // A segment used in development, a flag's metadata: both are served, so both change it.
    await call(
      t,
      'PUT',
      `/api/admin/segments/${usedSegment}`,
      {
        name: 'used',
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['u1', 'u2', 'u3'] }],
      },
      204,
    );
    const afterSegment = await etag();
    expect(afterSegment).not.toBe(before);
    const { body } = await features('', { 'unleash-client-spec': '5.2.0' });
    expect(body.segments![0]!.constraints).toEqual([expect.objectContaining({ values: ['u1', 'u2', 'u3'] })]);
    await call(
      t,
      'PUT',
      '/api/admin/projects/default/features/other.flag',
      { name: 'other.flag', description: 'new' },
      200,
    );
    expect(await etag()).not.toBe(afterSegment);
  });

  it('serves one flag by name, 404 when missing or outside the token', async () => {
    const send = (token: string, name: string) =>
      as(t, { authorization: token })('GET', `/api/client/features/${name}`);
    const found = await send(clientToken, 'mixed.strategies');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ name: 'mixed.strategies', strategies: [{ name: 'userWithId' }] });
    const missing = await send(clientToken, 'no.such.flag');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ name: 'NotFoundError' });
    expect((await send(defaultOnlyToken, 'p2.flag')).statusCode).toBe(404);
  });

  it('answers 400 to metrics and registrations without appName, and bad payloads never break a flush', async () => {
    const post = (url: string, body: unknown) => as(t, { authorization: clientToken })('POST', url, body);
    const bucket = {
      start: new Date().toISOString(),
      stop: new Date().toISOString(),
      toggles: { 'seg.flag': { yes: 1, no: 0 } },
    };
    for (const [url, body] of [
      ['/api/client/metrics', { bucket }],
      ['/api/client/metrics', { appName: '', bucket }],
      ['/api/client/register', { interval: 1000, started: new Date().toISOString(), strategies: [] }],
      [
        '/api/client/metrics',
        { appName: 'bad', bucket: { ...bucket, toggles: { 'seg.flag': { yes: -1 } } } },
      ],
      ['/api/client/metrics', { appName: 'bad', bucket: { ...bucket, toggles: 'not-an-object' } }],
    ] as const) {
      const response = await post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json()).toMatchObject({ name: 'BadDataError' });
    }
    const missing = await post('/api/client/metrics', { bucket });
    expect(JSON.stringify(missing.json().details)).toContain('appName');

    // Accepted reports, one of them about a flag that does not exist, are all written.
    expect(
      (
        await post('/api/client/metrics', {
          appName: 'routes-app',
          bucket: { ...bucket, toggles: { 'no.such.flag': { yes: 2, no: 2 } } },
        })
      ).statusCode,
    ).toBe(202);
    expect(
      (
        await post('/api/client/metrics', {
          appName: 'routes-app',
          instanceId: 'i1',
          bucket: { ...bucket, toggles: { 'seg.flag': { yes: 3, no: 1, variants: { disabled: 4 } } } },
        })
      ).statusCode,
    ).toBe(202);
    const register = await post('/api/client/register', {
      appName: 'routes-app',
      instanceId: 'i1',
      sdkVersion: 'unleash-node-sdk:6.12.1',
      interval: 1000,
      started: new Date().toISOString(),
      strategies: ['default'],
    });
    expect(register.statusCode).toBe(202);

    await waitFor('the flushed seg.flag usage', async () => {
      const response = await t.request('GET', '/api/admin/client-metrics/features/seg.flag');
      const usage = response.json() as { lastHourUsage: { yes: number; no: number }[] };
      const yes = usage.lastHourUsage.reduce((sum, row) => sum + row.yes, 0);
      const no = usage.lastHourUsage.reduce((sum, row) => sum + row.no, 0);
      return yes === 3 && no === 1 ? true : undefined;
    });
    const app = await call<{ appName: string; sdkVersion?: string }>(
      t,
      'GET',
      '/api/admin/metrics/applications/routes-app',
      undefined,
      200,
    );
    expect(app.sdkVersion).toBe('unleash-node-sdk:6.12.1');
    const apps = await call<{ applications: { appName: string }[] }>(
      t,
      'GET',
      '/api/admin/metrics/applications',
      undefined,
      200,
    );
    expect(apps.applications.map((application) => application.appName)).not.toContain('bad');
  });
});

describe('frontend API routes', () => {
  let t: TestApp;
  let frontendToken: string;

  const frontend = (headers: Record<string, string> = {}, query = '') =>
    as(t, { authorization: frontendToken, ...headers })('GET', `/api/frontend${query}`);

  beforeAll(async () => {
    t = await createTestApp();
    await createFlag(t, 'front.users');
    await addStrategy(t, 'default', 'front.users', { name: 'userWithId', parameters: { userIds: 'u1' } });
    await turnOn(t, 'default', 'front.users');
    frontendToken = await createApiToken(t, { type: 'frontend', environment: 'development' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('evaluates the context of the query (GET) and of the body (POST)', async () => {
    expect((await frontend()).json()).toEqual({ toggles: [] });
    expect((await frontend({}, '?userId=u1')).json()).toEqual({
      toggles: [
        {
          name: 'front.users',
          enabled: true,
          impressionData: false,
          variant: { name: 'disabled', enabled: false, feature_enabled: true, featureEnabled: true },
        },
      ],
    });
    const posted = await as(t, { authorization: frontendToken })('POST', '/api/frontend', {
      context: { userId: 'u1' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().toggles.map((toggle: { name: string }) => toggle.name)).toEqual(['front.users']);
  });

  it('sends a weak ETag and answers 304 to it', async () => {
    const first = await frontend({}, '?userId=u1');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await frontend({ 'if-none-match': etag }, '?userId=u1');
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another answer (another context) has another ETag.
    const other = await frontend({ 'if-none-match': etag }, '?userId=u2');
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('sends CORS headers: * by default, the origin when an explicit list allows it, 204 to a preflight', async () => {
    const byDefault = await frontend({ origin: 'https://app.example' });
    expect(byDefault.headers['access-control-allow-origin']).toBe('*');
    expect(byDefault.headers['access-control-expose-headers']).toBe('ETag');
    // Never Allow-Credentials next to * (issue 12 §6), though Unleash 8.2 sends both.
    expect(byDefault.headers['access-control-allow-credentials']).toBeUndefined();
    // Errors carry them too, so a browser can read a 401.
    const unauthorised = await as(t, { origin: 'https://app.example' })('GET', '/api/frontend');
    expect(unauthorised.statusCode).toBe(401);
    expect(unauthorised.headers['access-control-allow-origin']).toBe('*');

    await call(t, 'POST', '/api/admin/ui-config/cors', { frontendApiOrigins: ['https://app.example'] }, 204);
    const allowed = await frontend({ origin: 'https://app.example' });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers.vary)).toContain('Origin');
    const refused = await frontend({ origin: 'https://evil.example' });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/frontend',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization,content-type');
    expect(preflight.headers['access-control-max-age']).toBe('86400');

    await call(t, 'POST', '/api/admin/ui-config/cors', { frontendApiOrigins: [] }, 204);
    expect((await frontend({ origin: 'https://evil.example' })).headers['access-control-allow-origin']).toBe(
      '*',
    );
  });

  it('answers 405 on the routes it does not support, 404 on /api/frontend/features', async () => {
    for (const path of ['/client/features', '/health', '/internal-backstage/prometheus']) {
      const response = await as(t, { authorization: frontendToken })('GET', `/api/frontend${path}`);
      expect(response.statusCode, path).toBe(405);
      expect(response.json()).toMatchObject({ name: 'NotImplementedError' });
    }
    expect((await as(t, { authorization: frontendToken })('GET', '/api/frontend/features')).statusCode).toBe(
      404,
    );
    const register = await as(t, { authorization: frontendToken })('POST', '/api/frontend/client/register', {
      appName: 'web',
      interval: 1000,
      started: '2024-01-01T00:00:00Z',
      strategies: [],
    });
    expect(register.statusCode).toBe(200);
    const metrics = await as(t, { authorization: frontendToken })('POST', '/api/frontend/client/metrics', {
      bucket: {},
    });
    expect(metrics.statusCode).toBe(400);
  });

  it('answers 404 when FRONTEND_API_ENABLED=false, while the client API still serves', async () => {
    const off = await createTestApp({ frontendApiEnabled: false });
    try {
      const token = await createApiToken(off, { type: 'frontend', environment: 'development' });
      for (const method of ['GET', 'POST'] as const) {
        const response = await as(off, { authorization: token })(
          method,
          '/api/frontend',
          method === 'POST' ? {} : undefined,
        );
        expect(response.statusCode, method).toBe(404);
      }
      const client = await createApiToken(off, { type: 'client', environment: 'development' });
      expect((await as(off, { authorization: client })('GET', '/api/client/features')).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
