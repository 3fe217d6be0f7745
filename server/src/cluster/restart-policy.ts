/**
 * When to start a replacement for a worker that died while the cluster served: at once for the
 * first death after a healthy minute, then doubling up to 30 s while deaths keep following each
 * other, so a worker that crashes at every start does not spin the machine.
 */
export const HEALTHY_AFTER_MS = 60_000;
const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 30_000;

export interface RestartState {
  /** Deaths in a row, each within HEALTHY_AFTER_MS of the previous start. */
  recentDeaths: number;
}

export function nextRestart(state: RestartState, livedMs: number): { delayMs: number; state: RestartState } {
  const recentDeaths = livedMs >= HEALTHY_AFTER_MS ? 1 : state.recentDeaths + 1;
  const delayMs = Math.min(FIRST_DELAY_MS * 2 ** (recentDeaths - 1), MAX_DELAY_MS);
  return { delayMs, state: { recentDeaths } };
}

/** Connections PostgreSQL must allow for `workers` processes: a pool of 10, a listener and slack each. */
export function connectionsNeeded(workers: number): number {
  return Math.max(100, workers * 12 + 20);
}
