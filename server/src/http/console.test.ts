import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app/build-app';
import { loadConfig } from '../config';
import type { Database } from '../db/schema';
import { createLogger } from '../lib/logger';

// A database handle that is never queried: these tests cover serving the console only.
const unusedDb = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1 }) }),
});
const logger = createLogger('silent');
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <script type="module" crossorigin src="./assets/index-Ab12Cd34.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

let builtDir: string;
let emptyDir: string;

beforeAll(async () => {
  builtDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchyard-console-'));
  emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchyard-console-empty-'));
  await fs.mkdir(path.join(builtDir, 'assets'));
  await fs.writeFile(path.join(builtDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(builtDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("console");\n');
  await fs.writeFile(path.join(builtDir, 'secret.txt'), 'outside assets');
});

afterAll(async () => {
  await fs.rm(builtDir, { recursive: true, force: true });
  await fs.rm(emptyDir, { recursive: true, force: true });
});

async function appServing(consoleDir: string, baseUriPath = '') {
  const app = await buildApp({
    config: { ...loadConfig({}), baseUriPath },
    db: unusedDb,
    logger,
    consoleDir,
  });
  await app.ready();
  return app;
}

describe('console at /', () => {
  let app: Awaited<ReturnType<typeof appServing>>;
  beforeAll(async () => {
    app = await appServing(builtDir);
  });
  afterAll(() => app.close());

  it('serves index.html with no-cache and a CSP', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(INDEX);
  });

  it('serves /index.html the same way', async () => {
    const response = await app.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe('console.log("console");\n');
  });

  it('answers a missing asset with the JSON 404, never with index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/nope.js', headers: HTML });
    expect(response.statusCode).toBe(404);
    expect(response.json().name).toBe('NotFoundError');
  });

  it('does not serve files outside assets/', async () => {
    for (const url of ['/assets/../secret.txt', '/assets/%2e%2e/secret.txt', '/secret.txt']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body, url).not.toContain('outside assets');
    }
  });

  it('falls back to index.html for unknown paths a browser navigates to', async () => {
    const response = await app.inject({ method: 'GET', url: '/projects/default?tab=flags', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    // A <base> makes the relative asset URLs resolve from the console root, not from /projects/.
    expect(response.body).toContain('<head>\n<base href="/">');
    expect(response.body).toContain('src="./assets/index-Ab12Cd34.js"');
  });

  it("serves the app at every console path, Unleash's UI paths included (issue 24)", async () => {
    for (const url of [
      '/login?redirect=%2Fhistory',
      '/new-user?invite=abc',
      '/new-user?token=abc',
      '/reset-password?token=abc',
      '/forgotten-password',
      '/signed-out',
      '/projects/default/features/my-flag',
      '/projects/default/features/my-flag/metrics',
      '/projects/default/settings',
      '/features?query=x',
      '/feature-toggle-type',
      '/admin/users',
      '/admin/api',
      '/admin/cors',
      '/profile',
      '/profile/personal-api-tokens',
      '/applications/checkout%20web',
      '/history',
      '/console/pending-edits',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<base href="/">');
    }
  });

  it('keeps the JSON 404 for unknown paths of every server surface', async () => {
    for (const url of [
      '/api/nothing',
      '/api/admin/projects/default/features/x/nothing',
      '/auth/nothing',
      '/invite/abc/nothing',
      '/edge/nothing',
      '/health/nothing',
      '/ready/nothing',
      '/logout',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json().name, url).toBe('NotFoundError');
    }
  });

  it('keeps the JSON 404 for unknown /api paths, even when HTML is accepted', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/nothing-here', headers: HTML });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().message).toBe(
      'The path you were looking for (/api/admin/nothing-here) is not available.',
    );
  });

  it('keeps the JSON 404 for the server surfaces and for clients that do not ask for HTML', async () => {
    for (const url of ['/docs/nothing', '/health/x', '/internal-backstage/x', '/auth/x']) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().name, url).toBe('NotFoundError');
    }
    const json = await app.inject({
      method: 'GET',
      url: '/projects',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    expect(json.json().name).toBe('NotFoundError');
    const post = await app.inject({ method: 'POST', url: '/projects', headers: HTML });
    expect(post.statusCode).toBe(404);
  });

  it('leaves /health and the OpenAPI document alone and keeps console routes out of it', async () => {
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ health: 'GOOD' });
    const spec = (await app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
    expect(spec.paths['/health']).toBeDefined();
    expect(spec.paths['/']).toBeUndefined();
    expect(spec.paths['/assets/{*}']).toBeUndefined();
  });
});

describe('console under BASE_URI_PATH', () => {
  let app: Awaited<ReturnType<typeof appServing>>;
  beforeAll(async () => {
    app = await appServing(builtDir, '/unleash');
  });
  afterAll(() => app.close());

  it('serves the console and its assets under the base path', async () => {
    const root = await app.inject({ method: 'GET', url: '/unleash/', headers: HTML });
    expect(root.statusCode).toBe(200);
    expect(root.body).toBe(INDEX);
    // Without the slash, ./assets would resolve to /assets: the <base> puts it back under /unleash/.
    const bare = await app.inject({ method: 'GET', url: '/unleash', headers: HTML });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('<base href="/unleash/">');
    const asset = await app.inject({ method: 'GET', url: '/unleash/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
  });

  it('falls back only inside the base path', async () => {
    const inside = await app.inject({ method: 'GET', url: '/unleash/flags', headers: HTML });
    expect(inside.statusCode).toBe(200);
    expect(inside.body).toContain('<base href="/unleash/">');
    const outside = await app.inject({ method: 'GET', url: '/flags', headers: HTML });
    expect(outside.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/unleash/api/x', headers: HTML });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('The path you were looking for (/unleash/api/x) is not available.');
  });
});

describe('console not built', () => {
  let app: Awaited<ReturnType<typeof appServing>>;
  beforeAll(async () => {
    app = await appServing(emptyDir);
  });
  afterAll(() => app.close());

  it('explains how to build it instead of failing obscurely', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('The Switchyard console is not built');
    expect(response.body).toContain('npm run build:renderer');
  });

  it('answers assets with the JSON 404 and picks up a build made after start', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' })).statusCode).toBe(404);
    await fs.writeFile(path.join(emptyDir, 'index.html'), INDEX);
    const response = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(response.statusCode).toBe(200);
    await fs.rm(path.join(emptyDir, 'index.html'));
  });
});
