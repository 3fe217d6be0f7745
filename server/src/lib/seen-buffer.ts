/**
 * Collects "last seen" marks (token or user ids) and writes them in one batch per interval,
 * so recording usage never adds a write to the request that used a credential.
 */
export interface SeenBuffer {
  mark(id: number): void;
  /** Writes what is pending now (also called by `stop`). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function createSeenBuffer(
  write: (ids: number[], seenAt: Date) => Promise<void>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): SeenBuffer {
  let pending = new Set<number>();
  let running: Promise<void> = Promise.resolve();

  const flush = () => {
    if (pending.size === 0) return running;
    const ids = [...pending];
    pending = new Set();
    running = running.then(() => write(ids, new Date())).catch(options.onError);
    return running;
  };

  const timer = setInterval(() => void flush(), options.intervalMs);
  timer.unref();

  return {
    mark: (id) => {
      pending.add(id);
    },
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}
