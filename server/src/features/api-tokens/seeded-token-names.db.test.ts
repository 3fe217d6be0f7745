import { describe, expect, it } from 'vitest';
import { up as renameSeededTokens } from '../../../../migrations/20261128144000_seeded_token_names';
import { createTestDatabase } from '../../../../tests/helpers/test-database';

describe('seeded tokens named before issue 31', () => {
  it('renames the init-<type> tokens of an existing database "admin", and no other token', async () => {
    const database = await createTestDatabase();
    try {
      const row = (name: string, seeded: boolean, hash: string) => ({
        secret_hash: hash,
        prefix: `*:*.${hash}`,
        token_name: name,
        type: 'admin' as const,
        environment: '*',
        seeded,
      });
      await database.db
        .insertInto('api_tokens')
        .values([
          row('init-admin', true, 'h1'),
          row('init-client', true, 'h2'),
          row('init-admin', false, 'h3'),
        ])
        .execute();
      await renameSeededTokens(database.db);
      const names = await database.db
        .selectFrom('api_tokens')
        .select(['secret_hash', 'token_name'])
        .orderBy('secret_hash')
        .execute();
      expect(names.map((r) => [r.secret_hash, r.token_name])).toEqual([
        ['h1', 'admin'],
        ['h2', 'admin'],
        ['h3', 'init-admin'],
      ]);
    } finally {
      await database.drop();
    }
  });
});
