import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Type } from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app/build-app';
import { loadConfig } from '../config';
import type { Database } from '../db/schema';
import { createLogger } from '../lib/logger';

// Never queried: these routes only echo what reached them.
const unusedDb = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1 }) }),
});

async function appWithProbeRoutes() {
  const app = await buildApp({ config: loadConfig({}), db: unusedDb, logger: createLogger('silent') });
  const echoBody = async (request: { body: unknown }) => ({ body: request.body ?? 'undefined' });
  const response = { 200: Type.Object({ body: Type.Unknown() }) };
  const route = (operationId: string, body?: ReturnType<typeof Type.Object>) => ({
    config: { permission: 'NONE' as const },
    schema: { operationId, ...(body ? { body } : {}), response },
  });
  // Like POST /api/admin/projects (required properties, unknown ones refused as Unleash does there).
  app.post(
    '/api/admin/probe/required',
    route('probeRequired', Type.Object({ name: Type.String() }, { additionalProperties: false })),
    echoBody,
  );
  // Like POST /api/admin/ui-config/cors: every property optional.
  app.post(
    '/api/admin/probe/optional',
    route('probeOptional', Type.Object({ origins: Type.Optional(Type.Array(Type.String())) })),
    echoBody,
  );
  // Like POST …/environments/:env/on and DELETE /api/admin/archive/:feature: no body at all.
  app.post('/api/admin/probe/none', route('probeNone'), echoBody);
  app.delete('/api/admin/probe/none', route('probeDelete'), echoBody);
  app.get('/api/admin/probe/list', route('probeList'), async () => ({ body: 'list' }));
  await app.ready();
  return app;
}

interface Row {
  what: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  contentType?: string;
  payload?: string;
  /** What Unleash 8.2 answered to the same request on the matching real route (checked by hand). */
  unleash: number;
  /** What reaches the handler, or the error name. */
  expected: { body: unknown } | { error: string };
}

const JSON_TYPE = 'application/json';

/**
 * What we checked against Unleash 8.2 (unleash-reference) and what Switchyard now does, issue 12 §4.
 * The `unleash` column is the status Unleash gave on the real route the probe stands for.
 */
const TABLE: Row[] = [
  {
    what: 'POST …/on, JSON type, empty body',
    method: 'POST',
    path: '/api/admin/probe/none',
    contentType: JSON_TYPE,
    payload: '',
    unleash: 200,
    expected: { body: 'undefined' },
  },
  {
    what: 'POST …/off, JSON type with charset, empty body',
    method: 'POST',
    path: '/api/admin/probe/none',
    contentType: 'application/json; charset=utf-8',
    payload: '',
    unleash: 200,
    expected: { body: 'undefined' },
  },
  {
    what: 'POST …/on, no type, no body',
    method: 'POST',
    path: '/api/admin/probe/none',
    unleash: 200,
    expected: { body: 'undefined' },
  },
  {
    what: 'POST …/on, text/plain body',
    method: 'POST',
    path: '/api/admin/probe/none',
    contentType: 'text/plain',
    payload: 'hello',
    unleash: 200,
    expected: { body: 'undefined' },
  },
  {
    what: 'POST …/on, XML body',
    method: 'POST',
    path: '/api/admin/probe/none',
    contentType: 'application/xml',
    payload: '<a/>',
    unleash: 200,
    expected: { body: 'undefined' },
  },
  {
    what: 'POST …/on, {} body',
    method: 'POST',
    path: '/api/admin/probe/none',
    contentType: JSON_TYPE,
    payload: '{}',
    unleash: 200,
    expected: { body: {} },
  },
  {
    what: 'POST …/on, malformed JSON',
    method: 'POST',
    path: '/api/admin/probe/none',
    contentType: JSON_TYPE,
    payload: '{bad',
    unleash: 400,
    expected: { error: 'BadDataError' },
  },
  {
    what: 'DELETE archive, JSON type, empty body',
    method: 'DELETE',
    path: '/api/admin/probe/none',
    contentType: JSON_TYPE,
    payload: '',
    unleash: 202,
    expected: { body: 'undefined' },
  },
  {
    what: 'POST features, JSON type, empty body',
    method: 'POST',
    path: '/api/admin/probe/required',
    contentType: JSON_TYPE,
    payload: '',
    unleash: 400,
    expected: { error: 'BadDataError' },
  },
  {
    what: 'POST features, whitespace body',
    method: 'POST',
    path: '/api/admin/probe/required',
    contentType: JSON_TYPE,
    payload: '   ',
    unleash: 400,
    expected: { error: 'BadDataError' },
  },
  {
    what: 'POST features, JSON null',
    method: 'POST',
    path: '/api/admin/probe/required',
    contentType: JSON_TYPE,
    payload: 'null',
    unleash: 400,
    expected: { error: 'BadDataError' },
  },
  {
    what: 'POST features, no type, no body',
    method: 'POST',
    path: '/api/admin/probe/required',
    unleash: 415,
    expected: { error: 'ContentTypeError' },
  },
  {
    what: 'POST features, text/plain JSON',
    method: 'POST',
    path: '/api/admin/probe/required',
    contentType: 'text/plain',
    payload: '{"name":"a"}',
    unleash: 415,
    expected: { error: 'ContentTypeError' },
  },
  {
    what: 'POST features, form type (curl -d)',
    method: 'POST',
    path: '/api/admin/probe/required',
    contentType: 'application/x-www-form-urlencoded',
    payload: '{"name":"a"}',
    unleash: 415,
    expected: { error: 'ContentTypeError' },
  },
  {
    what: 'POST features, merge-patch+json',
    method: 'POST',
    path: '/api/admin/probe/required',
    contentType: 'application/merge-patch+json',
    payload: '{"name":"a"}',
    unleash: 415,
    expected: { error: 'ContentTypeError' },
  },
  {
    what: 'POST features, upper-case type, charset without space',
    method: 'POST',
    path: '/api/admin/probe/required',
    contentType: 'APPLICATION/JSON;charset=UTF-8',
    payload: '{"name":"a"}',
    unleash: 201,
    expected: { body: { name: 'a' } },
  },
  {
    what: 'POST ui-config/cors, JSON type, empty body',
    method: 'POST',
    path: '/api/admin/probe/optional',
    contentType: JSON_TYPE,
    payload: '',
    unleash: 204,
    expected: { body: {} },
  },
  {
    what: 'GET projects with a trailing slash',
    method: 'GET',
    path: '/api/admin/probe/list/',
    unleash: 200,
    expected: { body: 'list' },
  },
];

describe('wire leniency matches Unleash (issue 12 §4)', async () => {
  const app = await appWithProbeRoutes();
  afterAll(() => app.close());

  it.each(TABLE)('$what: Unleash $unleash', async (row) => {
    const response = await app.inject({
      method: row.method,
      url: row.path,
      headers: row.contentType ? { 'content-type': row.contentType } : {},
      ...(row.payload !== undefined ? { payload: row.payload } : {}),
    });
    if ('error' in row.expected) {
      expect(response.statusCode).toBe(row.unleash);
      expect(response.json()).toMatchObject({ name: row.expected.error, details: expect.any(Array) });
    } else {
      // The probe answers 200 where Unleash's real route answers 200, 201, 202 or 204.
      expect(row.unleash).toBeLessThan(300);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(row.expected);
    }
  });

  it('names the missing property when a required body is empty, as Unleash does', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/probe/required',
      headers: { 'content-type': JSON_TYPE },
      payload: '',
    });
    expect(response.json().details).toEqual([expect.objectContaining({ path: '/body/name' })]);
  });
});
