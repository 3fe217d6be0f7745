import type { ServerLogLine, ServerLogsRequest, ServerStatus } from '../../server/contract';
import type { HostedProcess, ProcessExit, SpawnServerProcess } from './hosted-process';
import { RingBuffer } from './log-ring-buffer';
import { redactLogLine } from './redact-log-line';

export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  factor: number;
}

export interface ServerHostOptions {
  spawn: SpawnServerProcess;
  /** The server's headless entry, dist/server/main.js. */
  entryPath: string;
  env: Record<string, string>;
  cwd?: string;
  /** Base URL of the admin listener as main reaches it, e.g. http://127.0.0.1:4242. */
  serverUrl: string;
  /** Defaults to `${serverUrl}/health`. */
  healthUrl?: string;
  fetch?: (url: string, init: { signal: AbortSignal }) => Promise<Pick<Response, 'ok' | 'json'>>;
  /** First start runs initdb and migrations, which can take a while on slow disks. */
  startTimeoutMs?: number;
  healthPollMs?: number;
  healthRequestTimeoutMs?: number;
  backoff?: BackoffPolicy;
  /** An exit within this time of spawning counts as a quick crash. */
  quickCrashWindowMs?: number;
  /** Give up after this many quick crashes in a row. */
  maxQuickCrashes?: number;
  /** Time between SIGTERM and SIGKILL; the server closes PostgreSQL in between. */
  stopGraceMs?: number;
  /** How long to wait for the exit after SIGKILL before reporting the process as lost. */
  killWaitMs?: number;
  logCapacity?: number;
  maxLineLength?: number;
  now?: () => number;
}

export interface ServerHost {
  /** Starts the server; resolves once it is running, has given up or was stopped. */
  start(): Promise<ServerStatus>;
  /** SIGTERM, then SIGKILL after the grace period; resolves once the process is gone. */
  stop(): Promise<void>;
  restart(): Promise<ServerStatus>;
  status(): ServerStatus;
  logs(request?: ServerLogsRequest): ServerLogLine[];
  onStatus(listener: (status: ServerStatus) => void): () => void;
  onLog(listener: (line: ServerLogLine) => void): () => void;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 1_000, maxMs: 30_000, factor: 2 };

/** Delay before restart number `attempt` (1-based) of a run of quick crashes. */
export function backoffDelay(attempt: number, policy: BackoffPolicy): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(policy.maxMs, Math.round(policy.initialMs * policy.factor ** exponent));
}

