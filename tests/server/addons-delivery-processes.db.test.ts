import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvent } from '../../server/src/features/events';
import { eventually, type LoopbackReceiver, startReceiver } from '../helpers/loopback-receiver';
import { type SpawnedServer, spawnServer, stopServer } from '../helpers/spawn-server';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * Issue 16's durability claims with real server processes on one database: a burst survives a
 * kill -9 mid-delivery, and two instances deliver each event exactly once per integration.
 */
const ADMIN = '*:*.addons-process-admin-token-0123456789';
const BURST = 200;

function serverEnv(database: TestDatabase): Record<string, string> {
  return {
    PORT: '0',
    DATABASE_URL: database.url,
    DATA_DIR: os.tmpdir(),
    INIT_ADMIN_API_TOKENS: ADMIN,
    INTEGRATIONS_POLL_INTERVAL_MS: '100',
    INTEGRATIONS_RETRY_BASE_MS: '100',
  };
}

async function createWebhook(url: string, receiver: LoopbackReceiver): Promise<number> {
  const response = await fetch(`${url}/api/admin/addons`, {
    method: 'POST',
    headers: { authorization: ADMIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      provider: 'webhook',
      enabled: true,
      parameters: { url: receiver.url },
      events: ['feature-updated'],
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A burst of flag changes written straight to the event log, as many writers would. */
async function burst(database: TestDatabase): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < BURST; i++) {
    ids.push(
      await appendEvent(database.db, {
        type: 'feature-updated',
        createdBy: 'burst',
        featureName: `flag-${i}`,
        project: 'default',
      }),
    );
  }
  return ids;
}

function deliveryIds(receiver: LoopbackReceiver): string[] {
  return receiver.requests.map((request) => String(request.headers['switchyard-delivery-id']));
}

function repeats(values: string[]): number {
  return values.length - new Set(values).size;
}

describe('integration delivery across processes', () => {
  let database: TestDatabase;
  const servers: SpawnedServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await database.drop();
  });

  it('loses nothing across a kill -9 in the middle of a burst, and records each event delivered once', async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 5 }));
    try {
      const started = Date.now();
      const first = spawnServer(serverEnv(database));
      servers.push(first);
      const url = await first.ready;
      console.info(`first server ready after ${Date.now() - started} ms`);
      const addonId = await createWebhook(url, receiver);
      const eventIds = await burst(database);
      await receiver.waitFor(BURST / 4, 30_000);
      first.child.kill('SIGKILL');
      await first.exited;
      const seenAtKill = receiver.requests.length;
      expect(seenAtKill).toBeLessThan(BURST);

      const second = spawnServer(serverEnv(database));
      servers.push(second);
      await second.ready;
      const expected = eventIds.map((id) => `${addonId}-${id}`);
      await eventually(async () => new Set(deliveryIds(receiver)).size >= BURST, 60_000);
      expect(new Set(deliveryIds(receiver))).toEqual(new Set(expected));
      // The receiver sees the last event a moment before the server records it.
      const rows = await eventually(async () => {
        const { rows: recorded } = await sql<{ event_id: number; n: number }>`
          select event_id, count(*)::int as n from integration_events
          where integration_id = ${addonId} and state = 'success' group by event_id`.execute(database.db);
        return recorded.length >= BURST ? recorded : undefined;
      }, 10_000);
      expect(rows).toHaveLength(BURST);
      expect(rows.filter((row) => row.n !== 1)).toEqual([]);
      const outbox = await database.db
        .selectFrom('addon_outbox')
        .select('event_id')
        .where('addon_id', '=', addonId)
        .execute();
      expect(outbox).toEqual([]);
      // Only the request in flight at the kill can reach the receiver twice (same Switchyard-Delivery-Id).
      const repeated = repeats(deliveryIds(receiver));
      expect(repeated).toBeLessThanOrEqual(1);
      console.info(
        `kill -9 burst: ${BURST} events, ${seenAtKill} received before the kill, ${receiver.requests.length} requests, ${repeated} repeated delivery id(s), 0 after dedupe`,
      );
      await stopServer(second);
    } finally {
      await receiver.close();
    }
  }, 240_000);

  it('two instances on one database deliver every event exactly once per integration', async () => {
    const receivers = [
      await startReceiver(() => ({ status: 200, delayMs: 2 })),
      await startReceiver(() => ({ status: 200, delayMs: 2 })),
    ];
    try {
      const a = spawnServer(serverEnv(database));
      const b = spawnServer(serverEnv(database));
      servers.push(a, b);
      const started = Date.now();
      const [urlA] = await Promise.all([a.ready, b.ready]);
      console.info(`two servers ready after ${Date.now() - started} ms`);
      const addonIds = [
        await createWebhook(urlA, receivers[0] as LoopbackReceiver),
        await createWebhook(urlA, receivers[1] as LoopbackReceiver),
      ];
      const eventIds = await burst(database);
      for (const [index, receiver] of receivers.entries()) {
        await receiver.waitFor(BURST, 120_000).catch(async (error) => {
          const state =
            await sql`select d.*, (select count(*) from addon_outbox o where o.addon_id = d.addon_id) as queued from addon_deliveries d`.execute(
              database.db,
            );
          console.error(JSON.stringify(state.rows), a.stderr(), b.stderr());
          throw error;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        const ids = deliveryIds(receiver);
        expect(repeats(ids)).toBe(0);
        expect(ids).toEqual(eventIds.map((id) => `${addonIds[index]}-${id}`));
      }
      console.info(
        `two instances: ${2 * BURST} deliveries for ${BURST} events and 2 integrations, 0 duplicates, in event order`,
      );
      await Promise.all([stopServer(a), stopServer(b)]);
    } finally {
      await Promise.all(receivers.map((receiver) => receiver.close()));
    }
  }, 240_000);
});
