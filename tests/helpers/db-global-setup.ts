import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../server/src/db/database';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { migrateToLatest } from '../../server/src/db/migrator';
import { createLogger } from '../../server/src/lib/logger';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection to a maintenance database, allowed to CREATE DATABASE. */
    adminDatabaseUrl: string;
    /** A migrated database that every test file clones. */
    templateDatabase: string;
  }
}

/**
 * Runs once per `vitest run`: uses DATABASE_URL when set (the PostgreSQL service on our
 * machines and in CI), otherwise starts an embedded PostgreSQL, then migrates a template.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let scratchDir: string | undefined;
  if (!adminUrl) {
    scratchDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchyard-test-pg-'));
    await fs.chmod(scratchDir, 0o755);
    const embedded = await startEmbeddedPostgres({
      dataDir: scratchDir,
      logger: createLogger('warn'),
      databaseName: 'postgres',
    });
    adminUrl = embedded.connectionString;
    stopEmbedded = embedded.stop;
  }

  const template = `sy_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const handle = createDatabase(templateUrl.toString(), { max: 1 });
  await migrateToLatest(handle.db);
  await handle.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    // Clones made by test files that crashed are dropped too.
    const runId = template.replace(/^sy_template_/, '');
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`sy_test_${runId}_%`, template],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await stopEmbedded?.();
    if (scratchDir) await fs.rm(scratchDir, { recursive: true, force: true });
  };
}
