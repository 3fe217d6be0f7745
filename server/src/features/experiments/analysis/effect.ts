import type { Moments } from './moments';
import { erfc, normalCdf, normalPdf, normalQuantile } from './normal';

/** A treatment's relative lift over control and its standard error (null when not estimable). */
export interface Effect {
  lift: number;
  se: number | null;
}

/**
 * Relative lift Δ = ȳ_t/ȳ_c − 1 and its delta-method variance
 * Var(Δ) ≈ s²_t/(n_t ȳ_c²) + ȳ_t² s²_c/(n_c ȳ_c⁴). Null without users or when the control's
 * mean is 0; se null when either variance is unknown (fewer than two users) or the total is 0.
 */
export function relativeLift(control: Moments | null, treatment: Moments | null): Effect | null {
  if (!control || !treatment || control.mean === 0) return null;
  const lift = treatment.mean / control.mean - 1;
  if (!Number.isFinite(lift)) return null;
  if (control.variance === null || treatment.variance === null) return { lift, se: null };
  const c2 = control.mean * control.mean;
  const variance =
    treatment.variance / (treatment.n * c2) +
    (treatment.mean * treatment.mean * control.variance) / (control.n * c2 * c2);
  const se = Math.sqrt(variance);
  return { lift, se: se > 0 && Number.isFinite(se) ? se : null };
}

/** The fixed-horizon (1 − α) interval Δ ± z_{1−α/2}·se. */
export function fixedHorizonInterval(lift: number, se: number, alpha: number): [number, number] {
  const z = normalQuantile(1 - alpha / 2);
  return [lift - z * se, lift + z * se];
}

/** The two-sided p-value of z = Δ/se: 2Φ(−|z|) = erfc(|z|/√2). */
export function twoSidedPValue(lift: number, se: number): number {
  return erfc(Math.abs(lift / se) / Math.SQRT2);
}

/**
 * Bayesian chance to win under a flat prior: the posterior of Δ is N(Δ̂, se²), so
 * P(treatment better) = Φ(Δ̂/se), or Φ(−Δ̂/se) when lower is better.
 */
export function chanceToWin(lift: number, se: number, higherIsBetter: boolean): number {
  return normalCdf((higherIsBetter ? lift : -lift) / se);
}

/**
 * Risk: the expected loss of shipping the treatment, in relative-lift units. With the gain
 * G = Δ (or −Δ when lower is better) and its flat-prior posterior N(μ, σ²), μ = ±Δ̂ and σ = se,
 * risk = E[max(0, −G)] = σ φ(μ/σ) − μ Φ(−μ/σ): how much worse than control the treatment is
 * expected to be, counting only the outcomes where it is worse.
 */
export function risk(lift: number, se: number, higherIsBetter: boolean): number {
  const mu = higherIsBetter ? lift : -lift;
  const ratio = mu / se;
  return Math.max(0, se * normalPdf(ratio) - mu * normalCdf(-ratio));
}
