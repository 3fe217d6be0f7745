import fs from 'node:fs/promises';
import { buildApp } from './app/build-app';
import { type Config, ConfigError, redactDatabaseUrl } from './config';
import { createDatabase, type DatabaseHandle } from './db/database';
import {
  type EmbeddedPostgres,
  fixedPasswordStore,
  type PasswordStore,
  startEmbeddedPostgres,
} from './db/embedded-postgres';
import { migrateToLatest } from './db/migrator';
import { assertSupportedPostgres } from './db/postgres-version';
import type { App } from './http/app-type';
import { createLogger, type Logger } from './lib/logger';
import {
  listenFailure,
  NOTHING_HELD,
  type PortReservation,
  reservePorts,
  StartupError,
} from './port-reservation';
import { resolveSecretsKey } from './secrets-key-source';

export type { Config } from './config';
export { ConfigError, loadConfig } from './config';
export type { PasswordStore } from './db/embedded-postgres';
export { StartupError } from './port-reservation';

export interface StartServerOptions {
  config: Config;
  logger?: Logger;
  /** Where the embedded database password is kept; the desktop app passes the OS keychain. */
  passwordStore?: PasswordStore;
  /** A cluster worker: the primary checked the ports and holds the shared listeners. */
  skipPortReservation?: boolean;
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
  /** The SDK-only listener (SDK_HOST/SDK_PORT), with BASE_URI_PATH; null when not configured. */
  sdkUrl: string | null;
  sdkPort: number | null;
  app: App;
  postgresVersion: string;
  embedded: boolean;
  timings: StartupTimings;
  stop(): Promise<void>;
}

