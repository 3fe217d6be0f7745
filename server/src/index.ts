import fs from 'node:fs/promises';
import { buildApp } from './app/build-app';
import { type Config, ConfigError, redactDatabaseUrl } from './config';
import { createDatabase, type DatabaseHandle } from './db/database';
import { type EmbeddedPostgres, type PasswordStore, startEmbeddedPostgres } from './db/embedded-postgres';
import { migrateToLatest } from './db/migrator';
import { assertSupportedPostgres } from './db/postgres-version';
import type { App } from './http/app-type';
import { createLogger, type Logger } from './lib/logger';

export type { Config } from './config';
export { ConfigError, loadConfig } from './config';
export type { PasswordStore } from './db/embedded-postgres';

export interface StartServerOptions {
  config: Config;
  logger?: Logger;
  /** Where the embedded database password is kept; the desktop app passes the OS keychain. */
  passwordStore?: PasswordStore;
}

export interface StartupTimings {
  initdbMs: number | null;
  databaseReadyMs: number;
  migrateMs: number;
  listenMs: number;
}

export interface RunningServer {
  url: string;
  port: number;
  app: App;
  postgresVersion: string;
  embedded: boolean;
  timings: StartupTimings;
  stop(): Promise<void>;
}

export class StartupError extends Error {
  override name = 'StartupError';
}

async function assertWritableDir(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.access(dir, fs.constants.W_OK);
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR ${dir} is not writable: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
}

/**
 * Starts everything in order (database, migrations, HTTP) and, if any step fails, undoes the
 * steps already taken so nothing is left half-initialised.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const started = performance.now();
  const undo: Array<() => Promise<void>> = [];
  const rollback = async () => {
    for (const step of undo.reverse()) await step().catch(() => {});
  };

  try {
    await assertWritableDir(config.dataDir);
    let embedded: EmbeddedPostgres | undefined;
    let connectionString = config.databaseUrl;
    if (!connectionString) {
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        logger,
        ...(options.passwordStore ? { passwordStore: options.passwordStore } : {}),
      });
      undo.push(embedded.stop);
      connectionString = embedded.connectionString;
    }

    const database: DatabaseHandle = createDatabase(connectionString);
    undo.push(database.close);
    let version: string;
    try {
      ({ version } = await assertSupportedPostgres(database.db));
    } catch (error) {
      if ((error as Error).name === 'UnsupportedPostgresError') throw error;
      throw new StartupError(
        `cannot connect to PostgreSQL at ${embedded ? 'the embedded server' : redactDatabaseUrl(connectionString)}: ${(error as Error).message}`,
      );
    }
    const databaseReadyMs = Math.round(performance.now() - started);

    const applied = await migrateToLatest(database.db);
    const migrateMs = Math.round(performance.now() - started) - databaseReadyMs;
    if (applied.length) logger.info({ applied }, 'applied database migrations');

    const app = await buildApp({ config, db: database.db, logger });
    undo.push(() => app.close());
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE')
        throw new StartupError(`port ${config.port} on ${config.host} is already in use`);
      if (code === 'EADDRNOTAVAIL')
        throw new StartupError(`HOST ${config.host} is not an address of this machine`);
      if (code === 'EACCES') throw new StartupError(`not allowed to listen on ${config.host}:${config.port}`);
      throw error;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const displayHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const url = `http://${displayHost.includes(':') ? `[${displayHost}]` : displayHost}:${port}${config.baseUriPath}`;
    const timings: StartupTimings = {
      initdbMs: embedded?.initdbMs ?? null,
      databaseReadyMs,
      migrateMs,
      listenMs: Math.round(performance.now() - started),
    };

    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        // Stop accepting, drain in-flight requests for a grace period, then cut the rest.
        const force = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceSeconds * 1000);
        try {
          await app.close();
        } finally {
          clearTimeout(force);
          await database.close().catch(() => {});
          await embedded?.stop();
        }
      })();
      return stopping;
    };
    return { url, port, app, postgresVersion: version, embedded: Boolean(embedded), timings, stop };
  } catch (error) {
    await rollback();
    throw error;
  }
}
