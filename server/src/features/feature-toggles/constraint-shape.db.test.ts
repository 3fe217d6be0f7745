import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { as, createApiToken } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Constraint } from '../../../contract';

// Unleash 8.2 stores a constraint as sent with `values` defaulting to `[]`, and answers that shape in
// the admin API, the client API and segments alike (checked against the reference): a single-value
// operator carries `value` and `values: []`; `inverted`/`caseInsensitive` appear only when sent.
const SENT: Constraint[] = [
  { contextName: 'appName', operator: 'NUM_GT', value: '5' },
  { contextName: 'appName', operator: 'SEMVER_GTE', value: '1.0.0', inverted: true },
  {
    contextName: 'currentTime',
    operator: 'DATE_AFTER',
    value: '2024-01-01T00:00:00.000Z',
    caseInsensitive: false,
  },
  { contextName: 'userId', operator: 'IN', value: 'u1', values: ['u1'] },
  { contextName: 'userId', operator: 'STR_CONTAINS', values: ['x'], caseInsensitive: true },
];
const ANSWERED = SENT.map((constraint) => ({ values: [], ...constraint }));
const F = '/api/admin/projects/default/features/shaped';

interface WithConstraints {
  constraints: Constraint[];
}

describe('constraint shape', () => {
  let t: TestApp;
  let client: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp();
    client = as(t, {
      authorization: await createApiToken(t, { type: 'client', environment: 'development' }),
    });
    await createFlag(t, 'shaped');
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers `values: []` for single-value operators on write and on every read', async () => {
    const created = await call<WithConstraints & { id: string }>(
      t,
      'POST',
      `${F}/environments/development/strategies`,
      { name: 'default', constraints: SENT },
      200,
    );
    expect(created.constraints).toEqual(ANSWERED);
    await call(t, 'POST', `${F}/environments/development/on`, undefined, 200);

    const flag = await call<{ environments: { name: string; strategies: WithConstraints[] }[] }>(
      t,
      'GET',
      F,
      undefined,
      200,
    );
    const development = flag.environments.find((environment) => environment.name === 'development')!;
    expect(development.strategies.map((strategy) => strategy.constraints)).toEqual([ANSWERED]);
    const strategy = await call<WithConstraints>(
      t,
      'GET',
      `${F}/environments/development/strategies/${created.id}`,
      undefined,
      200,
    );
    expect(strategy.constraints).toEqual(ANSWERED);

    const updated = await call<WithConstraints>(
      t,
      'PUT',
      `${F}/environments/development/strategies/${created.id}`,
      { name: 'default', constraints: SENT },
      200,
    );
    expect(updated.constraints).toEqual(ANSWERED);

    const features = (await client('GET', '/api/client/features')).json<{
      features: { name: string; strategies: WithConstraints[] }[];
    }>();
    const served = features.features.find((feature) => feature.name === 'shaped')!;
    expect(served.strategies.map((s) => s.constraints)).toEqual([ANSWERED]);
    const one = (await client('GET', '/api/client/features/shaped')).json<{
      strategies: WithConstraints[];
    }>();
    expect(one.strategies.map((s) => s.constraints)).toEqual([ANSWERED]);
  });

  it('answers segments’ constraints in the same shape', async () => {
    const segment = await call<WithConstraints & { id: number }>(
      t,
      'POST',
      '/api/admin/segments',
      { name: 'shaped-segment', constraints: [SENT[0]] },
      201,
    );
    expect(segment.constraints).toEqual([ANSWERED[0]]);
    const listed = await call<{ segments: (WithConstraints & { id: number })[] }>(
      t,
      'GET',
      '/api/admin/segments',
      undefined,
      200,
    );
    expect(listed.segments.find((s) => s.id === segment.id)!.constraints).toEqual([ANSWERED[0]]);
    const got = await call<WithConstraints>(t, 'GET', `/api/admin/segments/${segment.id}`, undefined, 200);
    expect(got.constraints).toEqual([ANSWERED[0]]);
  });
});
