import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { Unleash } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer, stopServer } from '../helpers/spawn-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { startNodeSdk } from './node-sdk';

/**
 * Issue 17, several instances on one PostgreSQL: three real server processes share a database.
 * A change made through one instance's admin API is served by another's client API and reaches
 * a real SDK streaming from that other instance; jobs every instance runs (scheduled change
 * requests, potentially-stale marking) run once in all; a kill -9 of one instance in the middle
 * of writes and due jobs loses nothing acknowledged or scheduled.
 */
const ADMIN = '*:*.multi-instance-admin-token-0123456789abcdef';
const CLIENT = '*:development.multi-instance-client-token-0123456789abcdef';
const P = '/api/admin/projects/default/features';
const STALE_FLAGS = 8;
const SCHEDULED = 12;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

async function admin(base: string, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: { authorization: ADMIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function adminOk(base: string, method: string, url: string, body?: unknown): Promise<void> {
  const response = await admin(base, method, url, body);
  expect(response.status, `${method} ${url}: ${await response.clone().text()}`).toBeLessThan(300);
  await response.arrayBuffer();
}

/** The flags instance `base` serves to the client token, by name: enabled or not. */
async function clientFlags(base: string): Promise<Map<string, boolean>> {
  const response = await fetch(`${base}/api/client/features`, { headers: { authorization: CLIENT } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { features: Array<{ name: string; enabled: boolean }> };
  return new Map(body.features.map((flag) => [flag.name, flag.enabled]));
}

describe('several instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir: string;
  const servers: SpawnedServer[] = [];
  const urls: string[] = [];
  let unleash: Unleash | undefined;

  const eventCount = async (type: string, featureName?: string) => {
    let query = database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('type', '=', type);
    if (featureName) query = query.where('feature_name', '=', featureName);
    return Number((await query.executeTakeFirstOrThrow()).count);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'switchyard-multi-'));
    // Flags long past their type's lifetime before any instance starts: every instance runs the
    // potentially-stale marking as it starts, all three at once.
    await database.db
      .insertInto('features')
      .values(
        Array.from({ length: STALE_FLAGS }, (_, i) => ({
          name: `old-${i}`,
          project: 'default',
          created_at: new Date(Date.now() - 400 * 86_400_000),
        })),
      )
      .execute();
    for (let i = 0; i < 3; i++) {
      servers.push(
        spawnServer({
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          PORT: '0',
          INIT_ADMIN_API_TOKENS: ADMIN,
          INIT_CLIENT_API_TOKENS: CLIENT,
          SCHEDULER_POLL_INTERVAL_MS: '100',
        }),
      );
    }
    urls.push(
      ...(await Promise.all(servers.map((server) => server.ready))).map((url) => url.replace(/\/$/, '')),
    );
  }, 120_000);

  afterAll(async () => {
    unleash?.destroy();
    await Promise.all(servers.map((server) => stopServer(server)));
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds one LISTEN connection per instance', async () => {
    const listening = await until('three LISTEN connections', async () => {
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from pg_stat_activity
        where application_name = 'switchyard-listen' and datname = current_database()`.execute(database.db);
      return rows[0]?.count === 3 ? 3 : undefined;
    });
    expect(listening).toBe(3);
  });

  it('marks each potentially stale flag once, though every instance ran the marking', async () => {
    await until('the flags marked', async () => {
      const marked = await database.db
        .selectFrom('features')
        .select('name')
        .where('potentially_stale', '=', true)
        .execute();
      return marked.length === STALE_FLAGS ? true : undefined;
    });
    expect(await eventCount('feature-potentially-stale-on')).toBe(STALE_FLAGS);
  });

  it('serves a change made through instance A from instance B, and streams it to an SDK on B', async () => {
    const [a, b, c] = urls as [string, string, string];
    await adminOk(a, 'POST', P, { name: 'shared-flag' });
    await adminOk(a, 'POST', `${P}/shared-flag/environments/development/strategies`, { name: 'default' });
    await until('B to serve the new flag', async () =>
      (await clientFlags(b)).has('shared-flag') ? true : undefined,
    );

    const started = await startNodeSdk({
      url: b,
      token: CLIENT,
      appName: 'multi-instance-streaming',
      experimentalMode: { type: 'streaming' },
    });
    unleash = started.unleash;
    const sdk = unleash;
    expect(sdk.isEnabled('shared-flag')).toBe(false);
    // startNodeSdk polls hourly: whatever the SDK learns below came over B's stream.

    for (let round = 0; round < 6; round++) {
      const on = round % 2 === 0;
      // Alternate the writer between A and C; B only ever serves.
      const writer = round % 4 < 2 ? a : c;
      await adminOk(writer, 'POST', `${P}/shared-flag/environments/development/${on ? 'on' : 'off'}`);
      await until(`B's client API to serve round ${round}`, async () =>
        (await clientFlags(b)).get('shared-flag') === on ? true : undefined,
      );
      await until(`the SDK streaming from B to see round ${round}`, async () =>
        sdk.isEnabled('shared-flag') === on ? true : undefined,
      );
    }
  }, 60_000);

  it('loses nothing when one instance is killed in the middle of writes and due scheduled jobs', async () => {
    const [a, b, c] = urls as [string, string, string];
    // Flags that scheduled change requests will turn on, due in a moment: every instance's
    // scheduler races for them while C is killed.
    for (let i = 0; i < SCHEDULED; i++) {
      await adminOk(a, 'POST', P, { name: `scheduled-${i}` });
      await adminOk(a, 'POST', `${P}/scheduled-${i}/environments/development/strategies`, {
        name: 'default',
      });
    }
    const dueAt = new Date(Date.now() + 1500);
    const requestIds: number[] = [];
    for (let i = 0; i < SCHEDULED; i++) {
      const request = await database.db
        .insertInto('change_requests')
        .values({
          project: 'default',
          environment: 'development',
          state: 'Scheduled',
          created_by: 'multi-instance test',
          author_key: 'token:multi-instance',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      requestIds.push(request.id);
      await database.db
        .insertInto('change_request_events')
        .values({
          change_request_id: request.id,
          feature: `scheduled-${i}`,
          action: 'updateEnabled',
          payload: JSON.stringify({ enabled: true }),
          created_by: 'multi-instance test',
        })
        .execute();
      await database.db
        .insertInto('change_request_schedule')
        .values({
          change_request_id: request.id,
          scheduled_at: dueAt,
          created_by: 'multi-instance test',
          created_by_user_id: null,
        })
        .execute();
    }

    // Writes through all three instances at once; C dies (kill -9) after a few of them.
    const acknowledged: string[] = [];
    const writers = [a, b, c];
    let killed = false;
    const writes = Array.from({ length: 60 }, async (_, i) => {
      await sleep(i * 40);
      const name = `burst-${i}`;
      try {
        const response = await admin(writers[i % 3] as string, 'POST', P, { name });
        await response.arrayBuffer();
        if (response.status === 201) acknowledged.push(name);
      } catch {
        // C is gone: the write was never acknowledged (it may or may not have committed).
        expect(killed).toBe(true);
      }
    });
    await sleep(Math.max(0, dueAt.getTime() - Date.now()));
    killed = true;
    servers[2]?.child.kill('SIGKILL');
    await Promise.all(writes);
    expect(await servers[2]?.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    // Every acknowledged write is served by both survivors.
    for (const survivor of [a, b]) {
      await until(`${survivor} to serve every acknowledged flag`, async () => {
        const served = await clientFlags(survivor);
        return acknowledged.every((name) => served.has(name)) ? true : undefined;
      });
    }
    // Every scheduled request applied, exactly once, its flag on as both survivors serve it.
    await until('every scheduled request applied', async () => {
      const applied = await database.db
        .selectFrom('change_requests')
        .select('id')
        .where('id', 'in', requestIds)
        .where('state', '=', 'Applied')
        .execute();
      return applied.length === SCHEDULED ? true : undefined;
    });
    expect(await eventCount('change-request-scheduled-application-success')).toBe(SCHEDULED);
    expect(await eventCount('change-request-applied')).toBe(SCHEDULED);
    for (let i = 0; i < SCHEDULED; i++) {
      expect(await eventCount('feature-environment-enabled', `scheduled-${i}`)).toBe(1);
    }
    for (const survivor of [a, b]) {
      await until(`${survivor} to serve the scheduled flags on`, async () => {
        const served = await clientFlags(survivor);
        return requestIds.every((_, i) => served.get(`scheduled-${i}`) === true) ? true : undefined;
      });
    }
    const left = await database.db
      .selectFrom('change_request_schedule')
      .select('change_request_id')
      .execute();
    expect(left).toEqual([]);
  }, 60_000);
});
