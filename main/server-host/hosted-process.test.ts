import type { ChildProcess, ForkOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { ForkOptions as UtilityForkOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  nodeForkSpawner,
  type ProcessExit,
  type UtilityProcessApi,
  type UtilityProcessLike,
  utilityProcessSpawner,
} from './hosted-process';

class FakeUtilityProcess extends EventEmitter implements UtilityProcessLike {
  pid: number | undefined = 77;
  stdout = null;
  stderr = null;
  killed = 0;
  kill(): boolean {
    this.killed += 1;
    return true;
  }
}

describe('utilityProcessSpawner', () => {
  it('forks with piped output and the given env, and maps exit and signals', () => {
    const calls: Array<[string, string[] | undefined, UtilityForkOptions | undefined]> = [];
    const child = new FakeUtilityProcess();
    const api: UtilityProcessApi = {
      fork: (modulePath, args, options) => {
        calls.push([modulePath, args, options]);
        return child;
      },
    };
    const killed: Array<[number, string]> = [];
    const spawn = utilityProcessSpawner(api, (pid, signal) => killed.push([pid, signal]));
    const proc = spawn({ entryPath: '/app/dist/server/main.js', env: { PORT: '4242' }, cwd: '/data' });
    expect(calls).toEqual([
      [
        '/app/dist/server/main.js',
        [],
        { env: { PORT: '4242' }, cwd: '/data', stdio: 'pipe', serviceName: 'Switchyard server' },
      ],
    ]);

    proc.kill('SIGTERM');
    expect(child.killed).toBe(1);
    proc.kill('SIGKILL');
    expect(killed).toEqual([[77, 'SIGKILL']]);

    const exits: ProcessExit[] = [];
    proc.onExit((exit) => exits.push(exit));
    child.emit('exit', 9);
    expect(exits).toEqual([{ code: 9, signal: null }]);
  });

  it('falls back to kill() when SIGKILL is needed before a pid exists', () => {
    const child = new FakeUtilityProcess();
    child.pid = undefined;
    const killed: number[] = [];
    const proc = utilityProcessSpawner({ fork: () => child }, (pid) => killed.push(pid))({
      entryPath: 'x',
      env: {},
    });
    proc.kill('SIGKILL');
    expect(killed).toEqual([]);
    expect(child.killed).toBe(1);
  });
});

describe('nodeForkSpawner', () => {
  it('forks with an IPC channel and reports a failed spawn once', () => {
    const calls: Array<[string, readonly string[], ForkOptions]> = [];
    const child = Object.assign(new EventEmitter(), { pid: undefined, stdout: null, stderr: null });
    const spawn = nodeForkSpawner(
      (modulePath, args, options) => {
        calls.push([modulePath, args, options]);
        return child as unknown as ChildProcess;
      },
      { ELECTRON_RUN_AS_NODE: '1' },
    );
    const proc = spawn({ entryPath: '/app/main.js', env: { PORT: '1' } });
    expect(calls).toEqual([
      [
        '/app/main.js',
        [],
        { env: { PORT: '1', ELECTRON_RUN_AS_NODE: '1' }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
      ],
    ]);
    const exits: ProcessExit[] = [];
    proc.onExit((exit) => exits.push(exit));
    child.emit('error', new Error('spawn ENOENT'));
    child.emit('exit', null, null);
    expect(exits).toEqual([{ code: null, signal: null }]);
  });
});
