import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { createDatabase } from '../../server/src/db/database';
import { migrateToLatest } from '../../server/src/db/migrator';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

describe('migrations', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of created) await db.drop();
  });

  it('two instances migrating one empty database at once apply each migration exactly once', async () => {
    const target = await createTestDatabase({ migrated: false });
    created.push(target);
    const first = createDatabase(target.url);
    const second = createDatabase(target.url);
    try {
      const [a, b] = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
      const all = Object.keys(migrations);
      // One instance applied everything; the other waited on the lock and found nothing to do.
      expect([a, b].map((applied) => applied.length).sort()).toEqual([0, all.length]);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        target.db,
      );
      expect(rows.map((r) => r.name)).toEqual(all);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('is a no-op on an up-to-date database', async () => {
    const target = await createTestDatabase();
    created.push(target);
    expect(await migrateToLatest(target.db)).toEqual([]);
  });

  it('hashes the secrets of existing invite links to the digest the service looks them up by', async () => {
    const target = await createTestDatabase();
    created.push(target);
    const migration = migrations['20261125031943_invite_link_secret_hash'] as (typeof migrations)[string];
    await migration.down?.(target.db as never);
    const plain = '0123456789abcdef0123456789abcdef';
    await sql`insert into public_signup_tokens (secret, name, expires_at, role_id)
      values (${plain}, 'old', now() + interval '1 day', 3)`.execute(target.db);
    await migration.up(target.db as never);
    const { rows } = await sql<{ secret_hash: string }>`select secret_hash from public_signup_tokens`.execute(
      target.db,
    );
    expect(rows).toEqual([{ secret_hash: createHash('sha256').update(plain).digest('hex') }]);
  });
});
