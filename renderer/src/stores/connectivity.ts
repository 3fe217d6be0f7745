import type { ConsoleCore } from './console-core';

export interface ConnectivityTracker {
  markOnline(): void;
  markOffline(): void;
  /** Asks /health (no credentials needed); any answer means the server is reachable. */
  checkConnection(): Promise<boolean>;
  stopProbing(): void;
}

/**
 * Whether the active profile's server answers. Offline, the console probes /health on a timer;
 * back online it refreshes the shown data and calls `onBackOnline` (the outbox replays).
 */
export function createConnectivity(core: ConsoleCore, onBackOnline: () => void): ConnectivityTracker {
  const { get, set, services } = core;
  let probeTimer: number | null = null;

  function markOnline(): void {
    const wasOffline = get().connectivity === 'offline';
    set({ connectivity: 'online', lastContactAt: services.now() });
    stopProbing();
    if (wasOffline) {
      core.refresh();
      onBackOnline();
    }
  }

  function markOffline(): void {
    if (get().connectivity !== 'offline') set({ connectivity: 'offline' });
    startProbing();
  }

  function startProbing(): void {
    if (probeTimer !== null || !services.timers) return;
    probeTimer = services.timers.setInterval(() => void checkConnection(), services.probeIntervalMs ?? 5000);
  }

  function stopProbing(): void {
    if (probeTimer === null || !services.timers) return;
    services.timers.clearInterval(probeTimer);
    probeTimer = null;
  }

  async function checkConnection(): Promise<boolean> {
    const { serverUrl } = get();
    if (serverUrl === null) {
      markOffline();
      return false;
    }
    try {
      await services.fetch(`${serverUrl}/health`, { cache: 'no-store', credentials: 'omit' });
      markOnline();
      return true;
    } catch {
      markOffline();
      return false;
    }
  }

  return { markOnline, markOffline, checkConnection, stopProbing };
}
