import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../../main/test-support/free-port';
import { TEST_SECRETS_KEY } from './secrets-key';

const root = path.resolve(import.meta.dirname, '../..');

export interface SpawnedServer {
  child: ChildProcess;
  /** Resolves with the URL once the server printed it, or rejects when it exits first. */
  ready: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout(): string;
  stderr(): string;
}

/**
 * The command that starts the headless entry: the run's bundle of it (server-bundle-setup.ts) in
 * the projects that build one, otherwise the source through tsx.
 */
function serverCommand(): string[] {
  const bundle = inject('serverBundle');
  return bundle
    ? ['--enable-source-maps', bundle]
    : ['--import', 'tsx', path.join(root, 'server/src/main.ts')];
}

/** Starts the real headless entry (server/src/main.ts) as its own process, as `npm run serve` does. */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      // One process unless a test asks for a cluster: WORKERS defaults to the machine's cores.
      WORKERS: '1',
      SECRETS_ENCRYPTION_KEY: TEST_SECRETS_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const match = /Switchyard is running at (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: string) => {
      err += chunk;
    });
    exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}): ${err.trim()}`)));
  });
  ready.catch(() => {});
  return { child, ready, exited, stdout: () => out, stderr: () => err };
}

/** Asks the process to shut down (SIGTERM) and waits for it; SIGKILL when it has not gone after `graceMs`. */
export async function stopServer(server: SpawnedServer, graceMs = 10_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const forced = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      server.child.kill('SIGKILL');
      resolve();
    }, graceMs);
  });
  await Promise.race([server.exited.then(() => undefined), forced]);
  clearTimeout(timer);
  await server.exited;
}

export interface RestartableServer {
  /** The URL of the first start; every restart listens on the same port. */
  readonly url: string;
  /** The process running now (or the last one, once stopped). */
  current(): SpawnedServer;
  running(): boolean;
  stop(): Promise<void>;
  /** Starts a new process with the same environment (same database and DATA_DIR) on the same port. */
  start(): Promise<void>;
}

/**
 * A headless server that tests can take away and bring back, as an operator restarting it would:
 * every start listens on the same port (`env.PORT`, or one below the ephemeral range, which no
 * outgoing connection can take while the server is down).
 */
export async function startRestartableServer(env: Record<string, string>): Promise<RestartableServer> {
  let server = spawnServer({ PORT: String(await freePort()), ...env });
  const url = await server.ready;
  const port = new URL(url).port;
  let stopped = false;
  return {
    url,
    current: () => server,
    running: () => !stopped,
    async stop() {
      stopped = true;
      await stopServer(server);
    },
    async start() {
      if (!stopped) throw new Error('the server is already running');
      server = spawnServer({ ...env, PORT: port });
      const again = await server.ready;
      if (again !== url) throw new Error(`the server came back at ${again} instead of ${url}`);
      stopped = false;
    },
  };
}
