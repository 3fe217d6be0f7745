import fs from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from '../helpers/spawn-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// WORKERS=N (issue 34): one primary forks N processes that share one port. Proven here from the
// outside: the processes exist, every connection (a fresh one per request, so node:cluster deals
// them round robin) sees the same flags, metrics sent across the workers add up without loss after
// an orderly stop, and a worker that dies is replaced.

const ADMIN = '*:*.workers-admin-token-0123456789abcdef';
const CLIENT = '*:development.workers-client-token-0123456789';

/** The pids of the processes whose parent is `pid` (Linux /proc). */
async function childPids(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The fields after the command name (in parentheses, may hold spaces): state, ppid, …
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === pid) children.push(Number(entry));
  }
  return children.sort();
}

/** One request on its own connection, so the cluster may hand it to any worker. */
function request(url: string, init: { method?: string; token: string; body?: unknown }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
    const outgoing = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: {
          authorization: init.token,
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

describe('WORKERS=2: one port served by two processes over one database', () => {
  let database: TestDatabase;
  let server: SpawnedServer;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = spawnServer({
      WORKERS: '2',
      DATABASE_URL: database.url,
      PORT: '0',
      SHUTDOWN_GRACE_SECONDS: '1',
      METRICS_FLUSH_INTERVAL_SECONDS: '3600',
      INIT_ADMIN_API_TOKENS: ADMIN,
      INIT_CLIENT_API_TOKENS: CLIENT,
    });
    url = await server.ready;
    // Three processes starting beside other test files on two cores.
  }, 120_000);
  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await database.drop();
  });

  it('says how many processes serve, and runs them', async () => {
    expect(server.stdout()).toContain(`Switchyard is running at ${url} (2 worker processes)`);
    expect(server.stdout().match(/Switchyard is running at/g)).toHaveLength(1);
    expect(await childPids(server.child.pid!)).toHaveLength(2);
  });

  it('serves a new flag from every worker', async () => {
    const created = await request(`${url}/api/admin/projects/default/features`, {
      method: 'POST',
      token: ADMIN,
      body: { name: 'cluster-flag' },
    });
    expect(created.status).toBe(201);
    // The other worker learns of it through the change notice: within a second at most.
    await expect
      .poll(async () => {
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => request(`${url}/api/client/features`, { token: CLIENT })),
        );
        return answers.map((answer) => answer.body.includes('"cluster-flag"'));
      })
      .toEqual(Array(8).fill(true));
  });

  it('replaces a worker that dies', async () => {
    const [victim] = await childPids(server.child.pid!);
    process.kill(victim!, 'SIGKILL');
    await expect
      .poll(async () => {
        const pids = await childPids(server.child.pid!);
        return pids.length === 2 && !pids.includes(victim!);
      })
      .toBe(true);
    // The replacement serves: every fresh connection gets an answer.
    await expect
      .poll(async () => {
        const answers = await Promise.all(
          Array.from({ length: 6 }, () =>
            request(`${url}/api/client/features`, { token: CLIENT }).catch(() => null),
          ),
        );
        return answers.every((answer) => answer?.status === 200);
      })
      .toBe(true);
  });

  it('adds up the metrics and registrations every worker took, written on an orderly stop', async () => {
    const report = {
      appName: 'cluster-app',
      instanceId: 'i-1',
      bucket: {
        start: new Date(Date.now() - 60_000).toISOString(),
        stop: new Date().toISOString(),
        toggles: { 'cluster-flag': { yes: 3, no: 1 } },
      },
    };
    for (let sent = 0; sent < 20; sent += 1) {
      const answer = await request(`${url}/api/client/metrics`, {
        method: 'POST',
        token: CLIENT,
        body: report,
      });
      expect(answer.status).toBe(202);
      const registration = await request(`${url}/api/client/register`, {
        method: 'POST',
        token: CLIENT,
        body: {
          appName: 'cluster-app',
          instanceId: `i-${sent}`,
          sdkVersion: 'unleash-client-node:6.1.0',
          strategies: ['default'],
          started: new Date().toISOString(),
          interval: 15_000,
        },
      });
      expect(registration.status).toBe(202);
    }

    // Flushes every hour only: what is stored was written by the stop.
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const metrics = await database.pool.query<{ yes: string; no: string }>(
      `select sum(yes) as yes, sum(no) as no from client_metrics_env where feature_name = 'cluster-flag'`,
    );
    expect(metrics.rows.map((row) => [Number(row.yes), Number(row.no)])).toEqual([[60, 20]]);
    const instances = await database.pool.query<{ count: string }>(
      `select count(*) from client_instances where app_name = 'cluster-app'`,
    );
    expect(Number(instances.rows[0]?.count)).toBe(20);
  });
});
