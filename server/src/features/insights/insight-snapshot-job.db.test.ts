import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-database';
import { buildApp } from '../../app/build-app';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { createLogger } from '../../lib/logger';
import { utcDay } from './insight-calculations';
import { takeDailySnapshot } from './insight-store';

// Two server instances on one PostgreSQL: the daily snapshot is written once, whichever starts
// first, and concurrent writers of the same day end with one snapshot.
describe('daily insights snapshot across instances', async () => {
  const database = await createTestDatabase();
  const second = createDatabase(database.url);
  afterAll(async () => {
    await second.close();
    await database.drop();
  });

  it('is taken once at start by two instances starting together', async () => {
    await database.db
      .insertInto('projects')
      .values({ id: 'extra', name: 'Extra', description: null, feature_limit: null })
      .execute();
    const config = { ...loadConfig({}), schedulerPollIntervalMs: 3_600_000 };
    const apps = await Promise.all(
      [database.db, second.db].map((db) => buildApp({ config, db, logger: createLogger('silent') })),
    );
    await Promise.all(apps.map((app) => app.ready()));
    const today = utcDay(new Date());
    for (let attempt = 0; attempt < 100; attempt++) {
      const row = await database.db.selectFrom('insight_snapshot_days').select('day').executeTakeFirst();
      if (row) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Closing waits for each instance's tick in flight.
    await Promise.all(apps.map((app) => app.close()));

    const days = await database.db.selectFrom('insight_snapshot_days').select('day').execute();
    expect(days).toHaveLength(1);
    const projects = await database.db
      .selectFrom('insight_project_snapshots')
      .select('project')
      .where('day', '=', today)
      .orderBy('project')
      .execute();
    expect(projects.map((row) => row.project)).toEqual(['default', 'extra']);
  });

  it('lets exactly one of two concurrent transactions write a day', async () => {
    const day = '2026-01-15';
    const results = await Promise.all(
      [database.db, second.db].map((db) =>
        db.transaction().execute((trx) => takeDailySnapshot(trx, day, new Date('2026-01-15T00:05:00Z'))),
      ),
    );
    expect(results.sort()).toEqual([false, true]);
    const rows = await database.db
      .selectFrom('insight_project_snapshots')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(2);
  });
});
