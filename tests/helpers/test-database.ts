import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/src/db/database';
// Brings the `inject()` keys declared by the global setup into programs that only see this file
// (the server type check compiles the *.db.test.ts files under server/src).
import type {} from './db-global-setup';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  name: string;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function urlFor(database: string): string {
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh, fully migrated database cloned from the template (fast: a file copy in PostgreSQL). */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  // Clones carry their run's template id, so a run's teardown drops only its own databases.
  const runId = inject('templateDatabase').replace(/^sy_template_/, '');
  const name = `sy_test_${runId}_${randomBytes(6).toString('hex')}`;
  const template = options.migrated === false ? 'template0' : inject('templateDatabase');
  await withAdmin(async (client) => {
    await client.query(`create database ${name} template ${template}`);
    // A commit here need not wait for its WAL to reach the disk (5 ms → 0.5 ms per commit on this
    // machine): nothing that uses these databases survives a PostgreSQL crash, and the outage
    // tests that kill PostgreSQL run a cluster of their own.
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  const url = urlFor(name);
  const handle = createDatabase(url);
  return {
    ...handle,
    url,
    name,
    drop: async () => {
      await handle.close();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
