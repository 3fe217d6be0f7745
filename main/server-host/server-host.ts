import type { ServerLogLine, ServerLogsRequest, ServerStatus } from '../../server/contract';
import type { SpawnServerProcess } from './hosted-process';
import { type BackoffPolicy, DEFAULT_BACKOFF } from './restart-backoff';
import { createServerLog } from './server-log';
import { createServerStatusBoard } from './server-status-board';
import {
  createSupervisor,
  type SupervisorSettings,
  startSupervised,
  stopSupervised,
} from './server-supervisor';

export { type BackoffPolicy, backoffDelay, DEFAULT_BACKOFF } from './restart-backoff';

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

function resolveSettings(options: ServerHostOptions): SupervisorSettings {
  return {
    spawn: options.spawn,
    entryPath: options.entryPath,
    env: options.env,
    cwd: options.cwd,
    serverUrl: options.serverUrl,
    healthUrl: options.healthUrl ?? `${options.serverUrl.replace(/\/$/, '')}/health`,
    startTimeoutMs: options.startTimeoutMs ?? 120_000,
    healthPollMs: options.healthPollMs ?? 250,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    quickCrashWindowMs: options.quickCrashWindowMs ?? 60_000,
    maxQuickCrashes: options.maxQuickCrashes ?? 5,
    stopGraceMs: options.stopGraceMs ?? 10_000,
    killWaitMs: options.killWaitMs ?? 5_000,
    now: options.now ?? Date.now,
  };
}

/** Answers whether a server answers GOOD at the health URL within the request timeout. */
function createHealthProbe(options: ServerHostOptions, healthUrl: string): () => Promise<boolean> {
  const fetchHealth = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.healthRequestTimeoutMs ?? 2_000;
  return async function isHealthy(): Promise<boolean> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
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
  };
}

export function createServerHost(options: ServerHostOptions): ServerHost {
  const settings = resolveSettings(options);
  const log = createServerLog({
    capacity: options.logCapacity ?? 2_000,
    maxLineLength: options.maxLineLength ?? 8_192,
    now: settings.now,
  });
  const board = createServerStatusBoard();
  const supervisor = createSupervisor(settings, log, board, createHealthProbe(options, settings.healthUrl));

  const host: ServerHost = {
    start: () => startSupervised(supervisor),
    stop: () => stopSupervised(supervisor),
    async restart() {
      await host.stop();
      return host.start();
    },
    status: () => board.get(),
    logs: (request) => log.lines(request),
    onStatus: (listener) => board.onChange(listener),
    onLog: (listener) => log.onLine(listener),
  };
  return host;
}
