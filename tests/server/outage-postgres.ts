import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../main/test-support/free-port';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { createLogger } from '../../server/src/lib/logger';

/**
 * A PostgreSQL of the outage test's own (issue 12), which the test stops, freezes and brings
 * back while a server uses it: the embedded binaries, a cluster in a scratch folder, and a
 * postmaster this module runs itself on a fixed port so it comes back where the server expects it.
 */
export interface OutagePostgres {
  connectionString: string;
  /** `pg_ctl stop -m immediate`: SIGQUIT, every backend gone at once. */
  stop(): Promise<void>;
  /** Starts the postmaster again on the same port; resolves when it accepts connections. */
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: connections stay open and nothing answers. */
  freeze(): void;
  resume(): void;
  /** Stops for good and removes the cluster. */
  destroy(): Promise<void>;
}

/** The processes whose parent is `pid` (each PostgreSQL backend is a session leader of its own). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startOutagePostgres(): Promise<OutagePostgres> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchyard-outage-'));
  // Root runs the embedded server as `postgres`, which must reach the folder.
  await fs.chmod(dataDir, 0o755);
  // The embedded module creates the cluster, its password and the database; we then run the
  // postmaster ourselves, on a port that stays the same across restarts.
  const embedded = await startEmbeddedPostgres({ dataDir, logger: createLogger('silent') });
  await embedded.stop();
  const port = await freePort();
  const url = new URL(embedded.connectionString);
  url.port = String(port);
  const pgDir = path.join(dataDir, 'postgres');
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string };
  const user = runAs();
  let postmaster: ChildProcess | undefined;

  async function start(): Promise<void> {
    const child = spawn(
      binaries.postgres,
      ['-D', pgDir, '-p', String(port), '-h', '127.0.0.1', '-c', 'unix_socket_directories='],
      { ...(user ?? {}), stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
    postmaster = child;
    await new Promise<void>((resolve, reject) => {
      let log = '';
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        log += chunk;
        if (log.includes('ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`postgres exited (${code}): ${log.slice(-500)}`)));
    });
  }

  async function stop(): Promise<void> {
    const child = postmaster;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGQUIT');
    await exited;
  }

  function signalAll(signal: NodeJS.Signals, postmasterFirst: boolean): void {
    const pid = postmaster?.pid;
    if (pid === undefined) return;
    // Frozen first, the postmaster cannot fork a backend we would miss; resumed last, likewise.
    if (postmasterFirst) process.kill(pid, signal);
    for (const child of childrenOf(pid)) process.kill(child, signal);
    if (!postmasterFirst) process.kill(pid, signal);
  }

  await start();
  return {
    connectionString: url.toString(),
    stop,
    start,
    freeze: () => signalAll('SIGSTOP', true),
    resume: () => signalAll('SIGCONT', false),
    async destroy() {
      signalAll('SIGCONT', false);
      await stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
