import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from './app-type';
import { registerErrorHandling } from './error-handler';
import { isLoopbackAddress, isSdkPath, registerNetworkExposure } from './network-exposure';

const REMOTE = '192.0.2.7';

/** A bare app shaped like build-app's (same router options), with one route per kind of surface. */
async function exposedApp(options: { adminLoopbackOnly: boolean; baseUriPath?: string }): Promise<App> {
  const base = options.baseUriPath ?? '';
  const app = Fastify({
    routerOptions: { ignoreDuplicateSlashes: true, ignoreTrailingSlash: true },
  }) as unknown as App;
  registerErrorHandling(app, base, {
    pageFallback: {
      isPageRequest: (request) => !request.url.includes('/api/'),
      sendPage: async (_request, reply) => reply.type('text/html').send('<!doctype html>console'),
    },
  });
  registerNetworkExposure(app, { baseUriPath: base, adminLoopbackOnly: options.adminLoopbackOnly });
  await app.register(
    async (scoped) => {
      const ok = async () => ({ ok: true });
      scoped.get('/api/client/features', ok);
      scoped.get('/api/client/features/:featureName', ok);
      scoped.post('/api/client/metrics', ok);
      scoped.get('/api/frontend', ok);
      scoped.post('/edge/validate', ok);
      scoped.get('/health', ok);
      scoped.get('/ready', ok);
      scoped.get('/api/admin/projects', ok);
      scoped.get('/auth/simple/login', ok);
      scoped.get('/internal-backstage/prometheus', ok);
      scoped.get('/docs/openapi.json', ok);
      scoped.get('/', ok);
      // What @fastify/cors adds for preflights: a catch-all OPTIONS route.
      scoped.options('*', async (_request, reply) => reply.status(204).send());
    },
    { prefix: base },
  );
  await app.ready();
  return app;
}

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.3.4', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::FFFF:127.1.2.3', true],
    ['192.0.2.7', false],
    ['::ffff:192.0.2.7', false],
    ['10.0.0.1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['fe80::1', false],
    ['127.0.0.1.evil', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('isSdkPath', () => {
  it.each([
    ['/api/client/features', true],
    ['/api/client', true],
    ['/api/frontend', true],
    ['/api/frontend/client/metrics', true],
    ['/ofrep/v1/evaluate/flags', true],
    ['/ofrepx', false],
    ['/edge/validate', true],
    ['/health', true],
    ['/ready', true],
    ['/api/clientele', false],
    ['/api/admin/features', false],
    ['/internal-backstage/prometheus', false],
    ['/healthz', false],
    ['/', false],
  ])('%s -> %s', (path, expected) => {
    expect(isSdkPath(path)).toBe(expected);
  });
});

describe('ADMIN_LOOPBACK_ONLY=true', () => {
  it.each([
    ['GET', '/api/admin/projects'],
    ['GET', '/auth/simple/login'],
    ['GET', '/internal-backstage/prometheus'],
    ['GET', '/docs/openapi.json'],
    ['GET', '/'],
    ['GET', '/some/console/page'],
    ['GET', '/api/unknown'],
    ['OPTIONS', '/api/admin/projects'],
  ] as const)('refuses %s %s from a network peer with 403 ForbiddenError', async (method, url) => {
    const app = await exposedApp({ adminLoopbackOnly: true });
    const response = await app.inject({ method, url, remoteAddress: REMOTE });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json();
    expect(body).toMatchObject({ name: 'ForbiddenError', details: [{ message: body.message }] });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['GET', '/api/client/features', 200],
    ['GET', '/api/client/features/my-flag', 200],
    ['POST', '/api/client/metrics', 200],
    ['GET', '/api/frontend', 200],
    ['POST', '/edge/validate', 200],
    ['GET', '/health', 200],
    ['GET', '/ready', 200],
    ['OPTIONS', '/api/frontend', 204],
    // Unknown SDK paths keep Unleash's 404, which SDKs understand (a 403 would read as a bad token).
    ['GET', '/api/client/delta', 404],
  ] as const)('serves the SDK surface %s %s to a network peer', async (method, url, status) => {
    const app = await exposedApp({ adminLoopbackOnly: true });
    const response = await app.inject({ method, url, remoteAddress: REMOTE });
    expect(response.statusCode).toBe(status);
    if (status === 404) expect(response.json().name).toBe('NotFoundError');
  });

  it('classifies by the route the router matched, so other spellings cannot cross over', async () => {
    const app = await exposedApp({ adminLoopbackOnly: true });
    const as = (url: string) => app.inject({ url, remoteAddress: REMOTE }).then((r) => r.statusCode);
    expect(await as('//api//client/features')).toBe(200);
    expect(await as('/api/%63lient/features')).toBe(200);
    expect(await as('//api//admin//projects')).toBe(403);
    expect(await as('/api/%61dmin/projects')).toBe(403);
    // Dot segments never reach the admin route as an SDK request: inject resolves them (403),
    // a raw HTTP request keeps them and matches nothing (404).
    expect([403, 404]).toContain(await as('/api/client/../admin/projects'));
    expect([403, 404]).toContain(await as('/api/client/%2e%2e/admin/projects'));
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'serves everything to the loopback peer %s',
    async (remoteAddress) => {
      const app = await exposedApp({ adminLoopbackOnly: true });
      for (const url of [
        '/api/admin/projects',
        '/internal-backstage/prometheus',
        '/',
        '/api/client/features',
      ]) {
        const response = await app.inject({ url, remoteAddress });
        expect(response.statusCode, url).toBe(200);
      }
    },
  );

  it('trusts the socket, not X-Forwarded-For or Host', async () => {
    const app = await exposedApp({ adminLoopbackOnly: true });
    const response = await app.inject({
      url: '/api/admin/projects',
      remoteAddress: REMOTE,
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1', host: 'localhost' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('applies under BASE_URI_PATH', async () => {
    const app = await exposedApp({ adminLoopbackOnly: true, baseUriPath: '/unleash' });
    const as = (url: string) => app.inject({ url, remoteAddress: REMOTE }).then((r) => r.statusCode);
    expect(await as('/unleash/api/client/features')).toBe(200);
    expect(await as('/unleash/health')).toBe(200);
    expect(await as('/unleash/api/admin/projects')).toBe(403);
    expect(await as('/unleash/')).toBe(403);
    // Outside the base path nothing is an SDK surface.
    expect(await as('/api/client/features')).toBe(403);
  });
});

describe('ADMIN_LOOPBACK_ONLY=false (the headless default)', () => {
  it('serves the admin surface to network peers', async () => {
    const app = await exposedApp({ adminLoopbackOnly: false });
    for (const url of [
      '/api/admin/projects',
      '/internal-backstage/prometheus',
      '/',
      '/api/client/features',
    ]) {
      const response = await app.inject({ url, remoteAddress: REMOTE });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('has no SDK listener open until asked', async () => {
    const app = await exposedApp({ adminLoopbackOnly: false });
    expect(app.sdkListener.address()).toBeNull();
  });
});
