import type { MetricType } from '../../../../contract/experiments';
import { relativeLift } from './effect';
import { finiteOrNull, momentsOf } from './moments';
import { DEFAULT_PLANNED_USERS, sequentialHalfWidth, sequentialPValue, sequentialRho } from './sequential';

/** Users inside or outside a rollout on one guardrail metric: users, Σy, Σy². */
export interface GuardrailSums {
  users: number;
  sum: number;
  sumSquares: number;
}

export interface GuardrailOptions {
  higherIsBetter: boolean;
  alpha: number;
  /** Binomial (the default: Σy² is taken as Σy) or mean. */
  metricType?: MetricType;
  /** N*, the total users the confidence sequence is tuned for. */
  plannedUsers?: number;
}

export interface GuardrailVerdict {
  /** The rollout significantly harms the metric: pause it. */
  harm: boolean;
  /** One-sided always-valid p-value for harm (1 when the estimate points the good way). */
  pValue: number | null;
  /** Relative lift inside over outside. */
  lift: number | null;
  /** The two-sided (1 − α) confidence sequence of the lift. */
  interval: [number, number] | null;
}

const NO_VERDICT: GuardrailVerdict = { harm: false, pValue: null, lift: null, interval: null };

/**
 * A guarded release's check (issue 35 §4): users inside a rollout against users outside it on
 * one guardrail, by a one-sided sequential test that may be repeated at every look. Harm is
 * declared when the (1 − α) asymptotic confidence sequence of the relative lift lies wholly on
 * the harmful side of 0. Using the two-sided sequence for a one-sided question keeps the
 * false-alarm rate at most α (by Ville's inequality for the two-sided mixture it is bounded by α
 * even counting both sides), at the price of a few more users before a real regression shows.
 * No verdict (harm false, nulls) while either side has fewer than two users, the outside mean is
 * 0 or the metric does not vary.
 */
export function guardrailVerdict(
  inside: GuardrailSums,
  outside: GuardrailSums,
  { higherIsBetter, alpha, metricType = 'binomial', plannedUsers = DEFAULT_PLANNED_USERS }: GuardrailOptions,
): GuardrailVerdict {
  const effect = relativeLift(momentsOf(outside, metricType), momentsOf(inside, metricType));
  if (!effect) return NO_VERDICT;
  if (effect.se === null) return { ...NO_VERDICT, lift: effect.lift };
  const total = inside.users + outside.users;
  const rho = sequentialRho(alpha, plannedUsers);
  const halfWidth = sequentialHalfWidth(effect.se, total, alpha, rho);
  const harmful = higherIsBetter ? effect.lift < 0 : effect.lift > 0;
  const pValue = harmful ? finiteOrNull(sequentialPValue(effect.lift, effect.se, total, rho)) : 1;
  const low = finiteOrNull(effect.lift - halfWidth);
  const high = finiteOrNull(effect.lift + halfWidth);
  const interval: [number, number] | null = low !== null && high !== null ? [low, high] : null;
  return { harm: pValue !== null && pValue <= alpha, pValue, lift: effect.lift, interval };
}
