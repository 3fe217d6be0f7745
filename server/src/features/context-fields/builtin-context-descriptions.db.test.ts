import { describe, expect, it } from 'vitest';
import {
  up as describeAsUnleash,
  down as restoreSeededDescriptions,
} from '../../../../migrations/20261128144322_builtin_context_descriptions';
import { createTestDatabase } from '../../../../tests/helpers/test-database';

describe('built-in context field descriptions of an existing database (issue 31 §4)', () => {
  it("replaces the seeded descriptions by Unleash's and keeps one an administrator changed", async () => {
    const database = await createTestDatabase();
    try {
      // The test database is migrated to the latest: step back to the state before this migration.
      await restoreSeededDescriptions(database.db);
      await database.db
        .updateTable('context_fields')
        .set({ description: 'Our deployment stage' })
        .where('name', '=', 'environment')
        .execute();
      await describeAsUnleash(database.db);
      const rows = await database.db
        .selectFrom('context_fields')
        .select(['name', 'description'])
        .where('name', 'in', ['appName', 'currentTime', 'environment', 'sessionId', 'userId'])
        .orderBy('name')
        .execute();
      expect(rows.map((row) => [row.name, row.description])).toEqual([
        ['appName', 'Allows you to constrain on application name'],
        ['currentTime', 'Allows you to constrain on date values'],
        ['environment', 'Our deployment stage'],
        ['sessionId', 'Allows you to constrain on sessionId'],
        ['userId', 'Allows you to constrain on userId'],
      ]);
    } finally {
      await database.drop();
    }
  });
});
