export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  factor: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 1_000, maxMs: 30_000, factor: 2 };

/** Delay before restart number `attempt` (1-based) of a run of quick crashes. */
export function backoffDelay(attempt: number, policy: BackoffPolicy): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(policy.maxMs, Math.round(policy.initialMs * policy.factor ** exponent));
}
