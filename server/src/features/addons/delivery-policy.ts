/** Retry and circuit rules of delivery (pure; the worker applies them). */
export interface DeliveryPolicy {
  /** Delay before the 2nd attempt; doubled after each failure. */
  retryBaseMs: number;
  /** The longest delay between two attempts. */
  retryCapMs: number;
  /** After this many failed attempts an event is given up (recorded as failed). */
  maxAttempts: number;
  /** This many failed attempts in a row open the circuit (the addon pauses). */
  circuitThreshold: number;
  /** How long an open circuit pauses the addon before one attempt is tried again. */
  circuitPauseMs: number;
  /** Bound on one HTTP attempt (connect, send, answer). */
  attemptTimeoutMs: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  retryBaseMs: 1000,
  retryCapMs: 5 * 60_000,
  maxAttempts: 10,
  circuitThreshold: 5,
  circuitPauseMs: 5 * 60_000,
  attemptTimeoutMs: 10_000,
};

/** Exponential backoff: base, 2·base, 4·base ... capped. `attempt` is the one that just failed (1-based). */
export function retryDelayMs(policy: DeliveryPolicy, attempt: number): number {
  return Math.min(policy.retryCapMs, policy.retryBaseMs * 2 ** Math.min(attempt - 1, 30));
}

export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry'; at: Date } | { kind: 'give-up' };

/** What happens to an event after its attempt number `attempt` failed or succeeded. */
export function afterAttempt(
  policy: DeliveryPolicy,
  ok: boolean,
  attempt: number,
  now: Date,
): AttemptOutcome {
  if (ok) return { kind: 'delivered' };
  if (attempt >= policy.maxAttempts) return { kind: 'give-up' };
  return { kind: 'retry', at: new Date(now.getTime() + retryDelayMs(policy, attempt)) };
}

/** When the circuit opens after `consecutiveFailures`, and until when; null: it stays closed. */
export function circuitPausedUntil(
  policy: DeliveryPolicy,
  consecutiveFailures: number,
  now: Date,
): Date | null {
  if (consecutiveFailures < policy.circuitThreshold) return null;
  return new Date(now.getTime() + policy.circuitPauseMs);
}
