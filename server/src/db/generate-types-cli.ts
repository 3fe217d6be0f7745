import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { createDatabase } from './database';
import { migrateToLatest } from './migrator';
import { GENERATED_SCHEMA_PATH, generateSchemaTypes } from './schema-codegen';

/**
 * `npm run db:types`: migrates a scratch database on ADMIN_DATABASE_URL (default: the local
 * PostgreSQL as postgres), writes its table types to schema.generated.ts, drops the scratch
 * database. The db-types test fails when the checked-in file and the migrations disagree.
 */
async function run(): Promise<void> {
  const adminUrl = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `sy_types_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = createDatabase(url.toString(), { max: 1 });
    try {
      await migrateToLatest(database.db);
      await writeFile(GENERATED_SCHEMA_PATH, await generateSchemaTypes(database.db));
      process.stdout.write(`wrote ${GENERATED_SCHEMA_PATH}\n`);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`switchyard: ${(error as Error).message}\n`);
  process.exit(1);
});
