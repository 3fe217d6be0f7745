import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app/build-app';
import { loadConfig } from '../config';
import type { Database } from '../db/schema';
import { createLogger } from '../lib/logger';
import { publicUrlOf } from './public-url';

// Never queried: /health, /docs and unknown paths need no database.
const unusedDb = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1 }) }),
});

describe('security headers (issue 12 §6)', async () => {
  const app = await buildApp({ config: loadConfig({}), db: unusedDb, logger: createLogger('silent') });
  await app.ready();
  afterAll(() => app.close());

  it.each([
    ['a JSON answer', '/health', 200],
    ['an error answer', '/api/admin/nothing-here', 404],
    ['the OpenAPI document', '/docs/openapi.json', 200],
  ])('sends X-Content-Type-Options: nosniff with %s', async (_what, url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the API explorer with a CSP that keeps to this server and works over plain http', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs' });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).not.toContain('validator.swagger.io');
  });
});

describe('links handed out (publicUrlOf)', () => {
  async function linkFor(
    headers: Record<string, string>,
    config: { publicUrl: string | null; trustProxy?: boolean },
  ) {
    const app = Fastify({ trustProxy: config.trustProxy ?? false });
    app.get('/link', async (request) => ({ url: publicUrlOf(request, { ...config, baseUriPath: '/sy' }) }));
    const response = await app.inject({ method: 'GET', url: '/link', headers });
    await app.close();
    return response.json().url as string;
  }

  it('uses UNLEASH_URL when set, whatever the Host header says', async () => {
    expect(await linkFor({ host: 'evil.example' }, { publicUrl: 'https://flags.example' })).toBe(
      'https://flags.example',
    );
  });

  it('never takes a Host header nobody vouches for', async () => {
    const url = await linkFor({ host: 'evil.example' }, { publicUrl: null });
    expect(url).not.toContain('evil.example');
    expect(url).toMatch(/^http:\/\/[^/]+\/sy$/);
  });

  it('takes a loopback Host as it is, and the forwarded host and scheme of a trusted proxy', async () => {
    expect(await linkFor({ host: 'localhost:4242' }, { publicUrl: null })).toBe('http://localhost:4242/sy');
    expect(
      await linkFor(
        { host: 'internal:4242', 'x-forwarded-host': 'flags.example', 'x-forwarded-proto': 'https' },
        { publicUrl: null, trustProxy: true },
      ),
    ).toBe('https://flags.example/sy');
    // Without TRUST_PROXY the forwarded headers are ignored.
    expect(
      await linkFor(
        { host: 'localhost:4242', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        { publicUrl: null },
      ),
    ).toBe('http://localhost:4242/sy');
  });
});
