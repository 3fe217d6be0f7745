import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
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

/**
 * Bounds on every wait for PostgreSQL (issue 12): a stopped or frozen database must turn into
 * a fast error, never a request that hangs. Unset fields mean no bound (tests, migrations).
 */
export interface DatabaseTimeouts {
  /** Waiting for a pooled connection, including opening a new one (pg's connectionTimeoutMillis). */
  connectMs?: number;
  /** Client side: a query without an answer after this long fails (what catches a frozen server). */
  queryMs?: number;
  /** Server side: PostgreSQL cancels a statement running longer (statement_timeout). */
  statementMs?: number;
  /** Server side: a session idle inside a transaction this long is ended. */
  idleInTransactionMs?: number;
}

export function createDatabase(
  connectionString: string,
  options: { max?: number; timeouts?: DatabaseTimeouts } = {},
): DatabaseHandle {
  const timeouts = options.timeouts ?? {};
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // A half-open connection (peer gone without a FIN) is noticed by the kernel, not never.
    keepAlive: true,
    ...(timeouts.connectMs ? { connectionTimeoutMillis: timeouts.connectMs } : {}),
    ...(timeouts.queryMs ? { query_timeout: timeouts.queryMs } : {}),
    ...(timeouts.statementMs ? { statement_timeout: timeouts.statementMs } : {}),
    ...(timeouts.idleInTransactionMs
      ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionMs }
      : {}),
  });
  // An idle client losing its connection (database restarted) must not crash the process;
  // the pool discards it and the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: discardingBrokenClients(pool) }),
    plugins: [new EmptyInListPlugin()],
  });
  return {
    db,
    pool,
    close: () => db.destroy(),
  };
}

/** Errors after which a connection cannot be trusted: it may still owe the answer to a lost query. */
function breaksConnection(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  const code = (error as { code?: unknown } | null)?.code;
  return (
    message === 'Query read timeout' ||
    message.includes('Connection terminated') ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === '57P01' // admin_shutdown: the server is stopping
  );
}

/**
 * The pool as kysely sees it, except that a client whose query timed out or lost its
 * connection is destroyed on release instead of going back to the pool (pg keeps such a client
 * waiting for the lost answer, so after a freeze every later query on it would queue behind),
 * and that a checked-out client losing its connection cannot crash the process.
 */
function discardingBrokenClients(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken = false;
      // pg-pool listens for errors only on idle clients: a connection lost while checked out
      // between two statements (inside a transaction) would emit an unhandled 'error' and end
      // the process, which the outage test saw when PostgreSQL stopped.
      const onLostConnection = () => {
        broken = true;
      };
      client.on('error', onLostConnection);
      const query = ((...args: Parameters<pg.PoolClient['query']>) => {
        const result = (client.query as (...a: unknown[]) => unknown)(...args);
        if (result instanceof Promise) {
          return result.catch((error: unknown) => {
            if (breaksConnection(error)) broken = true;
            throw error;
          });
        }
        return result;
      }) as PostgresPoolClient['query'];
      return {
        query,
        release: () => {
          client.removeListener('error', onLostConnection);
          client.release(broken ? true : undefined);
        },
      };
    },
    end: () => pool.end(),
  };
}
