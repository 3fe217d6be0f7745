import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectRejectedWithoutEvent } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

const origins = async (test: TestApp) =>
  (await call<{ frontendApiOrigins: string[] }>(test, 'GET', '/api/admin/ui-config', undefined, 200))
    .frontendApiOrigins;

describe('CORS origins (POST /api/admin/ui-config/cors)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('stores valid origins and *, once each', async () => {
    await call(
      test,
      'POST',
      '/api/admin/ui-config/cors',
      { frontendApiOrigins: ['https://app.example.com', 'http://localhost:3000', 'https://app.example.com'] },
      204,
    );
    expect(await origins(test)).toEqual(['https://app.example.com', 'http://localhost:3000']);
    await call(test, 'POST', '/api/admin/ui-config/cors', { frontendApiOrigins: ['*'] }, 204);
    expect(await origins(test)).toEqual(['*']);
  });

  // Unleash 8.2 answers each of these with 400 BadDataError "Invalid origin: <origin>".
  it.each([
    'https://app.example.com/',
    'https://app.example.com/path',
    'not a url',
    'https://*.example.com',
    ' https://padded.example.com',
    'HTTPS://UPPER.example.com',
  ])('refuses %j as Unleash does, and keeps the stored list', async (origin) => {
    const response = await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/ui-config/cors',
      { frontendApiOrigins: ['https://fine.example.com', origin] },
      400,
    );
    expect(response.json()).toMatchObject({
      name: 'BadDataError',
      message: `Request validation failed: your request body or params contain invalid data: Invalid origin: ${origin}`,
      details: [{ message: `Invalid origin: ${origin}` }],
    });
    expect(await origins(test)).toEqual(['*']);
  });
});
