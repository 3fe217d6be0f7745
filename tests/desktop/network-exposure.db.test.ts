import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../main/test-support/free-port';
import { loadConfig } from '../../server/src/config';
import type { App } from '../../server/src/http/app-type';
import { registerErrorHandling } from '../../server/src/http/error-handler';
import { registerNetworkExposure } from '../../server/src/http/network-exposure';
import { type RunningServer, StartupError, startServer } from '../../server/src/index';
import { createLogger } from '../../server/src/lib/logger';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// How the desktop app runs the server (main/network/network-exposure.ts): admin surface for this
// machine only, SDK surfaces on the network, optionally on a listener of their own.

const REMOTE = '192.0.2.7';

/** An address of this machine that is not loopback: a request to it arrives from a non-loopback peer. */
function externalIPv4(): string | undefined {
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return undefined;
}

function withPort(url: string, host: string): string {
  const parsed = new URL(url);
  parsed.hostname = host;
  return parsed.toString().replace(/\/$/, '');
}

async function refusesConnections(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('ADMIN_LOOPBACK_ONLY on the real app (app.inject)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ adminLoopbackOnly: true });
  });
  afterAll(() => testApp.close());

  it.each([
    '/api/admin/projects',
    '/api/admin/api-tokens',
    '/internal-backstage/prometheus',
    '/docs/openapi.json',
    '/',
    '/projects/default',
  ])('refuses %s to a network peer, even with the admin token', async (url) => {
    const response = await testApp.app.inject({ url, remoteAddress: REMOTE, headers: testApp.adminHeaders });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ name: 'ForbiddenError' });
  });

  it('refuses admin writes before reading their body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/projects',
      remoteAddress: REMOTE,
      headers: testApp.adminHeaders,
      payload: 'not json',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().name).toBe('ForbiddenError');
  });

  it('serves /health and /ready to a network peer', async () => {
    for (const url of ['/health', '/ready']) {
      const response = await testApp.app.inject({ url, remoteAddress: REMOTE });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ health: 'GOOD' });
    }
  });

  it('gives a network peer the same answer on the client and frontend APIs as a local one', async () => {
    for (const url of ['/api/client/features', '/api/frontend']) {
      const local = await testApp.app.inject({ url, remoteAddress: '127.0.0.1' });
      const remote = await testApp.app.inject({ url, remoteAddress: REMOTE });
      expect(remote.statusCode, url).toBe(local.statusCode);
      expect(remote.statusCode, url).not.toBe(403);
    }
  });

  it('serves the admin surface to loopback peers', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await testApp.app.inject({ url: '/internal-backstage/prometheus', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.body).toContain('http_request_duration_milliseconds');
    }
  });
});

