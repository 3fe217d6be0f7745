import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createApiToken } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

describe('POST /api/frontend/client/register', () => {
  let t: TestApp;
  let register: (body: unknown) => ReturnType<ReturnType<typeof as>>;
  beforeAll(async () => {
    t = await createTestApp();
    const token = await createApiToken(t, { type: 'frontend', environment: 'development' });
    register = (body) => as(t, { authorization: token })('POST', '/api/frontend/client/register', body);
  });
  afterAll(async () => {
    await t.close();
  });

  const complete = { appName: 'web', interval: 1000, started: '2024-01-01T00:00:00Z', strategies: [] };

  it('answers 200 "OK" to a complete registration, without Unleash’s client-side limits', async () => {
    for (const body of [complete, { ...complete, appName: '', interval: -1, started: 1700000000000 }]) {
      const response = await register(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.body).toBe('OK');
    }
  });

  // Unleash 8.2 requires the four fields of a registration here too (checked against the reference).
  it.each(['appName', 'interval', 'started', 'strategies'])(
    'refuses a registration without %s',
    async (field) => {
      const body: Record<string, unknown> = { ...complete };
      delete body[field];
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ name: 'BadDataError', details: [{ path: `/body/${field}` }] });
    },
  );

  it('refuses a started that is no date', async () => {
    const started = await register({ ...complete, started: 'yesterday' });
    expect(started.statusCode).toBe(400);
    const body = started.json<{ name: string; details: { path: string }[] }>();
    expect(body.name).toBe('BadDataError');
    expect(new Set(body.details.map((detail) => detail.path))).toEqual(new Set(['/body/started']));
  });
});
