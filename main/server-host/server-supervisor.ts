import type { ServerStatus } from '../../server/contract';
import type { HostedProcess, ProcessExit, SpawnServerProcess } from './hosted-process';
import { type BackoffPolicy, backoffDelay } from './restart-backoff';
import type { ServerLog } from './server-log';
import type { ServerStatusBoard } from './server-status-board';

/** The host's options with every default applied. */
export interface SupervisorSettings {
  spawn: SpawnServerProcess;
  entryPath: string;
  env: Record<string, string>;
  cwd: string | undefined;
  serverUrl: string;
  healthUrl: string;
  startTimeoutMs: number;
  healthPollMs: number;
  backoff: BackoffPolicy;
  quickCrashWindowMs: number;
  maxQuickCrashes: number;
  stopGraceMs: number;
  killWaitMs: number;
  now: () => number;
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

/** One hosted server process at a time: launch, health wait, restart with backoff, stop. */
export interface Supervisor {
  readonly settings: SupervisorSettings;
  readonly log: ServerLog;
  readonly board: ServerStatusBoard;
  readonly isHealthy: () => Promise<boolean>;
  current: Launch | null;
  wanted: 'running' | 'stopped';
  quickCrashes: number;
  launches: number;
  restartTimer: ReturnType<typeof setTimeout> | undefined;
}

export function createSupervisor(
  settings: SupervisorSettings,
  log: ServerLog,
  board: ServerStatusBoard,
  isHealthy: () => Promise<boolean>,
): Supervisor {
  return {
    settings,
    log,
    board,
    isHealthy,
    current: null,
    wanted: 'stopped',
    quickCrashes: 0,
    launches: 0,
    restartTimer: undefined,
  };
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

const NOT_STARTED: ProcessExit = { code: null, signal: null };

export function startSupervised(s: Supervisor): Promise<ServerStatus> {
  const status = s.board.get();
  if (status.state === 'running') return Promise.resolve(status);
  const settled = s.board.waitForSettled();
  if (s.wanted !== 'running' || status.state === 'failed') {
    s.wanted = 'running';
    s.quickCrashes = 0;
    if (s.current === null && s.restartTimer === undefined) void launch(s);
  }
  return settled;
}

export async function stopSupervised(s: Supervisor): Promise<void> {
  s.wanted = 'stopped';
  if (s.restartTimer !== undefined) clearTimeout(s.restartTimer);
  s.restartTimer = undefined;
  const record = s.current;
  if (record === null) {
    if (s.board.get().state !== 'stopped') {
      s.board.set({ state: 'stopped', url: null, pid: null, nextRestartAt: null, message: null });
    }
    return;
  }
  record.stopRequested = true;
  await terminate(s, record);
  if (!record.hasExited && s.current === record) {
    // The process is lost to us; report stopped rather than hang the app's quit.
    s.current = null;
    s.board.set({ state: 'stopped', url: null, pid: null, nextRestartAt: null, message: null });
  }
}

async function launch(s: Supervisor): Promise<void> {
  s.restartTimer = undefined;
  const generation = ++s.launches;
  s.board.set({ state: 'starting', url: null, pid: null, nextRestartAt: null });
  // Something else on the port (a headless server, a lingering child) would answer our
  // health checks and make a child that cannot bind look healthy.
  const occupied = await s.isHealthy();
  if (generation !== s.launches || s.wanted !== 'running') return;
  if (occupied) {
    const reason = `could not start: another server already answers at ${s.settings.healthUrl}`;
    handleExit(s, null, NOT_STARTED, reason);
    return;
  }
  const record = spawnLaunch(s);
  if (record === null) return;
  void waitForHealth(s, record).then((healthy) => {
    if (s.current !== record || record.hasExited || s.wanted !== 'running') return;
    if (healthy) {
      s.log.append('host', `server is healthy at ${s.settings.serverUrl}`);
      s.board.set({
        state: 'running',
        url: s.settings.serverUrl,
        pid: record.proc.pid ?? null,
        message: null,
      });
      return;
    }
    record.reason = `did not report healthy at ${s.settings.healthUrl} within ${formatSeconds(s.settings.startTimeoutMs)}`;
    s.log.append('host', `server ${record.reason}; stopping it`);
    void terminate(s, record);
  });
}

/** Spawns the child and pipes its output; null (with the exit handled) when it cannot spawn. */
function spawnLaunch(s: Supervisor): Launch | null {
  const { spawn, entryPath, env, cwd } = s.settings;
  let proc: HostedProcess;
  try {
    proc = spawn({ entryPath, env, ...(cwd === undefined ? {} : { cwd }) });
  } catch (error) {
    s.log.append(
      'host',
      `could not spawn the server: ${error instanceof Error ? error.message : String(error)}`,
    );
    handleExit(s, null, NOT_STARTED);
    return null;
  }
  let resolveExit: (exit: ProcessExit) => void = () => {};
  const record: Launch = {
    proc,
    spawnedAt: s.settings.now(),
    exited: new Promise((resolve) => {
      resolveExit = resolve;
    }),
    hasExited: false,
    stopRequested: false,
    reason: null,
  };
  s.current = record;
  proc.onExit((exit) => {
    record.hasExited = true;
    resolveExit(exit);
    handleExit(s, record, exit);
  });
  s.log.pipe(proc.stdout, 'stdout');
  s.log.pipe(proc.stderr, 'stderr');
  s.log.append('host', `server process started${proc.pid === undefined ? '' : ` (pid ${proc.pid})`}`);
  return record;
}

async function waitForHealth(s: Supervisor, record: Launch): Promise<boolean> {
  const deadline = s.settings.now() + s.settings.startTimeoutMs;
  while (s.current === record && !record.hasExited && s.wanted === 'running') {
    if (await s.isHealthy()) return s.current === record && !record.hasExited;
    if (s.settings.now() >= deadline) return false;
    await sleep(s.settings.healthPollMs);
  }
  return false;
}

function handleExit(s: Supervisor, record: Launch | null, exit: ProcessExit, reason?: string): void {
  if (record !== null && s.current !== record) return;
  s.current = null;
  const lastExit = { code: exit.code, signal: exit.signal, at: new Date(s.settings.now()).toISOString() };
  if (record?.stopRequested && s.wanted === 'running') {
    s.log.append('host', `server stopped (${describeExit(exit)}); starting it again`);
    s.board.amend({ lastExit });
    void launch(s);
    return;
  }
  if (s.wanted === 'stopped') {
    s.log.append('host', `server stopped (${describeExit(exit)})`);
    s.board.set({ state: 'stopped', url: null, pid: null, lastExit, nextRestartAt: null, message: null });
    return;
  }
  const uptime = record === null ? 0 : s.settings.now() - record.spawnedAt;
  s.quickCrashes = uptime < s.settings.quickCrashWindowMs ? s.quickCrashes + 1 : 0;
  const what = reason ?? record?.reason ?? describeExit(exit);
  if (s.quickCrashes >= s.settings.maxQuickCrashes) giveUp(s, what, lastExit);
  else scheduleRestart(s, what, lastExit);
}

function giveUp(s: Supervisor, what: string, lastExit: ServerStatus['lastExit']): void {
  s.wanted = 'stopped';
  const crashes = s.quickCrashes === 1 ? '1 quick crash' : `${s.quickCrashes} quick crashes in a row`;
  const message = `The server ${what}; gave up after ${crashes}.`;
  s.log.append('host', message);
  s.board.set({ state: 'failed', url: null, pid: null, lastExit, nextRestartAt: null, message });
}

function scheduleRestart(s: Supervisor, what: string, lastExit: ServerStatus['lastExit']): void {
  const delay = backoffDelay(Math.max(1, s.quickCrashes), s.settings.backoff);
  const message = `The server ${what}; restarting in ${formatSeconds(delay)}.`;
  s.log.append('host', message);
  s.board.set({
    state: 'crashed',
    url: null,
    pid: null,
    lastExit,
    restarts: s.board.get().restarts + 1,
    nextRestartAt: new Date(s.settings.now() + delay).toISOString(),
    message,
  });
  s.restartTimer = setTimeout(() => void launch(s), delay);
}

async function terminate(s: Supervisor, record: Launch): Promise<void> {
  if (record.hasExited) return;
  const { stopGraceMs, killWaitMs } = s.settings;
  const exitedWithin = (ms: number): Promise<boolean> =>
    Promise.race([record.exited.then(() => true), sleep(ms).then(() => false)]);
  record.proc.kill('SIGTERM');
  if (await exitedWithin(stopGraceMs)) return;
  s.log.append('host', `server ignored SIGTERM for ${formatSeconds(stopGraceMs)}; sending SIGKILL`);
  record.proc.kill('SIGKILL');
  if (await exitedWithin(killWaitMs)) return;
  s.log.append('host', `server process ${record.proc.pid ?? '?'} did not exit after SIGKILL`);
}
