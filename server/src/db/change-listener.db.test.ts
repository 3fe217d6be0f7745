import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { appendEvent } from '../features/events';
import { createLogger } from '../lib/logger';
import { type ChangeListener, type ChangeNotice, createChangeListener, parseNotice } from './change-listener';
import { inTransaction } from './transaction';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('change listener (LISTEN/NOTIFY on the event log)', () => {
  let database: TestDatabase;
  let listener: ChangeListener;
  const notices: ChangeNotice[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    listener = createChangeListener({
      connectionString: database.url,
      logger: createLogger('silent'),
      backoff: { minMs: 20, maxMs: 100 },
    });
    listener.subscribe((notice) => notices.push(notice));
    listener.start();
    await until('the LISTEN connection', () => (listener.listening ? true : undefined));
  });
  afterAll(async () => {
    await listener.stop();
    await database.drop();
  });

  it('is told the newest event id of each committed statement, and nothing of a rollback', async () => {
    notices.length = 0;
    const id = await appendEvent(database.db, {
      type: 'feature-created',
      createdBy: 'test',
      featureName: 'a',
    });
    const notice = await until('the notice', () => notices.find((n) => n?.eventId === id));
    expect(notice).toEqual({ eventId: id, tokens: false });

    // Two events in one transaction: nothing before the commit.
    notices.length = 0;
    let second = 0;
    await inTransaction(database.db, async (trx) => {
      await appendEvent(trx, { type: 'feature-updated', createdBy: 'test', featureName: 'a' });
      await sleep(100);
      expect(notices).toEqual([]);
      second = await appendEvent(trx, { type: 'api-token-created', createdBy: 'test' });
    });
    // Delivered together at commit, they reach subscribers merged: the newest id, tokens changed.
    await until('the notice of the transaction', () => notices.find((n) => n?.eventId === second));
    expect(notices.at(-1)).toEqual({ eventId: second, tokens: true });

    notices.length = 0;
    await expect(
      inTransaction(database.db, async (trx) => {
        await appendEvent(trx, { type: 'feature-updated', createdBy: 'test', featureName: 'a' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await appendEvent(database.db, { type: 'feature-updated', createdBy: 'test', featureName: 'b' });
    await until('the next notice', () => (notices.length > 0 ? true : undefined));
    // Only the committed statement was notified.
    expect(notices).toHaveLength(1);
  });

  it('tells of a burst of notifications (an import writing thousands of events) once', async () => {
    notices.length = 0;
    let newest = 0;
    await inTransaction(database.db, async (trx) => {
      for (let i = 0; i < 500; i++) {
        newest = await appendEvent(trx, {
          type: 'feature-created',
          createdBy: 'test',
          featureName: `burst-${i}`,
        });
      }
    });
    await until('the burst', () => notices.find((n) => n?.eventId === newest));
    await sleep(50);
    expect(notices.length).toBeLessThan(10);
  });

  it('reconnects after its connection is killed, and says a notice may have been missed', async () => {
    notices.length = 0;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'switchyard-listen' and datname = current_database()`.execute(database.db);
    await until('the reconnection notice', () => (notices.includes(null) ? true : undefined));
    expect(listener.listening).toBe(true);
    const id = await appendEvent(database.db, {
      type: 'feature-updated',
      createdBy: 'test',
      featureName: 'c',
    });
    await until('a notice after reconnecting', () => notices.find((n) => n?.eventId === id));
  });

  it('reads only well-formed payloads', () => {
    expect(parseNotice('42')).toEqual({ eventId: 42, tokens: false });
    expect(parseNotice('42 tokens')).toEqual({ eventId: 42, tokens: true });
    expect(parseNotice('')).toBeNull();
    expect(parseNotice('x')).toBeNull();
    expect(parseNotice(undefined)).toBeNull();
  });
});
