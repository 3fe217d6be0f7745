import { afterAll, describe, expect, it } from 'vitest';
import { down, up } from '../../../../migrations/20261125072000_feature_lifecycles';
import { createTestDatabase } from '../../../../tests/helpers/test-database';

// The lifecycle migration gives flags that existed before it a sensible stage: initial from their
// creation, pre-live / live from what SDKs had reported, archived for archived flags.
describe('feature_lifecycles backfill', async () => {
  const database = await createTestDatabase();
  const { db } = database;
  afterAll(() => database.drop());

  it('backfills initial, pre-live, live and archived from the flags and their last-seen rows', async () => {
    await down(db);
    const at = (iso: string) => new Date(iso);
    await db
      .insertInto('features')
      .values([
        { name: 'fresh', project: 'default', created_at: at('2026-01-01T00:00:00Z') },
        { name: 'tested', project: 'default', created_at: at('2026-01-02T00:00:00Z') },
        { name: 'shipped', project: 'default', created_at: at('2026-01-03T00:00:00Z') },
        {
          name: 'retired',
          project: 'default',
          created_at: at('2026-01-04T00:00:00Z'),
          archived_at: at('2026-02-01T00:00:00Z'),
        },
      ])
      .execute();
    // On in production: seen there makes it live. Seen in development only is pre-live.
    await db
      .insertInto('feature_environments')
      .values({ feature_name: 'shipped', environment: 'production', enabled: true })
      .execute();
    await db
      .insertInto('feature_last_seen')
      .values([
        { feature_name: 'tested', environment: 'development', last_seen_at: at('2026-01-05T00:00:00Z') },
        { feature_name: 'shipped', environment: 'development', last_seen_at: at('2026-01-06T00:00:00Z') },
        { feature_name: 'shipped', environment: 'production', last_seen_at: at('2026-01-07T00:00:00Z') },
      ])
      .execute();

    await up(db);
    const rows = await db
      .selectFrom('feature_lifecycles')
      .select(['feature', 'stage', 'entered_at'])
      .orderBy('feature')
      .orderBy('entered_at')
      .execute();
    expect(rows.map((row) => [row.feature, row.stage, row.entered_at.toISOString()])).toEqual([
      ['fresh', 'initial', '2026-01-01T00:00:00.000Z'],
      ['retired', 'initial', '2026-01-04T00:00:00.000Z'],
      ['retired', 'archived', '2026-02-01T00:00:00.000Z'],
      ['shipped', 'initial', '2026-01-03T00:00:00.000Z'],
      ['shipped', 'pre-live', '2026-01-06T00:00:00.000Z'],
      ['shipped', 'live', '2026-01-07T00:00:00.000Z'],
      ['tested', 'initial', '2026-01-02T00:00:00.000Z'],
      ['tested', 'pre-live', '2026-01-05T00:00:00.000Z'],
    ]);
  });
});
