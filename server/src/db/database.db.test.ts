import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-database';
import { createDatabase, type DatabaseHandle } from './database';
import { isDatabaseUnavailable } from './pg-errors';

const backendPid = async (handle: DatabaseHandle | TestDatabase['db']) => {
  const db = 'db' in handle ? handle.db : handle;
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return rows[0]?.pid as number;
};

describe('the database pool through lost connections and timeouts', () => {
  let database: TestDatabase;
  let admin: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = createDatabase(database.url, { max: 1 });
  });
  afterAll(async () => {
    await admin?.close();
    await database?.drop();
  });

  it('survives a connection lost while checked out between statements, and reconnects', async () => {
    const handle = createDatabase(database.url, { max: 1, timeouts: { queryMs: 2000, connectMs: 2000 } });
    try {
      const unhandled: unknown[] = [];
      const onUncaught = (error: unknown) => unhandled.push(error);
      process.on('uncaughtException', onUncaught);
      const outcome = await handle.db
        .transaction()
        .execute(async (trx) => {
          const pid = await backendPid(trx);
          // The backend dies while this transaction holds its connection and runs no query.
          await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await sql`select 1`.execute(trx);
        })
        .then(
          () => 'committed',
          (error: unknown) => error,
        );
      process.off('uncaughtException', onUncaught);
      expect(unhandled).toEqual([]);
      expect(isDatabaseUnavailable(outcome)).toBe(true);
      // The broken client was discarded: the next query gets a new, working connection.
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });

  it('fails a query past the query timeout and discards its connection instead of queueing behind it', async () => {
    const handle = createDatabase(database.url, { max: 1, timeouts: { queryMs: 300 } });
    try {
      const firstPid = await backendPid(handle);
      const started = Date.now();
      const error = await sql`select pg_sleep(2)`.execute(handle.db).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(Date.now() - started).toBeLessThan(1500);
      expect((error as Error).message).toBe('Query read timeout');
      expect(isDatabaseUnavailable(error)).toBe(true);
      // Answered at once on a new connection, not after the 2 s the old one still owes.
      const next = Date.now();
      expect(await backendPid(handle)).not.toBe(firstPid);
      expect(Date.now() - next).toBeLessThan(1000);
    } finally {
      await handle.close();
    }
  });

  it('lets PostgreSQL cancel a statement past the statement timeout', async () => {
    const handle = createDatabase(database.url, { max: 1, timeouts: { statementMs: 200 } });
    try {
      const error = await sql`select pg_sleep(2)`.execute(handle.db).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect((error as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
