import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag, expectRejectedWithoutEvent } from '../helpers/flag-model';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * One request per class of issue 12's fuzzing report, each answered 500 before: a 400 in
 * Unleash's error shape now, with nothing written.
 */
describe('inputs PostgreSQL cannot take are refused with 400 (issue 12)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    await createFlag(test, 'present');
  });
  afterAll(async () => {
    await test.close();
  });

  async function expectBadData(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
  ) {
    const response = await expectRejectedWithoutEvent(test, method, url, body, 400);
    const error = response.json() as { id: unknown; name: unknown; message: unknown; details?: unknown };
    expect(typeof error.id).toBe('string');
    expect(error.name).toBe('BadDataError');
    expect(typeof error.message).toBe('string');
    expect(response.body).not.toMatch(/select|insert|update|syntax|postgres/i);
    return error;
  }

  it('refuses NUL bytes in body strings, path parameters and query values', async () => {
    const error = await expectBadData('POST', '/api/admin/projects/default/features', { name: 'a\u0000b' });
    expect(error.details).toEqual([{ path: '/body/name', message: expect.stringContaining('NUL') }]);
    await expectBadData('POST', '/api/admin/projects/default/stale', {
      features: ['present\u0000'],
      stale: true,
    });
    await expectBadData('GET', '/api/admin/projects/default/features/present%00');
    await expectBadData('GET', '/api/admin/search/features?query=x%00');
    await expectBadData('POST', '/api/admin/segments', {
      name: 's',
      constraints: [],
      description: { 'k\u0000': 1 },
    });
  });

  it('refuses unpaired surrogates in names instead of throwing a URIError', async () => {
    await expectBadData('POST', '/api/admin/projects/default/features', { name: 'a\ud800' });
    await expectBadData('POST', '/api/admin/context/validate', { name: '\udc00' });
    await expectBadData('POST', '/api/admin/ui-config/cors', { frontendApiOrigins: ['https://x\ud800'] });
  });

  it('refuses integers beyond int4 in paths, queries and bodies', async () => {
    await expectBadData('GET', '/api/admin/user-admin/2147483648');
    await expectBadData('GET', '/api/admin/roles/99999999999999999999');
    await expectBadData('GET', '/api/admin/metrics/applications?offset=99999999999999999999');
    await expectBadData('PUT', '/api/admin/feature-types/release/lifetime', { lifetimeDays: 2_147_483_648 });
  });

  it('refuses megabyte values and lists over the bind-parameter limit; empty lists are no SQL error', async () => {
    await expectBadData('POST', '/api/admin/projects/default/features', { name: 'x'.repeat(300_000) });
    await expectBadData('POST', '/api/admin/projects', { id: 'p1', name: 'x'.repeat(5_000) });
    const many = Array.from({ length: 70_000 }, (_, i) => `f${i}`);
    await expectBadData('POST', '/api/admin/projects/default/stale', { features: many, stale: true });
    await expectBadData('POST', '/api/admin/projects/default/archive', { features: many });
    await call(test, 'POST', '/api/admin/projects/default/stale', { features: [], stale: true }, 202);
    await call(test, 'POST', '/api/admin/projects/default/archive', { features: [] }, 202);
  });

  it('refuses malformed JSON Patch operations', async () => {
    const url = '/api/admin/projects/default/features/present';
    await expectBadData('PATCH', url, [{ op: 'replace', path: '/description' }]);
    await expectBadData('PATCH', url, [{ op: 'move', path: '/description' }]);
    await expectBadData('PATCH', url, [{ op: 'add', path: '/__proto__', value: {} }]);
  });

  it('publishes the bounds in the OpenAPI document', async () => {
    const document = (await test.request('GET', '/docs/openapi.json')).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    const create = document.paths['/api/admin/projects/{projectId}/features']?.post;
    const schema = create?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, { maxLength?: number }>;
    };
    expect(schema.properties.name?.maxLength).toBe(255);
    expect(schema.properties.description?.maxLength).toBe(10_000);
  });

  it('answers a malformed URL in the error shape', async () => {
    const response = await test.request('GET', '/api/admin/projects/%zz');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ name: 'BadDataError', id: expect.any(String) });
  });
});
