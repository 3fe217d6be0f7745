import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import { createLogger } from '../../lib/logger';
import type { JobKind } from './job-kind';
import { startScheduler } from './scheduler';

interface TestJob {
  id: number;
  fail: boolean;
}

/** A kind over a table of this test: running a job writes one side-effect row, then finishes the job. */
const testKind: JobKind<TestJob> = {
  name: 'test-job',
  async claimDue(trx, limit) {
    const { rows } = await sql<TestJob>`
      select id, fail from test_jobs where status = 'pending' and due_at <= now()
      order by due_at, id limit ${limit} for update skip locked`.execute(trx);
    return rows;
  },
  async run(trx, job) {
    await sql`insert into test_job_effects (job_id) values (${job.id})`.execute(trx);
    // Widens the race window: the other instance claims while this one holds its row.
    await sql`select pg_sleep(0.005)`.execute(trx);
    if (job.fail) throw new Error(`job ${job.id} refused: the flag is archived`);
    await sql`update test_jobs set status = 'done' where id = ${job.id}`.execute(trx);
  },
  async markFailed(trx, job, reason) {
    const { rows } = await sql`
      update test_jobs set status = 'failed', reason = ${reason}
      where id = ${job.id} and status = 'pending' returning id`.execute(trx);
    return rows.length === 1;
  },
  async onFailure(trx, job, reason) {
    await sql`insert into test_job_failures (job_id, reason) values (${job.id}, ${reason})`.execute(trx);
  },
  describe: (job) => ({ id: job.id }),
};

const silent = createLogger('silent');

