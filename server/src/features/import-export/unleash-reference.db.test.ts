import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/helpers/flag-model';
import { as, createApiToken, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ExportResult } from '../../../contract';

/**
 * By hand only (CI has no Unleash): Switchyard → file → the reference Unleash 8.2
 * (/work/shared/tools/unleash-reference/start.sh, then tests/fixtures/unleash-export/make-fixture.sh).
 *   UNLEASH_REFERENCE_URL=http://127.0.0.1:4299 UNLEASH_REFERENCE_PAT=user:... npx vitest run <this file>
 * Our export of the fixture's flags (renamed `sy-*`) must validate cleanly in Unleash, import, and
 * then Unleash serves the same client API payload as we do.
 */
const reference = process.env.UNLEASH_REFERENCE_URL;
const pat = process.env.UNLEASH_REFERENCE_PAT ?? '';
const REFERENCE_CLIENT = '*:development.reference-client-0123456789abcdef';
const FIXTURES = join(__dirname, '../../../../tests/fixtures/unleash-export');

async function unleash(path: string, body: unknown, token = pat) {
  const response = await fetch(`${reference}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function comparable(feature: Record<string, unknown>): Record<string, unknown> {
  const { strategies, ...rest } = feature as { strategies: Array<Record<string, unknown>> };
  return { ...rest, strategies: strategies.map(({ id: _id, sortOrder: _s, segments: _g, ...s }) => s) };
}

describe.skipIf(!reference)('Switchyard export imports into the reference Unleash 8.2', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test?.close();
  });

  it('validates without errors, imports, and Unleash serves our client payload', async () => {
    await createUser(test, { username: 'importer', rootRole: 'Admin' });
    const rule = { contextName: 'userId', operator: 'IN', values: ['1', '2', '3'] };
    await call(test, 'POST', '/api/admin/segments', { name: 'beta-testers', constraints: [rule] }, 201);
    const user = as(test, { cookie: await login(test, 'importer') });
    const source = readFileSync(join(FIXTURES, 'unleash-8.2-export.json'), 'utf8').replaceAll('"ix-', '"sy-');
    const imported = await user('POST', '/api/admin/features-batch/import', {
      project: 'default',
      environment: 'development',
      data: JSON.parse(source),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const ours = await call<ExportResult>(
      test,
      'POST',
      '/api/admin/features-batch/export',
      { environment: 'development', tag: 'sy-fixture' },
      200,
    );
    const body = { project: 'default', environment: 'development', data: ours };
    const validation = await unleash('/api/admin/features-batch/validate', body);
    expect(validation).toMatchObject({ status: 200, body: { errors: [] } });
    expect((await unleash('/api/admin/features-batch/import', body)).status).toBe(200);
    const names = ours.features.map((feature) => feature.name);
    const theirs = await unleash('/api/client/features', undefined, REFERENCE_CLIENT);
    const token = await createApiToken(test, { type: 'client', environment: 'development' });
    const mine = (await as(test, { authorization: token })('GET', '/api/client/features')).json();
    const pick = (payload: { features: Array<Record<string, unknown>> }) =>
      payload.features
        .filter((feature) => names.includes(String(feature.name)))
        .map(comparable)
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(pick(theirs.body)).toEqual(pick(mine));
  });
});
