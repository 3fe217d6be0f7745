import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/spawn-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Ctrl-C in a terminal delivers SIGINT twice (the process group, and again from the parent that
// forwards it): that is still an orderly stop, and no acknowledged metric is lost (issue 12 §5).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CLIENT_TOKEN = '*:development.shutdown-signals-client-0123456789';

describe('headless entry on SIGINT', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insertInto('features').values({ name: 'sigint-flag', project: 'default' }).execute();
  });
  afterAll(() => database.drop());

  function start() {
    return spawnServer({
      DATABASE_URL: database.url,
      DATA_DIR: os.tmpdir(),
      PORT: '0',
      INIT_CLIENT_API_TOKENS: CLIENT_TOKEN,
      // Nothing is written before the stop: only the shutdown flush can store the report.
      METRICS_FLUSH_INTERVAL_SECONDS: '3600',
    });
  }

  async function report(url: string, appName: string, yes: number) {
    const response = await fetch(`${url}/api/client/metrics`, {
      method: 'POST',
      headers: { authorization: CLIENT_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({
        appName,
        bucket: {
          start: new Date().toISOString(),
          stop: new Date().toISOString(),
          toggles: { 'sigint-flag': { yes } },
        },
      }),
    });
    return response;
  }

  it('writes the buffered metrics when SIGINT comes twice in quick succession, and exits 0', async () => {
    const server = start();
    const url = await server.ready;
    const response = await report(url, 'double-sigint', 5);
    // The SDK fast path answers as Unleash does: 202 and nothing else.
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-length')).toBe('0');
    expect(response.headers.get('content-type')).toBeNull();

    // A few milliseconds apart: the kernel merges a signal sent while the same one is pending.
    // A poisoned report through the fast path is refused by the route's validation, as via Fastify.
    const poisoned = await report(url, 'x\u0000', 1);
    expect(poisoned.status).toBe(400);
    expect(await poisoned.json()).toMatchObject({
      name: 'BadDataError',
      details: [{ path: '/body/appName' }],
    });

    server.child.kill('SIGINT');
    await sleep(20);
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const rows = await database.db
      .selectFrom('client_metrics_env')
      .select(['feature_name', 'yes'])
      .where('app_name', '=', 'double-sigint')
      .execute();
    expect(rows).toEqual([{ feature_name: 'sigint-flag', yes: 5 }]);
    expect(server.stderr()).not.toContain('without waiting');
  }, 60_000);

  it('a third signal exits at once, saying so', async () => {
    const server = start();
    const url = await server.ready;
    expect((await report(url, 'triple-sigint', 1)).status).toBe(202);
    // A request still arriving keeps the orderly stop waiting (for up to the grace period).
    const { port } = new URL(url);
    const slow = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.write(
      `POST /api/client/metrics HTTP/1.1\r\nhost: x\r\nauthorization: ${CLIENT_TOKEN}\r\n` +
        'content-type: application/json\r\ncontent-length: 100\r\n\r\n{',
    );
    slow.on('error', () => {});
    await sleep(100);
    for (let i = 0; i < 3; i++) {
      server.child.kill('SIGINT');
      await sleep(50);
    }
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    expect(server.stderr()).toContain('SIGINT received a third time, exiting without waiting');
    slow.destroy();
  }, 60_000);
});
