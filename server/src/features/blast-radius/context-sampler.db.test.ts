import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import { createContextSampler } from './context-sampler';

// The store's bound holds across instances: several samplers flushing into one table at once.

describe('context sampler', () => {
  let database: TestDatabase;
  const warnings: unknown[] = [];
  const logger = { warn: (details: object) => warnings.push(details) };
  beforeEach(async () => {
    database = await createTestDatabase();
    warnings.length = 0;
  });
  afterEach(() => database.drop());

  const count = async () =>
    Number(
      (
        await database.db
          .selectFrom('blast_radius_contexts')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('environment', '=', 'production')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps each environment under its bound across instances, deduplicating equal contexts', async () => {
    const instances = [1, 2, 3].map(() =>
      createContextSampler({
        db: database.db,
        logger,
        flushIntervalMs: 60_000,
        maxContextsPerEnvironment: 50,
      }),
    );
    for (let round = 0; round < 4; round += 1) {
      instances.forEach((sampler, n) => {
        for (let i = 0; i < 100; i += 1) sampler.offer('production', { userId: `u-${round}-${n}-${i}` });
        sampler.offer('production', { userId: 'same-everywhere' });
      });
      await Promise.all(instances.map((sampler) => sampler.flush()));
      expect(await count()).toBeLessThanOrEqual(50);
    }
    expect(await count()).toBe(50);
    expect(warnings).toEqual([]);
  });

  it('logs and drops a batch it cannot store, and stores the next one', async () => {
    let failing = true;
    const sampler = createContextSampler({
      db: database.db,
      logger,
      flushIntervalMs: 60_000,
      store: async (db, environment, rows, maxRows) => {
        if (failing) throw new Error('connection refused');
        const { storeSampledContexts } = await import('./blast-radius-store');
        await storeSampledContexts(db, environment, rows, maxRows);
      },
    });
    sampler.offer('production', { userId: 'a' });
    await expect(sampler.flush()).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(await count()).toBe(0);
    failing = false;
    sampler.offer('production', { userId: 'b' });
    await sampler.flush();
    expect(await count()).toBe(1);
  });

  it('deletes contexts older than the retention', async () => {
    await database.db
      .insertInto('blast_radius_contexts')
      .values([
        {
          environment: 'production',
          context_hash: 'old',
          context: '{}',
          last_seen_at: new Date(Date.now() - 9 * 86_400_000),
        },
        { environment: 'production', context_hash: 'new', context: '{}' },
      ])
      .execute();
    const sampler = createContextSampler({ db: database.db, logger, flushIntervalMs: 60_000 });
    await sampler.flush();
    const left = await database.db.selectFrom('blast_radius_contexts').select('context_hash').execute();
    expect(left).toEqual([{ context_hash: 'new' }]);
  });
});