function passwordStoreOf(options: StartServerOptions): { passwordStore?: PasswordStore } {
  if (options.passwordStore) return { passwordStore: options.passwordStore };
  const handedOver = options.config.embeddedDatabasePassword;
  return handedOver ? { passwordStore: fixedPasswordStore(handedOver, 'EMBEDDED_DATABASE_PASSWORD') } : {};
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

function displayUrl(host: string, port: number, baseUriPath: string): string {
  const display = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${display.includes(':') ? `[${display}]` : display}:${port}${baseUriPath}`;
}

/** The database side of a start: PostgreSQL reachable and supported, migrations applied. */
export interface PreparedDatabase {
  connectionString: string;
  /** Set when this process started the embedded PostgreSQL (and must stop it). */
  embedded: EmbeddedPostgres | undefined;
  postgresVersion: string;
  databaseReadyMs: number;
  migrateMs: number;
}

/**
 * Starts the embedded PostgreSQL when no DATABASE_URL is set, checks the server's version and
 * applies the migrations on a connection of their own (they may rightly outlast request
 * timeouts). Each step taken pushes its undo onto `undo`.
 */
export async function prepareDatabase(
  options: StartServerOptions & { embeddedMaxConnections?: number },
  logger: Logger,
  undo: Array<() => Promise<void>>,
): Promise<PreparedDatabase> {
  const { config } = options;
  const started = performance.now();
  let embedded: EmbeddedPostgres | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      logger,
      ...passwordStoreOf(options),
      ...(options.embeddedMaxConnections ? { maxConnections: options.embeddedMaxConnections } : {}),
    });
    undo.push(embedded.stop);
    connectionString = embedded.connectionString;
  }
  const migration: DatabaseHandle = createDatabase(connectionString, { max: 1 });
  try {
    let version: string;
    try {
      ({ version } = await assertSupportedPostgres(migration.db));
    } catch (error) {
      if ((error as Error).name === 'UnsupportedPostgresError') throw error;
      throw new StartupError(
        `cannot connect to PostgreSQL at ${embedded ? 'the embedded server' : redactDatabaseUrl(connectionString)}: ${(error as Error).message}`,
      );
    }
    const databaseReadyMs = Math.round(performance.now() - started);
    const applied = await migrateToLatest(migration.db);
    if (applied.length) logger.info({ applied }, 'applied database migrations');
    const migrateMs = Math.round(performance.now() - started) - databaseReadyMs;
    return { connectionString, embedded, postgresVersion: version, databaseReadyMs, migrateMs };
  } finally {
    await migration.close();
  }
}

/** Checks DATA_DIR and holds the ports (see reservePorts) before anything is created. */
export async function checkDataDirAndReservePorts(config: Config) {
  await assertWritableDir(config.dataDir);
  return reservePorts(config);
}

/** The main listener: ready first (this creates the first admin) while the port is still held, then the hand-over. */
async function listenMain(
  app: App,
  held: PortReservation,
  config: Config,
): Promise<{ port: number; url: string }> {
  try {
    await app.ready();
    await held.release();
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    throw listenFailure(error, config.host, config.port, 'HOST');
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return { port, url: displayUrl(config.host, port, config.baseUriPath) };
}

/** The SDK-only listener (SDK_HOST/SDK_PORT) when configured. */
async function listenSdk(
  app: App,
  held: PortReservation,
  config: Config,
): Promise<{ sdkUrl: string | null; sdkPort: number | null }> {
  if (!config.sdkListener) return { sdkUrl: null, sdkPort: null };
  const { host, port: wanted } = config.sdkListener;
  let sdkPort: number;
  try {
    await held.release();
    ({ port: sdkPort } = await app.sdkListener.listen({ host, port: wanted }));
  } catch (error) {
    throw listenFailure(error, host, wanted, 'SDK_HOST');
  }
  return { sdkUrl: displayUrl(host, sdkPort, config.baseUriPath), sdkPort };
}

/** A stop that runs once however often it is called: stop accepting, drain for a grace period, then cut the rest. */
function stopOnce(
  app: App,
  database: DatabaseHandle,
  embedded: EmbeddedPostgres | undefined,
  shutdownGraceSeconds: number,
): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      const force = setTimeout(() => {
        app.server.closeAllConnections();
        app.sdkListener.closeAllConnections();
      }, shutdownGraceSeconds * 1000);
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
}

/**
 * Starts everything in order (database, migrations, HTTP) and, if any step fails, undoes the
 * steps already taken so nothing is left half-initialised.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(options.config.logLevel);
  const started = performance.now();
  const undo: Array<() => Promise<void>> = [];
  const rollback = async () => {
    for (const step of undo.reverse()) await step().catch(() => {});
  };

  try {
    // A cluster worker's ports were checked by the primary, which serves them to all workers.
    const ports = options.skipPortReservation
      ? { main: NOTHING_HELD, sdk: NOTHING_HELD }
      : await checkDataDirAndReservePorts(options.config);
    undo.push(ports.main.release, ports.sdk.release);
    const config: Config = {
      ...options.config,
      secretsKey: await resolveSecretsKey(options.config, logger, { warn: !options.skipPortReservation }),
    };
    const prepared = await prepareDatabase({ ...options, config }, logger, undo);
    const { connectionString, embedded, databaseReadyMs, migrateMs } = prepared;
    const version = prepared.postgresVersion;
    const database: DatabaseHandle = createDatabase(connectionString, { timeouts: config.databaseTimeouts });
    undo.push(database.close);

    const app = await buildApp({ config, db: database.db, logger, databaseUrl: connectionString });
    undo.push(() => app.close());
    const { port, url } = await listenMain(app, ports.main, config);
    // The SDK listener shares the app (routes, state) and closes with it, so app.close() in the
    // rollback above and in stop() below closes both listeners.
    const { sdkUrl, sdkPort } = await listenSdk(app, ports.sdk, config);
    const timings: StartupTimings = {
      initdbMs: embedded?.initdbMs ?? null,
      databaseReadyMs,
      migrateMs,
      listenMs: Math.round(performance.now() - started),
    };

    const stop = stopOnce(app, database, embedded, config.shutdownGraceSeconds);
    return {
      url,
      port,
      sdkUrl,
      sdkPort,
      app,
      postgresVersion: version,
      embedded: Boolean(embedded),
      timings,
      stop,
    };
  } catch (error) {
    await rollback();
    throw error;
  }
}
