import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerState, ServerStatus } from '../../server/contract';
import { freePort } from '../test-support/free-port';
import { type HostedProcess, nodeForkSpawner, type ProcessExit } from './hosted-process';
import { backoffDelay, createServerHost, type ServerHost, type ServerHostOptions } from './server-host';

function waitForState(host: ServerHost, state: ServerState, timeoutMs = 10_000): Promise<ServerStatus> {
  if (host.status().state === state) return Promise.resolve(host.status());
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

describe('server host with real child processes', () => {
  let dir: string;
  // Serves /health like dist/server/main.js and misbehaves on request (FAKE_MODE).
  const entryPath = fileURLToPath(new URL('../test-support/fake-server.mjs', import.meta.url));
  const hosts: ServerHost[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'switchyard-host-'));
  });

  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.stop()));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function makeHost(mode: string, overrides: Partial<ServerHostOptions> = {}, dataDir = dir) {
    const port = await freePort();
    const serverUrl = `http://127.0.0.1:${port}`;
    const host = createServerHost({
      spawn: nodeForkSpawner(fork),
      entryPath,
      env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir, FAKE_MODE: mode },
      serverUrl,
      startTimeoutMs: 10_000,
      healthPollMs: 25,
      backoff: { initialMs: 20, maxMs: 100, factor: 2 },
      stopGraceMs: 3_000,
      ...overrides,
    });
    const states: ServerState[] = [];
    host.onStatus((status) => states.push(status.state));
    hosts.push(host);
    return { host, states, serverUrl };
  }

  it('starts, waits for /health, collects logs and stops with SIGTERM', async () => {
    const { host, states, serverUrl } = await makeHost('healthy');
    const status = await host.start();
    expect(status.state).toBe('running');
    expect(status.url).toBe(serverUrl);
    expect(status.pid).toBeGreaterThan(0);
    const health = await fetch(`${serverUrl}/health`);
    expect(await health.json()).toEqual({ health: 'GOOD' });

    await host.stop();
    expect(host.status().state).toBe('stopped');
    expect(host.status().lastExit).toMatchObject({ code: 0, signal: null });
    expect(states).toEqual(['starting', 'running', 'stopped']);

    const lines = host.logs();
    const texts = lines.map((line) => `${line.stream}: ${line.text}`);
    expect(texts).toContain('stdout: fake server starting in healthy mode');
    expect(texts).toContain('stderr: warning: this is a fake');
    expect(texts).toContain('stdout: received SIGTERM, closing');
    expect(texts).toContain(`host: server is healthy at ${serverUrl}`);
    expect(texts.find((text) => text.includes('listening on'))).toContain('default:development.[redacted]');
    expect(lines.map((line) => line.seq)).toEqual(lines.map((_, index) => index + 1));
    expect(host.logs({ limit: 2 }).map((line) => line.seq)).toEqual([lines.length - 1, lines.length]);
    expect(host.logs({ afterSeq: lines.length - 1 })).toEqual([lines[lines.length - 1]]);
  });

  it('restarts a server that crashes', async () => {
    const { host, states, serverUrl } = await makeHost('healthy');
    await host.start();
    const crashed = waitForState(host, 'crashed');
    await fetch(`${serverUrl}/crash`);
    const crashStatus = await crashed;
    expect(crashStatus.lastExit).toMatchObject({ code: 3, signal: null });
    expect(crashStatus.message).toBe('The server exited with code 3; restarting in 20 ms.');
    const running = await waitForState(host, 'running');
    expect(running.restarts).toBe(1);
    expect(states).toEqual(['starting', 'running', 'crashed', 'starting', 'running']);
  });

  it('kills a server that ignores SIGTERM after the grace period', async () => {
    const { host } = await makeHost('ignore-sigterm', { stopGraceMs: 300 });
    await host.start();
    const started = Date.now();
    await host.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(host.status()).toMatchObject({ state: 'stopped', lastExit: { code: null, signal: 'SIGKILL' } });
    expect(host.logs().map((line) => line.text)).toContain('ignoring SIGTERM');
  });

  it('gives up after repeated quick crashes', async () => {
    const { host, states } = await makeHost('exit-at-once', { maxQuickCrashes: 3 });
    const status = await host.start();
    expect(status.state).toBe('failed');
    expect(status.restarts).toBe(2);
    expect(status.message).toBe('The server exited with code 7; gave up after 3 quick crashes in a row.');
    expect(states).toEqual(['starting', 'crashed', 'starting', 'crashed', 'starting', 'failed']);
  });

  it('recovers when only the first run crashes', async () => {
    const runDir = await mkdtemp(join(dir, 'first-run-'));
    const { host, states } = await makeHost('crash-first-run', {}, runDir);
    const status = await host.start();
    expect(status).toMatchObject({ state: 'running', restarts: 1, lastExit: { code: 2, signal: null } });
    expect(states).toEqual(['starting', 'crashed', 'starting', 'running']);
  });

  it('stops a server that never reports healthy and counts it as a crash', async () => {
    const { host } = await makeHost('never-healthy', { startTimeoutMs: 300, maxQuickCrashes: 1 });
    const status = await host.start();
    expect(status.state).toBe('failed');
    expect(status.message).toMatch(
      /^The server did not report healthy at http:\/\/127\.0\.0\.1:\d+\/health within 300 ms; gave up after 1 quick crash\.$/,
    );
    // Stopped by the host's SIGTERM: the fake exits 0 from its handler, or, when a loaded machine
    // has not yet run that far in 300 ms, ends by the signal itself.
    const stoppedByHost = status.lastExit?.code === 0 || status.lastExit?.signal === 'SIGTERM';
    expect(stoppedByHost, JSON.stringify(status.lastExit)).toBe(true);
  });

  it('refuses to start while another server answers on the port', async () => {
    const port = await freePort();
    const squatter = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"health":"GOOD"}');
    });
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const spawned: string[] = [];
      const spawnNode = nodeForkSpawner(fork);
      const host = createServerHost({
        spawn: (request) => {
          spawned.push(request.entryPath);
          return spawnNode(request);
        },
        entryPath,
        env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dir, FAKE_MODE: 'healthy' },
        serverUrl: `http://127.0.0.1:${port}`,
        maxQuickCrashes: 1,
      });
      hosts.push(host);
      const status = await host.start();
      expect(status).toMatchObject({
        state: 'failed',
        message: `The server could not start: another server already answers at http://127.0.0.1:${port}/health; gave up after 1 quick crash.`,
      });
      expect(spawned).toEqual([]);
    } finally {
      squatter.closeAllConnections();
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('reports an entry that does not exist as a crash', async () => {
    const port = await freePort();
    const host = createServerHost({
      spawn: nodeForkSpawner(fork),
      entryPath: join(dir, 'missing.mjs'),
      env: { PATH: process.env.PATH ?? '', PORT: String(port) },
      serverUrl: `http://127.0.0.1:${port}`,
      maxQuickCrashes: 1,
    });
    hosts.push(host);
    const status = await host.start();
    expect(status).toMatchObject({ state: 'failed', lastExit: { code: 1, signal: null } });
    expect(
      host.logs().some((line) => line.stream === 'stderr' && line.text.includes('Cannot find module')),
    ).toBe(true);
  });
});

