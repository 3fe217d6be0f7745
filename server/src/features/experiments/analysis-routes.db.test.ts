import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createApiToken, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { AnalysisRequest, AnalysisResult } from '../../../contract/experiments';

const URL = '/api/admin/experiments/analysis';

const sample: AnalysisRequest = {
  metric: { type: 'binomial', higherIsBetter: true },
  method: 'frequentist',
  control: 'control',
  variants: [
    { name: 'control', weight: 1, users: 10000, sum: 1000, sumSquares: 1000 },
    { name: 'b', weight: 1, users: 10050, sum: 1100, sumSquares: 1100 },
  ],
};

describe('POST /api/admin/experiments/analysis', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ loginRateLimitPerMinute: 1000 });
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers the engine’s readout and writes nothing', async () => {
    const before = await latestEventId(test.db);
    const response = await test.request('POST', URL, sample);
    expect(response.statusCode).toBe(200);
    const body: AnalysisResult = response.json();
    expect(body.variants.map((v) => v.name)).toEqual(['control', 'b']);
    expect(body.variants[0]).toEqual({
      name: 'control',
      users: 10000,
      mean: 0.1,
      lift: null,
      liftInterval: null,
      pValue: null,
      adjustedPValue: null,
      chanceToWin: null,
      risk: null,
    });
    const b = body.variants[1];
    expect(b?.lift).toBeCloseTo(1100 / 10050 / 0.1 - 1, 12);
    expect(b?.liftInterval).toHaveLength(2);
    expect(b?.pValue).toBeGreaterThan(0);
    expect(b?.adjustedPValue).toBe(b?.pValue);
    expect(body.srmPValue).toBeGreaterThan(0.001);
    expect(await latestEventId(test.db)).toBe(before);
  });

  it('is open to anyone signed in, a viewer too; anonymous callers get 401 and SDK tokens are refused', async () => {
    await createUser(test, { username: 'analyst', rootRole: 'Viewer' });
    const cookie = await login(test, 'analyst');
    expect((await as(test, { cookie })('POST', URL, sample)).statusCode).toBe(200);
    expect((await as(test)('POST', URL, sample)).statusCode).toBe(401);
    const clientToken = await createApiToken(test, { type: 'client', environment: 'development' });
    expect([401, 403]).toContain(
      (await as(test, { authorization: clientToken })('POST', URL, sample)).statusCode,
    );
  });

  it.each([
    ['a number sent as a string', { ...sample, alpha: '0.05' }],
    [
      'users as a string',
      { ...sample, variants: [{ ...sample.variants[0], users: '10000' }, sample.variants[1]] },
    ],
    ['a boolean as a string', { ...sample, metric: { type: 'binomial', higherIsBetter: 'true' } }],
    ['an unknown method', { ...sample, method: 'psychic' }],
    ['one variant', { ...sample, variants: [sample.variants[0]] }],
    ['an unknown field', { ...sample, extra: 1 }],
    [
      'fractional users',
      { ...sample, variants: [{ ...sample.variants[0], users: 1.5 }, sample.variants[1]] },
    ],
    ['alpha of 0.5', { ...sample, alpha: 0.5 }],
    ['an unknown control', { ...sample, control: 'nobody' }],
    [
      'more conversions than users',
      { ...sample, variants: [sample.variants[0], { ...sample.variants[1], sum: 20000 }] },
    ],
  ])('refuses %s with 400', async (_label, body) => {
    const response = await test.request('POST', URL, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('BadDataError');
  });
});