describe('startServer with an SDK listener (real HTTP)', () => {
  let database: TestDatabase;
  let server: RunningServer;
  const external = externalIPv4();

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: os.tmpdir(),
      // Both on every interface, so a request to this machine's own network address arrives
      // from a non-loopback peer: the real test of ADMIN_LOOPBACK_ONLY.
      HOST: '0.0.0.0',
      PORT: '0',
      SDK_HOST: '0.0.0.0',
      SDK_PORT: '0',
      ADMIN_LOOPBACK_ONLY: 'true',
      SHUTDOWN_GRACE_SECONDS: '10',
    });
    server = await startServer({ config, logger: createLogger('silent') });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('reports both listeners', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.sdkPort).toBeGreaterThan(0);
    expect(server.sdkPort).not.toBe(server.port);
    expect(server.sdkUrl).toBe(`http://127.0.0.1:${server.sdkPort}`);
  });

  it('serves the SDK surfaces on the SDK listener', async () => {
    for (const path of ['/health', '/ready']) {
      const response = await fetch(`${server.sdkUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.json()).toEqual({ health: 'GOOD' });
    }
  });

  it('answers the client and frontend APIs on the SDK listener exactly as on the admin listener', async () => {
    for (const path of ['/api/client/features', '/api/frontend', '/api/client/features?project=default']) {
      const viaAdmin = await fetch(`${server.url}${path}`);
      const viaSdk = await fetch(`${server.sdkUrl}${path}`);
      expect(viaSdk.status, path).toBe(viaAdmin.status);
      expect((await viaSdk.json()).name, path).toBe((await viaAdmin.json()).name);
    }
  });

  it.each([
    ['/api/admin/projects', 'The path you were looking for (/api/admin/projects) is not available.'],
    [
      '/internal-backstage/prometheus',
      'The page you were looking for (/internal-backstage/prometheus) does not exist.',
    ],
    ['/docs/openapi.json', 'The page you were looking for (/docs/openapi.json) does not exist.'],
    ['/', 'The page you were looking for (/) does not exist.'],
  ])('answers %s on the SDK listener with 404 NotFoundError, even from loopback', async (path, message) => {
    const response = await fetch(`${server.sdkUrl}${path}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ name: 'NotFoundError', message });
  });

  it('serves the admin surface to this machine on the admin listener', async () => {
    const response = await fetch(`${server.url}/internal-backstage/prometheus`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('http_request_duration_milliseconds');
  });

  it.skipIf(external === undefined)('refuses the admin surface to a peer on the network', async () => {
    const adminViaNetwork = withPort(server.url, external!);
    const refused = await fetch(`${adminViaNetwork}/internal-backstage/prometheus`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).name).toBe('ForbiddenError');
    expect((await fetch(`${adminViaNetwork}/health`)).status).toBe(200);

    const sdkViaNetwork = withPort(server.sdkUrl!, external!);
    expect((await fetch(`${sdkViaNetwork}/health`)).status).toBe(200);
    expect((await fetch(`${sdkViaNetwork}/api/admin/projects`)).status).toBe(404);
  });

  it('stops both listeners, keep-alive connections included', async () => {
    // Leave idle keep-alive connections open on both listeners (fetch pools them).
    await (await fetch(`${server.url}/health`)).json();
    await (await fetch(`${server.sdkUrl}/health`)).json();
    const started = performance.now();
    await server.stop();
    // Well inside SHUTDOWN_GRACE_SECONDS: idle connections do not hold the stop up.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await refusesConnections(server.url)).toBe(true);
    expect(await refusesConnections(server.sdkUrl!)).toBe(true);
  });
});

describe('startServer when the SDK port is taken', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('fails with a clear StartupError and leaves the admin port free', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port: taken } = blocker.address() as net.AddressInfo;
    const adminPort = await freePort();
    try {
      const config = loadConfig({
        DATABASE_URL: database.url,
        DATA_DIR: os.tmpdir(),
        PORT: String(adminPort),
        SDK_PORT: String(taken),
      });
      const failure = await startServer({ config, logger: createLogger('silent') }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(StartupError);
      expect((failure as Error).message).toBe(
        `SDK listener: port ${taken} on 127.0.0.1 is already in use; choose another with SDK_PORT=<port> (0 picks a free one)`,
      );
      expect(await refusesConnections(`http://127.0.0.1:${adminPort}`)).toBe(true);
    } finally {
      blocker.close();
    }
  });
});

describe('closing the app with requests in flight on both listeners', () => {
  /** GET over a keep-alive connection, as SDKs poll: resolves with status, body and Connection header. */
  function keepAliveGet(url: string, agent: http.Agent): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      http
        .get(url, { agent }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
  }

  it('lets them finish, then closes without waiting for the keep-alive timeout', async () => {
    const app = Fastify({ logger: false }) as unknown as App;
    registerErrorHandling(app, '');
    registerNetworkExposure(app, { baseUriPath: '', adminLoopbackOnly: true });
    let arrived = 0;
    const slow = async () => {
      arrived += 1;
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { done: true };
    };
    app.get('/api/client/features', slow);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port: sdkPort } = await app.sdkListener.listen({ host: '127.0.0.1', port: 0 });
    const adminUrl = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    const sdkUrl = `http://127.0.0.1:${sdkPort}`;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const inFlight = [
        keepAliveGet(`${adminUrl}/api/client/features`, agent),
        keepAliveGet(`${sdkUrl}/api/client/features`, agent),
      ];
      while (arrived < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      const started = performance.now();
      await app.close();
      const closeMs = performance.now() - started;
      for (const response of await Promise.all(inFlight)) {
        expect(response).toEqual({ status: 200, body: '{"done":true}' });
      }
      // Fastify's keep-alive timeout is 72 s; the connections were reaped once idle.
      expect(closeMs).toBeGreaterThan(300);
      expect(closeMs).toBeLessThan(3_000);
      expect(await refusesConnections(adminUrl)).toBe(true);
      expect(await refusesConnections(sdkUrl)).toBe(true);
      expect(app.sdkListener.address()).toBeNull();
    } finally {
      agent.destroy();
    }
  });
});
