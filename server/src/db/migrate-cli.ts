import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../lib/logger';
import { createDatabase } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import { migrateToLatest } from './migrator';
import { assertSupportedPostgres } from './postgres-version';

/** `npm run db:migrate`: migrates DATABASE_URL, or the embedded database under DATA_DIR. */
async function run(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
  const database = createDatabase(config.databaseUrl ?? embedded!.connectionString, { max: 1 });
  try {
    await assertSupportedPostgres(database.db);
    const applied = await migrateToLatest(database.db);
    process.stdout.write(
      applied.length ? `applied: ${applied.join(', ')}\n` : 'the database is up to date\n',
    );
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`switchyard: ${(error as Error).message}\n`);
  process.exit(error instanceof ConfigError ? 78 : 1);
});
