import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { EmptyInListPlugin } from './empty-in-list-plugin';
import type { Database } from './schema';

export type Db = Kysely<Database>;

// bigint (int8) columns such as counts come back as strings by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDatabase(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection (database restarted) must not crash the process;
  // the pool discards it and the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new EmptyInListPlugin()],
  });
  return {
    db,
    pool,
    close: () => db.destroy(),
  };
}
