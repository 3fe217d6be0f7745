/**
 * Asymptotic confidence sequences (Waudby-Smith, Arbour, Sinha, Kennedy & Ramdas, "Time-uniform
 * central limit theory and asymptotic confidence sequences", Annals of Statistics 2024,
 * arXiv:2103.06476): an interval around the estimate, valid at every sample size at once, so
 * the readout may be looked at every day without inflating false positives.
 *
 * For N users in total (both variants) and an estimate with standard error se, the
 * (1 − α) half-width is se·√N · √(2(Nρ² + 1)/(N²ρ²) · ln(√(Nρ² + 1)/α)), the Gaussian-mixture
 * boundary with mixing parameter ρ. As GrowthBook documents for its sequential engine, ρ is
 * chosen to make the sequence narrowest at a planned total sample size N*:
 * ρ = √((−2 ln α + ln(−2 ln α + 1))/N*), with N* = 5000 by default.
 */

/** N* when the caller plans no sample size: GrowthBook's default tuning parameter. */
export const DEFAULT_PLANNED_USERS = 5000;

/** The mixing parameter ρ tuned for a planned total of `plannedUsers`. */
export function sequentialRho(alpha: number, plannedUsers: number = DEFAULT_PLANNED_USERS): number {
  const logAlpha = -2 * Math.log(alpha);
  return Math.sqrt((logAlpha + Math.log(logAlpha + 1)) / plannedUsers);
}

/** The half-width of the (1 − α) confidence sequence at N total users. */
export function sequentialHalfWidth(se: number, totalUsers: number, alpha: number, rho: number): number {
  // se·√N·√(2(Nρ²+1)/(N²ρ²)·ln(…)) with the N's cancelled.
  const nRho2 = totalUsers * rho * rho;
  return se * Math.sqrt(((2 * (nRho2 + 1)) / nRho2) * Math.log(Math.sqrt(nRho2 + 1) / alpha));
}

/**
 * The always-valid p-value: the smallest α whose confidence sequence excludes 0 (the inverse of
 * the mixture martingale), min(1, √(Nρ² + 1) · exp(−z² Nρ² / (2(Nρ² + 1)))) with z = Δ/se.
 */
export function sequentialPValue(lift: number, se: number, totalUsers: number, rho: number): number {
  const nRho2 = totalUsers * rho * rho;
  const z = lift / se;
  return Math.min(1, Math.sqrt(nRho2 + 1) * Math.exp((-z * z * nRho2) / (2 * (nRho2 + 1))));
}