class FakeProcess implements HostedProcess {
  readonly pid = 4321;
  alive = true;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly kills: string[] = [];
  private listeners: Array<(exit: ProcessExit) => void> = [];

  constructor(
    private readonly behaviour: {
      exitAfterMs?: number;
      exitCode?: number;
      obeys: Array<'SIGTERM' | 'SIGKILL'>;
    },
  ) {
    if (behaviour.exitAfterMs !== undefined) {
      setTimeout(() => this.exit({ code: behaviour.exitCode ?? 1, signal: null }), behaviour.exitAfterMs);
    }
  }

  onExit(listener: (exit: ProcessExit) => void): void {
    this.listeners.push(listener);
  }

  kill(signal: 'SIGTERM' | 'SIGKILL'): void {
    this.kills.push(signal);
    if (this.behaviour.obeys.includes(signal)) setTimeout(() => this.exit({ code: null, signal }), 5);
  }

  private exit(exit: ProcessExit): void {
    this.alive = false;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener(exit);
  }
}

describe('server host timing (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const unhealthy = async () => ({ ok: false, json: async () => ({ health: 'BAD' }) });

  async function stopNow(host: ServerHost): Promise<void> {
    const stopped = host.stop();
    await vi.advanceTimersByTimeAsync(50);
    await stopped;
  }

  function fakeHost(
    makeProcess: () => FakeProcess,
    overrides: Partial<ServerHostOptions> = {},
  ): { host: ServerHost; spawnedAt: number[]; processes: FakeProcess[] } {
    const spawnedAt: number[] = [];
    const processes: FakeProcess[] = [];
    // Healthy while the newest process lives, like a server answering on its own port.
    const healthy = async () => {
      const up = processes.at(-1)?.alive === true;
      return { ok: up, json: async () => ({ health: up ? 'GOOD' : 'BAD' }) };
    };
    const host = createServerHost({
      spawn: () => {
        spawnedAt.push(Date.now());
        const proc = makeProcess();
        processes.push(proc);
        return proc;
      },
      entryPath: '/app/dist/server/main.js',
      env: {},
      serverUrl: 'http://127.0.0.1:4242',
      fetch: healthy,
      backoff: { initialMs: 100, maxMs: 300, factor: 2 },
      quickCrashWindowMs: 1_000,
      maxQuickCrashes: 5,
      ...overrides,
    });
    return { host, spawnedAt, processes };
  }

  it('backs off exponentially up to the cap, then gives up', async () => {
    const { host, spawnedAt } = fakeHost(() => new FakeProcess({ exitAfterMs: 5, obeys: ['SIGTERM'] }), {
      fetch: unhealthy,
    });
    const settled = host.start();
    await vi.advanceTimersByTimeAsync(5_000);
    const status = await settled;
    // Exits 5 ms after each spawn; waits of 100, 200, 300 (capped), 300.
    expect(spawnedAt).toEqual([0, 105, 310, 615, 920]);
    expect(status).toMatchObject({ state: 'failed', restarts: 4 });
  });

  it('resets the backoff after a run that outlived the quick-crash window', async () => {
    const { host, spawnedAt } = fakeHost(() => new FakeProcess({ exitAfterMs: 2_000, obeys: ['SIGTERM'] }), {
      maxQuickCrashes: 2,
    });
    void host.start();
    await vi.advanceTimersByTimeAsync(10_500);
    expect(spawnedAt).toEqual([0, 2_100, 4_200, 6_300, 8_400, 10_500]);
    expect(host.status()).toMatchObject({ state: 'running', restarts: 5 });
    await stopNow(host);
    expect(host.status().state).toBe('stopped');
  });

  it('sends SIGKILL only after the grace period', async () => {
    const { host, processes } = fakeHost(() => new FakeProcess({ obeys: ['SIGKILL'] }), {
      stopGraceMs: 1_000,
    });
    const started = host.start();
    await vi.advanceTimersByTimeAsync(0);
    expect((await started).state).toBe('running');
    const stopped = host.stop();
    await vi.advanceTimersByTimeAsync(999);
    expect(processes[0]?.kills).toEqual(['SIGTERM']);
    await vi.advanceTimersByTimeAsync(10);
    await stopped;
    expect(processes[0]?.kills).toEqual(['SIGTERM', 'SIGKILL']);
    expect(host.status()).toMatchObject({ state: 'stopped', lastExit: { signal: 'SIGKILL' } });
  });

  it('reports stopped even when the process survives SIGKILL', async () => {
    const { host } = fakeHost(() => new FakeProcess({ obeys: [] }), { stopGraceMs: 100, killWaitMs: 100 });
    const started = host.start();
    await vi.advanceTimersByTimeAsync(0);
    await started;
    const stopped = host.stop();
    await vi.advanceTimersByTimeAsync(300);
    await stopped;
    expect(host.status().state).toBe('stopped');
    expect(host.logs().map((line) => line.text)).toContain('server process 4321 did not exit after SIGKILL');
  });

  it('cancels a pending restart on stop', async () => {
    const { host, spawnedAt } = fakeHost(() => new FakeProcess({ exitAfterMs: 5, obeys: ['SIGTERM'] }));
    void host.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(host.status().state).toBe('crashed');
    await host.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(spawnedAt).toEqual([0]);
    expect(host.status().state).toBe('stopped');
  });

  it('restart() stops and starts without counting a crash', async () => {
    const { host, spawnedAt } = fakeHost(() => new FakeProcess({ obeys: ['SIGTERM'] }));
    const started = host.start();
    await vi.advanceTimersByTimeAsync(0);
    await started;
    const restarted = host.restart();
    await vi.advanceTimersByTimeAsync(50);
    expect(await restarted).toMatchObject({ state: 'running', restarts: 0 });
    expect(spawnedAt).toHaveLength(2);
    await stopNow(host);
  });

  it('splits, clips and keeps log lines', async () => {
    const { host, processes } = fakeHost(() => new FakeProcess({ obeys: ['SIGTERM'] }), {
      logCapacity: 4,
      maxLineLength: 10,
    });
    const started = host.start();
    await vi.advanceTimersByTimeAsync(0);
    await started;
    const seen: string[] = [];
    host.onLog((line) => seen.push(line.text));
    processes[0]?.stdout.write('one\r\ntw');
    processes[0]?.stdout.write('o\n\nthree-is-long\nfour');
    processes[0]?.stdout.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['one', 'two', 'three-is-l…', 'four']);
    expect(host.logs().map((line) => line.text)).toEqual(['one', 'two', 'three-is-l…', 'four']);
  });
});

describe('backoffDelay', () => {
  it('grows by the factor and stops at the cap', () => {
    const policy = { initialMs: 500, maxMs: 4_000, factor: 2 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, policy))).toEqual([
      500, 1_000, 2_000, 4_000, 4_000, 4_000,
    ]);
  });
});
