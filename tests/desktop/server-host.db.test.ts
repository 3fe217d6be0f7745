import { execFile, fork, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nodeForkSpawner } from '../../main/server-host/hosted-process';
import { buildServerEnv } from '../../main/server-host/server-env';
import { createServerHost, type ServerHost } from '../../main/server-host/server-host';
import { freePort } from '../../main/test-support/free-port';
import type { ServerState, ServerStatus } from '../../server/contract';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// The desktop app's server host (main/server-host) driving the real built server, as the
// packaged app does, with child_process.fork (the fallback when there is no utilityProcess;
// Electron itself cannot run here) and the environment main builds for it.

const root = path.resolve(import.meta.dirname, '../..');
// A build of its own, as `npm run build` makes dist/server: the packaging test rebuilds dist/ in
// the same run. Inside node_modules/.cache, so the bundle finds the packages it leaves external.
const buildDir = path.join(root, 'node_modules/.cache/switchyard-server-host/server');
const entryPath = path.join(buildDir, 'main.js');
const run = promisify(execFile);

/** Whether a process exists; a zombie (exited, not yet reaped by init) counts as gone. */
async function alive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return process.platform !== 'linux';
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await alive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function waitForState(host: ServerHost, state: ServerState, timeoutMs = 60_000): Promise<ServerStatus> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${state} within ${timeoutMs} ms`)), timeoutMs);
    const off = host.onStatus((status) => {
      if (status.state !== state) return;
      clearTimeout(timer);
      off();
      resolve(status);
    });
  });
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  // When the tests run as root, the embedded PostgreSQL runs as `postgres` and must reach it.
  await fs.chmod(dir, 0o755);
  return dir;
}

beforeAll(async () => {
  await run(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--outdir', buildDir], {
    cwd: root,
  });
  await fs.access(entryPath);
}, 120_000);

describe('server host with the real server (the dist/server/main.js build)', () => {
  let database: TestDatabase;
  let dataDir: string;
  const hosts: ServerHost[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await tempDir('switchyard-host-real-');
  });
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.stop()));
  });
  afterAll(async () => {
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts it, restarts it after SIGKILL and stops it cleanly', async () => {
    const adminPort = await freePort();
    const sdkPort = await freePort();
    const serverUrl = `http://127.0.0.1:${adminPort}`;
    const sdkUrl = `http://127.0.0.1:${sdkPort}`;
    const env = buildServerEnv({
      inherit: process.env,
      dataDir,
      network: { adminHost: '127.0.0.1', adminPort, sdkEnabled: true, sdkHost: '127.0.0.1', sdkPort },
      databaseUrl: database.url,
    });
    expect(env).toMatchObject({
      ADMIN_LOOPBACK_ONLY: 'true',
      SDK_HOST: '127.0.0.1',
      SDK_PORT: String(sdkPort),
    });
    const host = createServerHost({
      spawn: nodeForkSpawner(fork),
      entryPath,
      env,
      cwd: root,
      serverUrl,
      startTimeoutMs: 60_000,
      healthPollMs: 50,
      backoff: { initialMs: 100, maxMs: 1_000, factor: 2 },
      stopGraceMs: 15_000,
    });
    hosts.push(host);
    const states: ServerState[] = [];
    host.onStatus((status) => states.push(status.state));

    const first = await host.start();
    // On failure, the server's own output says why (CI shows nothing else of the child).
    const serverLog = () =>
      host
        .logs()
        .map((line) => `${line.stream}: ${line.text}`)
        .join('\n');
    expect(first, serverLog()).toMatchObject({ state: 'running', url: serverUrl, restarts: 0 });
    const firstPid = first.pid!;
    expect(firstPid).toBeGreaterThan(0);
    expect(await getJson(`${serverUrl}/health`)).toEqual({ status: 200, body: { health: 'GOOD' } });
    // main's environment reached the real server: the SDK listener is up and serves only SDK paths.
    expect(await getJson(`${sdkUrl}/ready`)).toEqual({ status: 200, body: { health: 'GOOD' } });
    expect(await getJson(`${sdkUrl}/api/admin/projects`)).toMatchObject({
      status: 404,
      body: { name: 'NotFoundError' },
    });

    const crashed = waitForState(host, 'crashed');
    process.kill(firstPid, 'SIGKILL');
    expect((await crashed).lastExit).toMatchObject({ code: null, signal: 'SIGKILL' });
    const second = await waitForState(host, 'running');
    expect(second).toMatchObject({ state: 'running', url: serverUrl, restarts: 1 });
    expect(second.pid).not.toBe(firstPid);
    expect(await alive(firstPid)).toBe(false);
    expect(await getJson(`${serverUrl}/health`)).toEqual({ status: 200, body: { health: 'GOOD' } });
    expect(await getJson(`${sdkUrl}/health`)).toEqual({ status: 200, body: { health: 'GOOD' } });

    await host.stop();
    expect(host.status()).toMatchObject({ state: 'stopped', url: null, pid: null });
    // SIGTERM, then the server's own graceful stop: exit code 0, not the host's SIGKILL.
    expect(host.status().lastExit).toMatchObject({ code: 0, signal: null });
    expect(await alive(second.pid!)).toBe(false);
    await expect(fetch(`${serverUrl}/health`)).rejects.toThrow();
    await expect(fetch(`${sdkUrl}/health`)).rejects.toThrow();
    expect(states).toEqual(['starting', 'running', 'crashed', 'starting', 'running', 'stopped']);

    const texts = host.logs().map((line) => `${line.stream}: ${line.text}`);
    expect(texts.filter((text) => text === `stdout: Switchyard is running at ${serverUrl}`)).toHaveLength(2);
    expect(texts).toContain(`stdout: Switchyard serves the SDK APIs at ${sdkUrl}`);
    expect(texts).toContain('host: The server was killed by SIGKILL; restarting in 100 ms.');
    expect(texts.at(-1)).toBe('host: server stopped (exited with code 0)');
  }, 120_000);
});

describe('a forked server whose parent dies', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir('switchyard-orphan-');
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('stops itself and its embedded PostgreSQL when the IPC channel closes', async () => {
    const port = await freePort();
    // A parent that forks the server the way the host's fallback does (an IPC channel, piped
    // output) and reports the server's pid once it is up; then the parent is killed with SIGKILL.
    const parentScript = `
      const { fork } = require('node:child_process');
      const child = fork(process.env.ENTRY, [], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('Switchyard is running at')) process.stdout.write('server-pid ' + child.pid + '\\n');
      });
      child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    `;
    const parent = spawn(process.execPath, ['-e', parentScript], {
      env: {
        PATH: process.env.PATH ?? '',
        ENTRY: entryPath,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    parent.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const serverPid = await new Promise<number>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /server-pid (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      parent.once('exit', (code) => reject(new Error(`parent exited (${code}): ${stderr}`)));
    });
    const postmaster = Number(
      (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    expect(postmaster).toBeGreaterThan(0);
    expect(await getJson(`http://127.0.0.1:${port}/health`)).toEqual({
      status: 200,
      body: { health: 'GOOD' },
    });

    parent.kill('SIGKILL');
    try {
      expect(await waitUntilGone(serverPid, 30_000)).toBe(true);
      // A graceful stop took PostgreSQL down with it; a crash would have left it running.
      expect(await waitUntilGone(postmaster, 5_000)).toBe(true);
      expect(stderr).toBe('');
    } finally {
      // Never leave an orphan behind when the assertion above fails.
      if (await alive(serverPid)) {
        process.kill(serverPid, 'SIGTERM');
        await waitUntilGone(serverPid, 15_000);
      }
    }
  }, 120_000);
});