describe('durable scheduler', () => {
  let database: TestDatabase;
  const extraPools: DatabaseHandle[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table test_jobs (id serial primary key, due_at timestamptz not null,
      fail boolean not null default false, status text not null default 'pending', reason text)`.execute(
      database.db,
    );
    await sql`create table test_job_effects (id serial primary key, job_id integer not null)`.execute(
      database.db,
    );
    await sql`create table test_job_failures (id serial primary key, job_id integer not null, reason text not null)`.execute(
      database.db,
    );
  });
  afterAll(async () => {
    for (const pool of extraPools) await pool.close();
    await database.drop();
  });
  beforeEach(async () => {
    await sql`truncate test_jobs, test_job_effects, test_job_failures restart identity`.execute(database.db);
  });

  /** A second "server": its own pool on the same database. */
  const instanceDb = () => {
    const handle = createDatabase(database.url, { max: 3 });
    extraPools.push(handle);
    return handle.db;
  };

  it('runs each of 50 due rows exactly once while two instances race for them', async () => {
    await sql`insert into test_jobs (due_at) select now() - interval '1 second' from generate_series(1, 50)`.execute(
      database.db,
    );
    // Not due yet: must not run.
    await sql`insert into test_jobs (due_at) values (now() + interval '1 hour')`.execute(database.db);
    const first = startScheduler({ db: instanceDb(), kinds: [testKind], intervalMs: 20, logger: silent });
    const second = startScheduler({ db: instanceDb(), kinds: [testKind], intervalMs: 20, logger: silent });
    try {
      await expect
        .poll(
          async () =>
            (
              await sql<{
                n: number;
              }>`select count(*)::int as n from test_jobs where status = 'done'`.execute(database.db)
            ).rows[0]!.n,
          { timeout: 20_000, interval: 50 },
        )
        .toBe(50);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    const effects = await sql<{ job_id: number; n: number }>`
      select job_id, count(*)::int as n from test_job_effects group by job_id order by job_id`.execute(
      database.db,
    );
    expect(effects.rows).toHaveLength(50);
    expect(effects.rows.every((row) => row.n === 1)).toBe(true);
    expect(effects.rows.map((row) => row.job_id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const pending = await sql<{ id: number }>`select id from test_jobs where status = 'pending'`.execute(
      database.db,
    );
    expect(pending.rows.map((row) => row.id)).toEqual([51]);
  });

  it('runs a row that came due while no instance was running as soon as one starts', async () => {
    await sql`insert into test_jobs (due_at) values (now() - interval '3 days')`.execute(database.db);
    // An hour-long interval: only the wake-up at start can run it within the test.
    const scheduler = startScheduler({
      db: instanceDb(),
      kinds: [testKind],
      intervalMs: 3_600_000,
      logger: silent,
    });
    try {
      await expect
        .poll(
          async () =>
            (await sql<{ status: string }>`select status from test_jobs where id = 1`.execute(database.db))
              .rows[0]!.status,
          { timeout: 10_000, interval: 25 },
        )
        .toBe('done');
    } finally {
      await scheduler.stop();
    }
    const effects = await sql<{ job_id: number }>`select job_id from test_job_effects`.execute(database.db);
    expect(effects.rows).toEqual([{ job_id: 1 }]);
  });

  it('marks a failing job failed with its reason, keeps none of its work and calls onFailure once', async () => {
    await sql`insert into test_jobs (due_at, fail) values (now() - interval '1 minute', true), (now() - interval '1 minute', false)`.execute(
      database.db,
    );
    const scheduler = startScheduler({
      db: instanceDb(),
      kinds: [testKind],
      intervalMs: 3_600_000,
      logger: silent,
    });
    await scheduler.tick();
    // A later tick must not retry the failed row.
    expect(await scheduler.tick()).toBe(0);
    await scheduler.stop();

    const jobs = await sql<{ id: number; status: string; reason: string | null }>`
      select id, status, reason from test_jobs order by id`.execute(database.db);
    expect(jobs.rows).toEqual([
      { id: 1, status: 'failed', reason: 'job 1 refused: the flag is archived' },
      { id: 2, status: 'done', reason: null },
    ]);
    const effects = await sql<{ job_id: number }>`select job_id from test_job_effects`.execute(database.db);
    expect(effects.rows).toEqual([{ job_id: 2 }]);
    const failures = await sql<{ job_id: number; reason: string }>`
      select job_id, reason from test_job_failures`.execute(database.db);
    expect(failures.rows).toEqual([{ job_id: 1, reason: 'job 1 refused: the flag is archived' }]);
  });

  it('runs at most the bounded number of jobs per tick', async () => {
    await sql`insert into test_jobs (due_at) select now() - interval '1 second' from generate_series(1, 7)`.execute(
      database.db,
    );
    const scheduler = startScheduler({
      db: instanceDb(),
      kinds: [testKind],
      intervalMs: 3_600_000,
      logger: silent,
      jobsPerTick: 3,
    });
    // The wake-up tick at start is in flight: tick() joins it instead of overlapping it.
    expect(await scheduler.tick()).toBe(3);
    expect(await scheduler.tick()).toBe(3);
    expect(await scheduler.tick()).toBe(1);
    await scheduler.stop();
  });

  it('stops cleanly: a job in flight finishes, no query runs after stop, and the pool can end', async () => {
    await sql`insert into test_jobs (due_at) select now() - interval '1 second' from generate_series(1, 5)`.execute(
      database.db,
    );
    const handle = createDatabase(database.url, { max: 2 });
    const scheduler = startScheduler({ db: handle.db, kinds: [testKind], intervalMs: 5, logger: silent });
    await scheduler.stop();
    await handle.close();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from test_job_effects`.execute(
      database.db,
    );
    const afterClose = rows[0]!.n;
    // Nothing half-written: every effect belongs to a finished job.
    const done = await sql<{
      n: number;
    }>`select count(*)::int as n from test_jobs where status = 'done'`.execute(database.db);
    expect(done.rows[0]!.n).toBe(afterClose);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = await sql<{ n: number }>`select count(*)::int as n from test_job_effects`.execute(
      database.db,
    );
    expect(later.rows[0]!.n).toBe(afterClose);
    expect(await scheduler.tick()).toBe(0);
  });
  it('leaves flag-changing jobs pending while holdFlagChanges says so, says so once, then runs them', async () => {
    await sql`insert into test_jobs (due_at) values (now() - interval '1 second')`.execute(database.db);
    let hold = true;
    const said: string[] = [];
    const scheduler = startScheduler({
      db: instanceDb(),
      kinds: [{ ...testKind, changesFlags: true }],
      intervalMs: 3_600_000,
      logger: {
        warn: (_fields: unknown, message?: string) => said.push(String(message)),
        error: () => {},
      } as never,
      holdFlagChanges: async () => hold,
    });
    try {
      expect(await scheduler.tick()).toBe(0);
      expect(await scheduler.tick()).toBe(0);
      const status = async () =>
        (await sql<{ status: string }>`select status from test_jobs where id = 1`.execute(database.db))
          .rows[0]!.status;
      expect(await status()).toBe('pending');
      expect(said.filter((message) => message.includes('maintenance mode is on'))).toHaveLength(1);
      hold = false;
      await expect.poll(() => scheduler.tick().then(status), { timeout: 10_000, interval: 25 }).toBe('done');
      expect(said.some((message) => message.includes('maintenance mode is off'))).toBe(true);
    } finally {
      await scheduler.stop();
    }
  });
});
