import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Type } from 'typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app/build-app';
import { loadConfig } from '../config';
import type { Database } from '../db/schema';
import { createLogger } from '../lib/logger';
import { RouteDeclarationError } from './route-config';

// A database handle that is never queried: these tests cover HTTP conventions only.
const unusedDb = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1 }) }),
});
const logger = createLogger('silent');

async function appWithEchoRoute(baseUriPath = '') {
  const app = await buildApp({ config: { ...loadConfig({}), baseUriPath }, db: unusedDb, logger });
  app.post(
    `${baseUriPath}/api/admin/echo`,
    {
      config: { permission: 'NONE' },
      schema: {
        operationId: 'echo',
        body: Type.Object(
          {
            name: Type.String({ minLength: 2 }),
            kind: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ name: Type.String() }) },
      },
    },
    async (request) => ({ name: (request.body as { name: string }).name }),
  );
  await app.ready();
  return app;
}

describe('HTTP conventions', async () => {
  const app = await appWithEchoRoute();
  afterAll(() => app.close());

  it('answers /health with Unleash shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ health: 'GOOD' });
  });

  it('answers an unknown /api path with 404 and Unleash message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/nothing-here' });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body.name).toBe('NotFoundError');
    expect(body.message).toBe('The path you were looking for (/api/admin/nothing-here) is not available.');
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.details).toEqual([{ message: body.message }]);
  });

  it('answers 415 ContentTypeError for a non-JSON body on a JSON route', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=abc',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().name).toBe('ContentTypeError');
  });

  it('answers 415 when a body route gets no content type at all', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/admin/echo' });
    expect(response.statusCode).toBe(415);
  });

  it('answers 400 BadDataError with the first failing field, its path pointing at the property', async () => {
    // As Unleash 8.2 answers (scripts/compat): one detail, the extra property's own path.
    const extra = await app.inject({
      method: 'POST',
      url: '/api/admin/echo',
      payload: { name: 'a', extra: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().name).toBe('BadDataError');
    expect(extra.json().details).toEqual([
      {
        path: '/body/extra',
        message: 'The /body object does not allow additional properties, but "extra" was present',
      },
    ]);
    const short = await app.inject({ method: 'POST', url: '/api/admin/echo', payload: { name: 'a' } });
    expect(short.json().details).toEqual([
      { path: '/body/name', message: 'The /body/name property must NOT have fewer than 2 characters' },
    ]);
    const missing = await app.inject({ method: 'POST', url: '/api/admin/echo', payload: {} });
    expect(missing.json().details).toEqual([
      { path: '/body/name', message: 'The /body/name property is required' },
    ]);
  });

  it('reports a value outside a union of constants once, with the allowed values (Unleash: one enum detail)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/echo',
      payload: { name: 'ok', kind: 'c' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: '/body/kind', message: 'The /body/kind property must be one of the allowed values: "a", "b"' },
    ]);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().name).toBe('BadDataError');
  });

  it('collapses runs of slashes before routing', async () => {
    const response = await app.inject({ method: 'POST', url: '//api///admin/echo', payload: { name: 'ok' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'ok' });
  });

  it('serves OpenAPI 3 built from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toBe('3.0.3');
    expect(spec.paths['/health'].get.operationId).toBe('getHealth');
    expect(spec.paths['/api/admin/echo'].post.operationId).toBe('echo');
  });

  it('exports the event-loop delay, whose top quantile catches a blocked loop', async () => {
    await app.inject({ method: 'GET', url: '/internal-backstage/prometheus' });
    // The scrape reset the histogram; its first timer tick after a reset only takes a timestamp.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const blockedUntil = performance.now() + 60;
    while (performance.now() < blockedUntil) {
      // A synchronous stall, as a large piece of request work would cause.
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    const body = (await app.inject({ method: 'GET', url: '/internal-backstage/prometheus' })).body;
    for (const quantile of ['0.5', '0.99', '1']) {
      expect(body).toMatch(
        new RegExp(`switchyard_event_loop_delay_seconds\\{quantile="${quantile}"\\} [0-9.e-]+`),
      );
    }
    const max = Number(body.match(/switchyard_event_loop_delay_seconds\{quantile="1"\} ([0-9.e-]+)/)?.[1]);
    expect(max).toBeGreaterThanOrEqual(0.05);
    expect(body).toContain('nodejs_gc_duration_seconds');
  });

  it('exposes Prometheus metrics with process metrics and the request histogram', async () => {
    await app.inject({ method: 'GET', url: '/health' });
    const response = await app.inject({ method: 'GET', url: '/internal-backstage/prometheus' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toMatch(
      /http_request_duration_milliseconds_count\{path="\/health",method="GET",status="200"\} [1-9]/,
    );
  });
});

describe('BASE_URI_PATH', async () => {
  const app = await appWithEchoRoute('/unleash');
  afterAll(() => app.close());

  it('mounts the API under the base path', async () => {
    expect((await app.inject({ method: 'GET', url: '/unleash/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(404);
    const missing = await app.inject({ method: 'GET', url: '/unleash/api/x' });
    expect(missing.json().message).toBe('The path you were looking for (/unleash/api/x) is not available.');
  });
});

describe('route declarations', () => {
  it('refuses a route that declares no permission', async () => {
    const app = await buildApp({ config: loadConfig({}), db: unusedDb, logger });
    expect(() =>
      app.get(
        '/api/admin/unguarded',
        { schema: { operationId: 'x', response: { 200: Type.Null() } } },
        async () => null,
      ),
    ).toThrowError(RouteDeclarationError);
    await app.close();
  });

  it('refuses a route without a response schema', async () => {
    const app = await buildApp({ config: loadConfig({}), db: unusedDb, logger });
    expect(() =>
      app.get('/api/admin/undocumented', { config: { permission: 'ADMIN' } }, async () => null),
    ).toThrowError('declares no response schema');
    await app.close();
  });
});
