import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

interface Result {
  name: string;
  project: string;
  type: string;
  stale: boolean;
  archivedAt: string | null;
  dependencyType: string | null;
  segments: string[];
  tags: Array<{ type: string; value: string }>;
  environments: Array<{ name: string; enabled: boolean; hasStrategies: boolean }>;
}

describe('flag search', () => {
  let test: TestApp;
  const search = async (query: string) =>
    call<{ features: Result[]; total: number }>(
      test,
      'GET',
      `/api/admin/search/features${query}`,
      undefined,
      200,
    );
  const names = async (query: string) => (await search(query)).features.map((feature) => feature.name);

  beforeAll(async () => {
    test = await createTestApp();
    await call(test, 'POST', '/api/admin/projects', { id: 'mobile', name: 'Mobile' }, 201);
    await createFlag(test, 'checkout-button', 'default', { description: 'new checkout' });
    await createFlag(test, 'dark-mode', 'default', {
      type: 'experiment',
      tags: [{ type: 'simple', value: 'ui' }],
    });
    await createFlag(test, 'kill-payments', 'default', { type: 'kill-switch' });
    await createFlag(test, 'mobile-login', 'mobile', { tags: [{ type: 'simple', value: 'auth' }] });
    await createFlag(test, 'old-thing');
    await call(
      test,
      'POST',
      '/api/admin/projects/default/stale',
      { features: ['kill-payments'], stale: true },
      202,
    );
    await call(
      test,
      'POST',
      '/api/admin/projects/default/features/dark-mode/environments/production/on',
      undefined,
      200,
    );
    await call(test, 'DELETE', '/api/admin/projects/default/features/old-thing', undefined, 202);
    const segment = await call<{ id: number }>(
      test,
      'POST',
      '/api/admin/segments',
      { name: 'beta-users', constraints: [] },
      201,
    );
    await call(
      test,
      'POST',
      '/api/admin/projects/default/features/checkout-button/environments/development/strategies',
      { name: 'default', segments: [segment.id] },
      200,
    );
    await call(
      test,
      'POST',
      '/api/admin/projects/default/features/checkout-button/dependencies',
      { feature: 'dark-mode' },
      200,
    );
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists active flags by creation time by default, with the total', async () => {
    const result = await search('');
    expect(result.total).toBe(4);
    expect(result.features.map((feature) => feature.name)).toEqual([
      'checkout-button',
      'dark-mode',
      'kill-payments',
      'mobile-login',
    ]);
    const checkout = result.features[0]!;
    expect(checkout).toMatchObject({
      project: 'default',
      segments: ['beta-users'],
      dependencyType: 'child',
      archivedAt: null,
    });
    expect(checkout.environments.map((env) => [env.name, env.enabled, env.hasStrategies])).toEqual([
      ['development', false, true],
      ['production', false, false],
    ]);
    expect(result.features[1]).toMatchObject({
      dependencyType: 'parent',
      tags: [{ type: 'simple', value: 'ui' }],
    });
  });

  it('filters by free text, project, type, tag, segment, state, status and lifecycle', async () => {
    expect(await names('?query=checkout')).toEqual(['checkout-button']);
    expect(await names('?query=CHECKOUT')).toEqual(['checkout-button']);
    expect(await names('?query=simple:auth')).toEqual(['mobile-login']);
    expect(await names('?project=IS:mobile')).toEqual(['mobile-login']);
    expect(await names('?project=IS_NOT:mobile')).toEqual(['checkout-button', 'dark-mode', 'kill-payments']);
    expect(await names('?type=IS_ANY_OF:experiment,kill-switch')).toEqual(['dark-mode', 'kill-payments']);
    expect(await names('?tag=INCLUDE:simple:ui')).toEqual(['dark-mode']);
    expect(await names('?tag=INCLUDE_ANY_OF:simple:ui,simple:auth')).toEqual(['dark-mode', 'mobile-login']);
    expect(await names('?tag=DO_NOT_INCLUDE:simple:ui')).toEqual([
      'checkout-button',
      'kill-payments',
      'mobile-login',
    ]);
    expect(await names('?segment=INCLUDE:beta-users')).toEqual(['checkout-button']);
    expect(await names('?state=IS:stale')).toEqual(['kill-payments']);
    expect(await names('?state=IS_NOT:stale')).toEqual(['checkout-button', 'dark-mode', 'mobile-login']);
    expect(await names('?status=IS:production:enabled')).toEqual(['dark-mode']);
    expect(await names('?lifecycle=IS:archived')).toEqual(['old-thing']);
    expect(await names('?archived=IS:true')).toEqual(['old-thing']);
    // Lifecycle stages come from SDK sightings (issue 14), not from the flag being on: no SDK
    // has reported these flags, so even dark-mode, on in production, is still initial.
    expect(await names('?lifecycle=IS:live')).toEqual([]);
    expect(await names('?lifecycle=IS:initial')).toEqual([
      'checkout-button',
      'dark-mode',
      'kill-payments',
      'mobile-login',
    ]);
    expect(await names('?createdAt=IS_BEFORE:2000-01-01')).toEqual([]);
    expect(await names('?createdAt=IS_ON_OR_AFTER:2000-01-01&type=IS:release&project=IS:default')).toEqual([
      'checkout-button',
    ]);
  });

  it('sorts and pages', async () => {
    expect(await names('?sortBy=name&sortOrder=desc')).toEqual([
      'mobile-login',
      'kill-payments',
      'dark-mode',
      'checkout-button',
    ]);
    expect(await names('?sortBy=type&sortOrder=asc')).toEqual([
      'dark-mode',
      'kill-payments',
      'checkout-button',
      'mobile-login',
    ]);
    expect((await names('?sortBy=environment:production&sortOrder=desc'))[0]).toBe('dark-mode');
    const page = await search('?sortBy=name&offset=1&limit=2');
    expect(page.total).toBe(4);
    expect(page.features.map((feature) => feature.name)).toEqual(['dark-mode', 'kill-payments']);
  });
});
