import type { ServerStatus } from '../../server/contract';

/** The host's current status, its listeners, and the callers waiting for it to settle. */
export interface ServerStatusBoard {
  get(): ServerStatus;
  /** Changes the status and tells the listeners; a settled state also releases the waiters. */
  set(patch: Partial<ServerStatus>): void;
  /** Changes the status without telling anyone (a relaunch in progress keeps its state). */
  amend(patch: Partial<ServerStatus>): void;
  /** Resolves at the next running, failed or stopped state. */
  waitForSettled(): Promise<ServerStatus>;
  onChange(listener: (status: ServerStatus) => void): () => void;
}

export function createServerStatusBoard(): ServerStatusBoard {
  const listeners = new Set<(status: ServerStatus) => void>();
  let settleWaiters: Array<(status: ServerStatus) => void> = [];
  let status: ServerStatus = {
    state: 'stopped',
    url: null,
    pid: null,
    restarts: 0,
    lastExit: null,
    nextRestartAt: null,
    message: null,
  };

  return {
    get: () => status,
    set(patch) {
      status = { ...status, ...patch };
      const snapshot = status;
      for (const listener of listeners) listener(snapshot);
      if (snapshot.state === 'running' || snapshot.state === 'failed' || snapshot.state === 'stopped') {
        const waiters = settleWaiters;
        settleWaiters = [];
        for (const resolve of waiters) resolve(snapshot);
      }
    },
    amend(patch) {
      status = { ...status, ...patch };
    },
    waitForSettled: () => new Promise((resolve) => settleWaiters.push(resolve)),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
