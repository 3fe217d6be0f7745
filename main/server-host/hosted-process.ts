import type { ChildProcess, ForkOptions } from 'node:child_process';
import type { ForkOptions as UtilityForkOptions } from 'electron';

export interface ProcessExit {
  code: number | null;
  signal: string | null;
}

/** What the host needs from a running server process, whichever API started it. */
export interface HostedProcess {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  /** Called once when the process has ended, including when it failed to start. */
  onExit(listener: (exit: ProcessExit) => void): void;
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
}

export interface SpawnRequest {
  entryPath: string;
  env: Record<string, string>;
  cwd?: string;
}

export type SpawnServerProcess = (request: SpawnRequest) => HostedProcess;

type NodeFork = (modulePath: string, args: readonly string[], options: ForkOptions) => ChildProcess;

function onceOnly(listener: (exit: ProcessExit) => void): (exit: ProcessExit) => void {
  let called = false;
  return (exit) => {
    if (called) return;
    called = true;
    listener(exit);
  };
}

/**
 * Spawns with node's `child_process.fork`: the fallback in Electron (pass
 * ELECTRON_RUN_AS_NODE=1 in `extraEnv` so the Electron binary behaves as node)
 * and the spawner the tests use.
 */
export function nodeForkSpawner(fork: NodeFork, extraEnv: Record<string, string> = {}): SpawnServerProcess {
  return ({ entryPath, env, cwd }) => {
    const child = fork(entryPath, [], {
      env: { ...env, ...extraEnv },
      ...(cwd === undefined ? {} : { cwd }),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    return {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      onExit(listener) {
        const once = onceOnly(listener);
        child.once('exit', (code, signal) => once({ code, signal }));
        // A fork that never started emits 'error' and may never emit 'exit'.
        child.once('error', () => {
          if (child.pid === undefined) once({ code: null, signal: null });
        });
      },
      kill(signal) {
        child.kill(signal);
      },
    };
  };
}

/** The parts of Electron's UtilityProcess the host uses. */
export interface UtilityProcessLike {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  once(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

export interface UtilityProcessApi {
  fork(modulePath: string, args?: string[], options?: UtilityForkOptions): UtilityProcessLike;
}

/**
 * Spawns with Electron's `utilityProcess.fork`, which runs the server as a Node
 * service process of the app itself. Its kill() always sends SIGTERM, so SIGKILL
 * goes through the pid.
 */
export function utilityProcessSpawner(
  utilityProcess: UtilityProcessApi,
  killPid: (pid: number, signal: 'SIGKILL') => void = (pid, signal) => process.kill(pid, signal),
): SpawnServerProcess {
  return ({ entryPath, env, cwd }) => {
    const child = utilityProcess.fork(entryPath, [], {
      env,
      ...(cwd === undefined ? {} : { cwd }),
      stdio: 'pipe',
      serviceName: 'Switchyard server',
    });
    return {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      onExit(listener) {
        child.once('exit', (code) => listener({ code, signal: null }));
      },
      kill(signal) {
        if (signal === 'SIGKILL' && child.pid !== undefined) {
          killPid(child.pid, 'SIGKILL');
          return;
        }
        child.kill();
      },
    };
  };
}