interface Launch {
  readonly proc: HostedProcess;
  readonly spawnedAt: number;
  readonly exited: Promise<ProcessExit>;
  hasExited: boolean;
  /** Set by stop(); a start() that arrives meanwhile relaunches without counting a crash. */
  stopRequested: boolean;
  /** Why main ended this process itself, reported instead of a bare exit code. */
  reason: string | null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function describeExit(exit: ProcessExit): string {
  if (exit.signal !== null) return `was killed by ${exit.signal}`;
  if (exit.code === null) return 'could not be started';
  return `exited with code ${exit.code}`;
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

export function createServerHost(options: ServerHostOptions): ServerHost {
  const fetchHealth = options.fetch ?? ((url, init) => fetch(url, init));
  const healthUrl = options.healthUrl ?? `${options.serverUrl.replace(/\/$/, '')}/health`;
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const healthPollMs = options.healthPollMs ?? 250;
  const healthRequestTimeoutMs = options.healthRequestTimeoutMs ?? 2_000;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const quickCrashWindowMs = options.quickCrashWindowMs ?? 60_000;
  const maxQuickCrashes = options.maxQuickCrashes ?? 5;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const killWaitMs = options.killWaitMs ?? 5_000;
  const maxLineLength = options.maxLineLength ?? 8_192;
  const now = options.now ?? Date.now;

  const buffer = new RingBuffer<ServerLogLine>(options.logCapacity ?? 2_000);
  const statusListeners = new Set<(status: ServerStatus) => void>();
  const logListeners = new Set<(line: ServerLogLine) => void>();
  let settleWaiters: Array<(status: ServerStatus) => void> = [];

  let seq = 0;
  let current: Launch | null = null;
  let wanted: 'running' | 'stopped' = 'stopped';
  let quickCrashes = 0;
  let launches = 0;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let status: ServerStatus = {
    state: 'stopped',
    url: null,
    pid: null,
    restarts: 0,
    lastExit: null,
    nextRestartAt: null,
    message: null,
  };

  const iso = (): string => new Date(now()).toISOString();

  function setStatus(patch: Partial<ServerStatus>): void {
    status = { ...status, ...patch };
    const snapshot = status;
    for (const listener of statusListeners) listener(snapshot);
    if (snapshot.state === 'running' || snapshot.state === 'failed' || snapshot.state === 'stopped') {
      const waiters = settleWaiters;
      settleWaiters = [];
      for (const resolve of waiters) resolve(snapshot);
    }
  }

  function appendLog(stream: ServerLogLine['stream'], text: string): void {
    const clipped = text.length > maxLineLength ? `${text.slice(0, maxLineLength)}…` : text;
    seq += 1;
    const line: ServerLogLine = { seq, at: iso(), stream, text: redactLogLine(clipped) };
    buffer.push(line);
    for (const listener of logListeners) listener(line);
  }

  function pipeLines(stream: NodeJS.ReadableStream | null, name: 'stdout' | 'stderr'): void {
    if (stream === null) return;
    stream.setEncoding('utf8');
    let partial = '';
    stream.on('data', (chunk: string | Buffer) => {
      const lines = (partial + chunk.toString()).split(/\r?\n/);
      partial = lines.pop() ?? '';
      // A line with no newline for this long is flushed rather than buffered without bound.
      if (partial.length > maxLineLength) {
        lines.push(partial);
        partial = '';
      }
      for (const line of lines) if (line !== '') appendLog(name, line);
    });
    stream.on('end', () => {
      if (partial !== '') appendLog(name, partial);
      partial = '';
    });
  }

  function waitForSettled(): Promise<ServerStatus> {
    return new Promise((resolve) => settleWaiters.push(resolve));
  }

  async function isHealthy(): Promise<boolean> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), healthRequestTimeoutMs);
    try {
      const response = await fetchHealth(healthUrl, { signal: controller.signal });
      if (!response.ok) return false;
      const body = (await response.json()) as { health?: unknown } | null;
      return body?.health === 'GOOD';
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async function waitForHealth(launch: Launch): Promise<boolean> {
    const deadline = now() + startTimeoutMs;
    while (current === launch && !launch.hasExited && wanted === 'running') {
      if (await isHealthy()) return current === launch && !launch.hasExited;
      if (now() >= deadline) return false;
      await sleep(healthPollMs);
    }
    return false;
  }

  async function launch(): Promise<void> {
    restartTimer = undefined;
    const generation = ++launches;
    setStatus({ state: 'starting', url: null, pid: null, nextRestartAt: null });
    // Something else on the port (a headless server, a lingering child) would answer our
    // health checks and make a child that cannot bind look healthy.
    const occupied = await isHealthy();
    if (generation !== launches || wanted !== 'running') return;
    if (occupied) {
      handleExit(
        null,
        { code: null, signal: null },
        `could not start: another server already answers at ${healthUrl}`,
      );
      return;
    }
    let proc: HostedProcess;
    try {
      proc = options.spawn({
        entryPath: options.entryPath,
        env: options.env,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      });
    } catch (error) {
      appendLog(
        'host',
        `could not spawn the server: ${error instanceof Error ? error.message : String(error)}`,
      );
      handleExit(null, { code: null, signal: null });
      return;
    }
    let resolveExit: (exit: ProcessExit) => void = () => {};
    const record: Launch = {
      proc,
      spawnedAt: now(),
      exited: new Promise((resolve) => {
        resolveExit = resolve;
      }),
      hasExited: false,
      stopRequested: false,
      reason: null,
    };
    current = record;
    proc.onExit((exit) => {
      record.hasExited = true;
      resolveExit(exit);
      handleExit(record, exit);
    });
    pipeLines(proc.stdout, 'stdout');
    pipeLines(proc.stderr, 'stderr');
    appendLog('host', `server process started${proc.pid === undefined ? '' : ` (pid ${proc.pid})`}`);

    void waitForHealth(record).then((healthy) => {
      if (current !== record || record.hasExited || wanted !== 'running') return;
      if (healthy) {
        appendLog('host', `server is healthy at ${options.serverUrl}`);
        setStatus({ state: 'running', url: options.serverUrl, pid: proc.pid ?? null, message: null });
        return;
      }
      record.reason = `did not report healthy at ${healthUrl} within ${formatSeconds(startTimeoutMs)}`;
      appendLog('host', `server ${record.reason}; stopping it`);
      void terminate(record);
    });
  }

  function handleExit(record: Launch | null, exit: ProcessExit, reason?: string): void {
    if (record !== null && current !== record) return;
    current = null;
    const lastExit = { code: exit.code, signal: exit.signal, at: iso() };
    const what = reason ?? record?.reason ?? describeExit(exit);
    if (record?.stopRequested && wanted === 'running') {
      appendLog('host', `server stopped (${describeExit(exit)}); starting it again`);
      status = { ...status, lastExit };
      void launch();
      return;
    }
    if (wanted === 'stopped') {
      appendLog('host', `server stopped (${describeExit(exit)})`);
      setStatus({ state: 'stopped', url: null, pid: null, lastExit, nextRestartAt: null, message: null });
      return;
    }
    const uptime = record === null ? 0 : now() - record.spawnedAt;
    quickCrashes = uptime < quickCrashWindowMs ? quickCrashes + 1 : 0;
    if (quickCrashes >= maxQuickCrashes) {
      wanted = 'stopped';
      const crashes = quickCrashes === 1 ? '1 quick crash' : `${quickCrashes} quick crashes in a row`;
      const message = `The server ${what}; gave up after ${crashes}.`;
      appendLog('host', message);
      setStatus({ state: 'failed', url: null, pid: null, lastExit, nextRestartAt: null, message });
      return;
    }
    const delay = backoffDelay(Math.max(1, quickCrashes), backoff);
    const message = `The server ${what}; restarting in ${formatSeconds(delay)}.`;
    appendLog('host', message);
    setStatus({
      state: 'crashed',
      url: null,
      pid: null,
      lastExit,
      restarts: status.restarts + 1,
      nextRestartAt: new Date(now() + delay).toISOString(),
      message,
    });
    restartTimer = setTimeout(() => void launch(), delay);
  }

  async function terminate(record: Launch): Promise<void> {
    if (record.hasExited) return;
    const exitedWithin = (ms: number): Promise<boolean> =>
      Promise.race([record.exited.then(() => true), sleep(ms).then(() => false)]);
    record.proc.kill('SIGTERM');
    if (await exitedWithin(stopGraceMs)) return;
    appendLog('host', `server ignored SIGTERM for ${formatSeconds(stopGraceMs)}; sending SIGKILL`);
    record.proc.kill('SIGKILL');
    if (await exitedWithin(killWaitMs)) return;
    appendLog('host', `server process ${record.proc.pid ?? '?'} did not exit after SIGKILL`);
  }

  function clearRestart(): void {
    if (restartTimer !== undefined) clearTimeout(restartTimer);
    restartTimer = undefined;
  }

  const host: ServerHost = {
    start() {
      if (status.state === 'running') return Promise.resolve(status);
      const settled = waitForSettled();
      if (wanted !== 'running' || status.state === 'failed') {
        wanted = 'running';
        quickCrashes = 0;
        if (current === null && restartTimer === undefined) void launch();
      }
      return settled;
    },

    async stop() {
      wanted = 'stopped';
      clearRestart();
      const record = current;
      if (record === null) {
        if (status.state !== 'stopped') {
          setStatus({ state: 'stopped', url: null, pid: null, nextRestartAt: null, message: null });
        }
        return;
      }
      record.stopRequested = true;
      await terminate(record);
      if (!record.hasExited && current === record) {
        // The process is lost to us; report stopped rather than hang the app's quit.
        current = null;
        setStatus({ state: 'stopped', url: null, pid: null, nextRestartAt: null, message: null });
      }
    },

    async restart() {
      await host.stop();
      return host.start();
    },

    status: () => status,

    logs(request = {}) {
      const after = request.afterSeq ?? 0;
      const lines = buffer.toArray().filter((line) => line.seq > after);
      const limit = request.limit ?? lines.length;
      return lines.slice(Math.max(0, lines.length - limit));
    },

    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    onLog(listener) {
      logListeners.add(listener);
      return () => logListeners.delete(listener);
    },
  };
  return host;
}
