import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlag, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createApiToken, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { AdvancedPlaygroundResponse, PlaygroundFeature, PlaygroundResponse } from '../../../contract';

const P = '/api/admin/projects/default/features';

async function ok(test: TestApp, method: 'POST' | 'PUT', url: string, body?: unknown) {
  const response = await test.request(method, url, body);
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url} ${response.statusCode}: ${response.body}`);
  return response.body ? response.json() : undefined;
}

function flagOf(body: PlaygroundResponse, name: string): PlaygroundFeature {
  const flag = body.features.find((feature) => feature.name === name);
  if (!flag) throw new Error(`no ${name} in ${body.features.map((f) => f.name).join(',')}`);
  return flag;
}

describe('playground API', () => {
  let test: TestApp;
  let segmentId: number;
  beforeAll(async () => {
    test = await createTestApp({ loginRateLimitPerMinute: 1000 });
    await ok(test, 'POST', '/api/admin/context', {
      name: 'region',
      legalValues: [{ value: 'eu' }, { value: 'us' }],
    });
    segmentId = (
      await ok(test, 'POST', '/api/admin/segments', {
        name: 'beta-testers',
        constraints: [{ contextName: 'region', operator: 'IN', values: ['eu'] }],
      })
    ).id;
    // "gated": userId 7 by constraint and a segment; a disabled default strategy is shown, not used.
    await createFlag(test, 'gated');
    await ok(test, 'POST', `${P}/gated/environments/development/strategies`, {
      name: 'flexibleRollout',
      parameters: { rollout: '100', stickiness: 'default', groupId: 'gated' },
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['7'] }],
      segments: [segmentId],
      variants: [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }],
    });
    await ok(test, 'POST', `${P}/gated/environments/development/strategies`, {
      name: 'default',
      disabled: true,
    });
    await ok(test, 'POST', `${P}/gated/environments/development/on`);
    // "custom": a strategy type the server cannot evaluate.
    await ok(test, 'POST', '/api/admin/strategies', { name: 'my-custom', parameters: [] });
    await createFlag(test, 'custom');
    await ok(test, 'POST', `${P}/custom/environments/development/strategies`, { name: 'my-custom' });
    await ok(test, 'POST', `${P}/custom/environments/development/on`);
    // "child" depends on "gated".
    await createFlag(test, 'child');
    await ok(test, 'POST', `${P}/child/environments/development/strategies`, { name: 'default' });
    await ok(test, 'POST', `${P}/child/environments/development/on`);
    await ok(test, 'POST', `${P}/child/dependencies`, { feature: 'gated' });
    // A private project whose flag only admins and members see.
    await ok(test, 'POST', '/api/admin/projects', { id: 'secret', name: 'Secret' });
    await ok(test, 'PUT', '/api/admin/projects/secret/settings', { mode: 'private' });
    await createFlag(test, 'secret-flag', 'secret');
  });
  afterAll(async () => {
    await test.close();
  });

  it('explains every strategy, constraint and segment, and reads no more than it writes', async () => {
    const before = await latestEventId(test.db);
    const response = await test.request('POST', '/api/admin/playground', {
      environment: 'development',
      projects: '*',
      context: { appName: 'web', userId: '7', properties: { region: 'eu' } },
    });
    expect(response.statusCode).toBe(200);
    const body: PlaygroundResponse = response.json();
    expect(body.input.environment).toBe('development');
    const gated = flagOf(body, 'gated');
    expect(gated).toMatchObject({
      projectId: 'default',
      isEnabled: true,
      isEnabledInCurrentEnvironment: true,
      hasUnsatisfiedDependency: false,
      variant: { name: 'blue', enabled: true },
      strategies: { result: true },
    });
    const [rollout, disabled] = gated.strategies.data;
    expect(rollout).toMatchObject({
      name: 'flexibleRollout',
      disabled: false,
      result: { evaluationStatus: 'complete', enabled: true, variant: { name: 'blue' } },
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['7'], result: true }],
      segments: [{ id: segmentId, name: 'beta-testers', result: true }],
    });
    expect(rollout?.links.edit).toBe(
      `/projects/default/features/gated/strategies/edit?environmentId=development&strategyId=${rollout?.id}`,
    );
    expect(disabled).toMatchObject({
      name: 'default',
      disabled: true,
      result: { evaluationStatus: 'unevaluated', enabled: 'unknown' },
    });
    expect(flagOf(body, 'child')).toMatchObject({ isEnabled: true, hasUnsatisfiedDependency: false });
    expect(flagOf(body, 'custom')).toMatchObject({
      isEnabled: false,
      strategies: {
        result: 'unknown',
        data: [{ result: { evaluationStatus: 'incomplete', enabled: 'unknown' } }],
      },
    });
    expect(await latestEventId(test.db)).toBe(before);
  });

  it('marks the failing segment and constraint, and the unsatisfied dependency', async () => {
    const body: PlaygroundResponse = (
      await test.request('POST', '/api/admin/playground', {
        environment: 'development',
        context: { appName: 'web', userId: '8', properties: { region: 'us' } },
      })
    ).json();
    const gated = flagOf(body, 'gated');
    expect(gated.isEnabled).toBe(false);
    expect(gated.variant).toEqual({ name: 'disabled', enabled: false, feature_enabled: false });
    // The disabled strategy is unevaluated, so the strategies' result is 'unknown' (observed on Unleash 8.2).
    expect(gated.strategies.result).toBe('unknown');
    expect(gated.strategies.data[0]).toMatchObject({
      result: { enabled: false },
      constraints: [{ result: false }],
      segments: [{ result: false, constraints: [{ contextName: 'region', result: false }] }],
    });
    expect(flagOf(body, 'child')).toMatchObject({ isEnabled: false, hasUnsatisfiedDependency: true });
  });

  it('answers an unknown environment with every flag off and no strategies, and filters projects', async () => {
    const body: PlaygroundResponse = (
      await test.request('POST', '/api/admin/playground', {
        environment: 'no-such-env',
        projects: ['default'],
        context: { appName: 'web' },
      })
    ).json();
    expect(body.features.map((f) => f.name).sort()).toEqual(['child', 'custom', 'gated']);
    expect(flagOf(body, 'gated')).toMatchObject({
      isEnabled: false,
      isEnabledInCurrentEnvironment: false,
      strategies: { result: false, data: [] },
    });
    const none: PlaygroundResponse = (
      await test.request('POST', '/api/admin/playground', {
        environment: 'development',
        projects: ['no-such-project'],
        context: { appName: 'web' },
      })
    ).json();
    expect(none.features).toEqual([]);
  });

  it('expands comma-separated values into every combination per environment (advanced)', async () => {
    const response = await test.request('POST', '/api/admin/playground/advanced', {
      environments: ['development', 'production'],
      projects: ['default'],
      context: { appName: 'web', userId: '7,8', region: 'eu,us', broken: 5 },
    });
    expect(response.statusCode).toBe(200);
    const body: AdvancedPlaygroundResponse = response.json();
    expect(body.warnings).toEqual({ invalidContextProperties: ['broken'] });
    const gated = body.features.find((f) => f.name === 'gated');
    expect(gated?.projectId).toBe('default');
    const development = gated?.environments.development ?? [];
    expect(development.map((e) => [e.context.userId, e.context.region, e.isEnabled])).toEqual([
      ['7', 'eu', true],
      ['7', 'us', false],
      ['8', 'eu', false],
      ['8', 'us', false],
    ]);
    expect(development[0]?.context).toEqual({ appName: 'web', userId: '7', region: 'eu' });
    expect(gated?.environments.production?.map((e) => e.isEnabledInCurrentEnvironment)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('hides flags of private projects from callers who may not see them', async () => {
    const admin: PlaygroundResponse = (
      await test.request('POST', '/api/admin/playground', {
        environment: 'development',
        context: { appName: 'a' },
      })
    ).json();
    expect(admin.features.some((f) => f.name === 'secret-flag')).toBe(true);
    await createUser(test, { username: 'outsider', rootRole: 'Editor' });
    const cookie = await login(test, 'outsider');
    const outsider = await as(test, { cookie })('POST', '/api/admin/playground/advanced', {
      environments: ['development'],
      projects: ['secret', 'default'],
      context: { appName: 'a' },
    });
    expect(outsider.statusCode).toBe(200);
    const names = (outsider.json() as AdvancedPlaygroundResponse).features.map((f) => f.name);
    expect(names).not.toContain('secret-flag');
    expect(names).toContain('gated');
  });

  it('refuses what Unleash refuses, and hostile input, with 4xx in the error shape', async () => {
    const cases: Array<[string, unknown, number]> = [
      ['/api/admin/playground', { environment: 'development' }, 400],
      ['/api/admin/playground', { environment: 'development', context: {} }, 400],
      ['/api/admin/playground', { context: { appName: 'a' } }, 400],
      ['/api/admin/playground', { environment: 'development', context: 'x' }, 400],
      ['/api/admin/playground', { environment: 'dev\u0000', context: { appName: 'a' } }, 400],
      // A scalar is never read as a one-item list in a body (issue 31 §4, as Unleash 8.2 answers).
      ['/api/admin/playground', { environment: 'development', projects: 5, context: { appName: 'a' } }, 400],
      [
        '/api/admin/playground',
        { environment: 'development', projects: 'default', context: { appName: 'a' } },
        400,
      ],
      ['/api/admin/playground/advanced', { environments: 'development', context: { appName: 'a' } }, 400],
      ['/api/admin/playground/advanced', { environments: [], context: { appName: 'a' } }, 400],
      [
        '/api/admin/playground',
        { environment: 'development', context: { appName: 'a', userId: 'x'.repeat(10_001) } },
        400,
      ],
      [
        '/api/admin/playground/advanced',
        {
          environments: ['development'],
          context: { appName: 'a', currentTime: '2024-01-01T00:00:00Z,2025-01-01T00:00:00Z' },
        },
        400,
      ],
      [
        '/api/admin/playground/advanced',
        { environments: ['development'], context: { appName: 'a', currentTime: 'soon' } },
        400,
      ],
      ['/api/admin/playground/advanced', { environments: ['bad env'], context: { appName: 'a' } }, 400],
      [
        '/api/admin/playground/advanced',
        {
          environments: ['development'],
          context: {
            appName: 'a',
            properties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, 'v'])),
          },
        },
        400,
      ],
    ];
    for (const [url, body, status] of cases) {
      const response = await test.request('POST', url, body);
      expect([url, JSON.stringify(body).slice(0, 80), response.statusCode]).toEqual([
        url,
        JSON.stringify(body).slice(0, 80),
        status,
      ]);
      expect(response.json()).toMatchObject({ name: expect.any(String), message: expect.any(String) });
    }
  });

  it('caps the product of environments, flags and context combinations as Unleash does', async () => {
    // 3 flags × 2 environments × (50 userIds × 51 regions) = 15,300 > 15,000; 50 × 50 fit (15,000).
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i)).join(',');
    const over = await test.request('POST', '/api/admin/playground/advanced', {
      environments: ['development', 'production'],
      projects: ['default'],
      context: { appName: 'a', userId: ids(50), region: ids(51) },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ name: 'BadDataError' });
    expect(over.json().message).toContain('15000');
    // A product far beyond any count is refused before it is multiplied out.
    const huge = await test.request('POST', '/api/admin/playground/advanced', {
      environments: ['development'],
      context: Object.fromEntries([
        ['appName', 'a'],
        ...Array.from({ length: 50 }, (_, i) => [`f${i}`, 'a,b,c,d']),
      ]),
    });
    expect(huge.statusCode).toBe(400);
    const fits = await test.request('POST', '/api/admin/playground/advanced', {
      environments: ['development', 'production'],
      projects: ['default'],
      context: { appName: 'a', userId: ids(50), region: ids(50) },
    });
    expect(fits.statusCode).toBe(200);
    expect((fits.json() as AdvancedPlaygroundResponse).features[0]?.environments.development).toHaveLength(
      2_500,
    );
  });

  it('is refused without a token (401) and with a client token (403)', async () => {
    const anonymous = await as(test)('POST', '/api/admin/playground', {
      environment: 'development',
      context: { appName: 'a' },
    });
    expect(anonymous.statusCode).toBe(401);
    const client = await createApiToken(test, { type: 'client' });
    const refused = await as(test, { authorization: client })('POST', '/api/admin/playground', {
      environment: 'development',
      context: { appName: 'a' },
    });
    expect(refused.statusCode).toBe(403);
  });

  // Unleash 8.2 (checked against the reference): a strategy's constraints always carry `values`
  // and `inverted`; a segment's carry `values` but gain no `inverted`.
  it('answers constraints in Unleash’s playground shape', async () => {
    const single = { contextName: 'appName', operator: 'NUM_GT', value: '5' };
    const segment = await ok(test, 'POST', '/api/admin/segments', { name: 'numeric', constraints: [single] });
    await createFlag(test, 'single-valued');
    await ok(test, 'POST', `${P}/single-valued/environments/development/strategies`, {
      name: 'default',
      constraints: [single, { contextName: 'userId', operator: 'IN', values: ['7'], caseInsensitive: true }],
      segments: [segment.id],
    });
    const body: PlaygroundResponse = await ok(test, 'POST', '/api/admin/playground', {
      environment: 'development',
      projects: '*',
      context: { appName: 'web', userId: '7' },
    });
    const [strategy] = flagOf(body, 'single-valued').strategies.data;
    expect(strategy?.constraints).toEqual([
      { ...single, values: [], inverted: false, result: false },
      {
        contextName: 'userId',
        operator: 'IN',
        values: ['7'],
        caseInsensitive: true,
        inverted: false,
        result: true,
      },
    ]);
    expect(strategy?.segments).toEqual([
      {
        id: segment.id,
        name: 'numeric',
        result: false,
        constraints: [{ ...single, values: [], result: false }],
      },
    ]);
  });
});
