import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer, stopServer } from '../helpers/spawn-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const CLIENT_TOKEN = '*:development.timeouts-client-0123456789abcdef';
const ADMIN_TOKEN = '*:*.timeouts-admin-0123456789abcdef';
const HEADERS_SECONDS = 1;
const REQUEST_SECONDS = 2;
// The bound plus Node's check tick (one second) plus slack for a shared, loaded machine.
const SLACK_MS = 2500;

interface Outcome {
  closedAfterMs: number;
  received: string;
}

/**
 * Opens a socket and keeps it busy the slow way: `start` is written at once, then `trickle`
 * one piece every 250 ms for as long as the server keeps the connection open (max 20 s).
 */
function slowClient(url: string, start: string, trickle: string | null): Promise<Outcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const opened = performance.now();
    let received = '';
    const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(start));
    const timer = trickle === null ? null : setInterval(() => socket.writable && socket.write(trickle), 250);
    const giveUp = setTimeout(() => socket.destroy(), 20_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (timer) clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: performance.now() - opened, received });
    });
  });
}

function slowHeaders(path: string): [string, string] {
  return [`GET ${path} HTTP/1.1\r\nHost: x\r\n`, 'X-Slow: 1\r\n'];
}

function slowBody(path: string, token: string): [string, string] {
  const head = [
    `POST ${path} HTTP/1.1`,
    'Host: x',
    `Authorization: ${token}`,
    'Content-Type: application/json',
    'Content-Length: 100000',
    '',
    '',
  ].join('\r\n');
  return [`${head}{"appName":"`, 'a'];
}

describe('request, header and keep-alive timeouts on every listener (issue 12 §6)', () => {
  let database: TestDatabase;
  let server: SpawnedServer;
  let mainUrl: string;
  let sdkUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchyard-timeouts-'));
    server = spawnServer({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: '0',
      SDK_PORT: '0',
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_SECONDS),
      HEADERS_TIMEOUT_SECONDS: String(HEADERS_SECONDS),
      KEEP_ALIVE_TIMEOUT_SECONDS: '1',
      INIT_CLIENT_API_TOKENS: CLIENT_TOKEN,
      INIT_ADMIN_API_TOKENS: ADMIN_TOKEN,
    });
    mainUrl = await server.ready;
    for (let i = 0; i < 50 && !/SDK APIs at (\S+)/.test(server.stdout()); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    sdkUrl = /SDK APIs at (\S+)/.exec(server.stdout())?.[1] as string;
  }, 60_000);

  afterAll(async () => {
    if (server) await stopServer(server);
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it.each(['main', 'sdk'] as const)(
    'closes 20 slow-header, 20 slow-body (fast path and Fastify) and 5 silent sockets within the bound on the %s listener',
    async (which) => {
      const url = which === 'main' ? mainUrl : sdkUrl;
      const headerBound = HEADERS_SECONDS * 1000 + SLACK_MS;
      const requestBound = REQUEST_SECONDS * 1000 + SLACK_MS;
      const [headerStart, headerTrickle] = slowHeaders('/health');
      // POST /api/client/metrics is read by the SDK fast path; /edge/validate by Fastify.
      const fastPathBody = slowBody('/api/client/metrics', CLIENT_TOKEN);
      const fastifyBody = slowBody('/edge/validate', ADMIN_TOKEN);
      const runs = [
        ...Array.from({ length: 20 }, () => ['header', slowClient(url, headerStart, headerTrickle)] as const),
        ...Array.from({ length: 10 }, () => ['body', slowClient(url, ...fastPathBody)] as const),
        ...Array.from({ length: 10 }, () => ['body', slowClient(url, ...fastifyBody)] as const),
        ...Array.from({ length: 5 }, () => ['header', slowClient(url, '', null)] as const),
      ];
      for (const [kind, run] of runs) {
        const outcome = await run;
        expect(outcome.closedAfterMs).toBeLessThan(kind === 'header' ? headerBound : requestBound);
        // Node answers the ones that sent something with 408 before closing.
        if (outcome.received) expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
      }
    },
    30_000,
  );

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_SECONDS', async () => {
    const outcome = await slowClient(mainUrl, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n', null);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.closedAfterMs).toBeLessThan(1000 + SLACK_MS);
  });
});
