import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { PlaygroundFeature, PlaygroundResponse } from '../../../contract';

const P = '/api/admin/projects/default/features';
const variant = (name: string) => ({ name, weight: 1000, weightType: 'variable', stickiness: 'default' });

/** The flag's variant and variants as observed on Unleash 8.2 for the same set-up (issue 31 §4). */
describe('playground variants', () => {
  let test: TestApp;
  let flags: Map<string, PlaygroundFeature>;
  const post = (url: string, body?: unknown) => call(test, 'POST', url, body, 200);
  const strategy = (flag: string, body: unknown) =>
    post(`${P}/${flag}/environments/development/strategies`, body);
  const envVariants = (flag: string, name: string) =>
    call(test, 'PUT', `${P}/${flag}/environments/development/variants`, [variant(name)], 200);
  beforeAll(async () => {
    test = await createTestApp();
    for (const name of ['env', 'strat', 'off', 'parent', 'blocked', 'blocked-false'])
      await createFlag(test, name);
    // "env": flag-level variants only; "strat": a strategy with variants.
    await strategy('env', { name: 'default' });
    await envVariants('env', 'blue');
    await strategy('strat', { name: 'default', variants: [variant('red')] });
    // "off": not enabled, but its strategy with variants would win.
    await strategy('off', { name: 'default', variants: [variant('red')] });
    await envVariants('off', 'blue');
    // "blocked": its parent is off; its strategy with variants would win.
    await strategy('blocked', { name: 'default', variants: [variant('red')] });
    await envVariants('blocked', 'blue');
    // "blocked-false": its parent is off and its strategy with variants is false.
    await strategy('blocked-false', {
      name: 'default',
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['nobody'] }],
      variants: [variant('red')],
    });
    await envVariants('blocked-false', 'blue');
    for (const name of ['env', 'strat', 'blocked', 'blocked-false'])
      await post(`${P}/${name}/environments/development/on`);
    for (const name of ['blocked', 'blocked-false'])
      await call(test, 'POST', `${P}/${name}/dependencies`, { feature: 'parent' }, 200);
    const body = await call<PlaygroundResponse>(
      test,
      'POST',
      '/api/admin/playground',
      { environment: 'development', context: { appName: 'web', userId: '1' } },
      200,
    );
    flags = new Map(body.features.map((feature) => [feature.name, feature]));
  });
  afterAll(async () => {
    await test.close();
  });

  const names = (flag: string) => flags.get(flag)!.variants.map((v) => v.name);

  it('marks a flag-level variant of an enabled flag with featureEnabled, not a strategy variant', () => {
    expect(flags.get('env')!.variant).toEqual({
      name: 'blue',
      enabled: true,
      feature_enabled: true,
      featureEnabled: true,
    });
    expect(flags.get('strat')!.variant).toEqual({ name: 'red', enabled: true, feature_enabled: true });
  });

  it("lists the winning strategy's variants of a flag that is off or blocked by its parent", () => {
    const disabled = { name: 'disabled', enabled: false, feature_enabled: false };
    expect(flags.get('off')!.variant).toEqual(disabled);
    expect(names('off')).toEqual(['red']);
    expect(flags.get('blocked')!.hasUnsatisfiedDependency).toBe(true);
    expect(flags.get('blocked')!.variant).toEqual(disabled);
    expect(names('blocked')).toEqual(['red']);
    expect(names('blocked-false')).toEqual(['blue']);
  });
});
