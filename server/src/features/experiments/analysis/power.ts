import type { Moments } from './moments';
import { normalQuantile } from './normal';

/** The power the readout plans for. */
export const DEFAULT_POWER = 0.8;

/**
 * Users per variant a fixed-horizon two-sided test at level α needs to detect the observed
 * relative lift Δ with the given power, treatment and control the same size:
 * n = (z_{1−α/2} + z_{power})² · (s²_t/ȳ_c² + ȳ_t² s²_c/ȳ_c⁴) / Δ², the delta-method variance
 * of analyse per user. Users still needed = this − the smaller variant's users (at least 0).
 * Null when there is no effect to detect or a variance is unknown.
 */
export function requiredUsersPerVariant(
  control: Moments | null,
  treatment: Moments | null,
  { alpha = 0.05, power = DEFAULT_POWER }: { alpha?: number; power?: number } = {},
): number | null {
  if (!control || !treatment || control.variance === null || treatment.variance === null) return null;
  if (control.mean === 0) return null;
  const lift = treatment.mean / control.mean - 1;
  const c2 = control.mean * control.mean;
  const perUserVariance =
    treatment.variance / c2 + (treatment.mean * treatment.mean * control.variance) / (c2 * c2);
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  const users = Math.ceil((z * z * perUserVariance) / (lift * lift));
  return Number.isFinite(users) && users > 0 ? users : null;
}
