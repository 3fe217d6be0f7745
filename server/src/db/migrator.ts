import { type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from '../../../migrations';
import type { Db } from './database';

export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(
    readonly migrationName: string,
    cause: unknown,
  ) {
    super(`migration ${migrationName} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/**
 * Brings the schema to the latest migration. Kysely's PostgreSQL adapter takes an advisory
 * lock inside the migration transaction, so instances starting together migrate exactly once:
 * the others wait for the lock, then find nothing left to do.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  const failed = result.results?.find((r) => r.status === 'Error');
  if (result.error || failed) {
    throw new MigrationError(failed?.migrationName ?? 'unknown', result.error ?? 'unknown error');
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
