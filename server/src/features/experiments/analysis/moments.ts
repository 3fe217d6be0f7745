import type { AnalysisVariantInput, MetricType } from '../../../../contract/experiments';

/**
 * One variant's summary: users n, mean ȳ = Σy/n and the sample variance
 * s² = (Σy² − n ȳ²)/(n − 1), null below two users.
 */
export interface Moments {
  n: number;
  mean: number;
  variance: number | null;
}

type Sums = Pick<AnalysisVariantInput, 'users' | 'sum' | 'sumSquares'>;

/** A finite number, or null: what the engine answers instead of NaN or ±Infinity. */
export function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A variant's moments from its sufficient statistics; null without users or with sums that
 * overflow. For a binomial metric (y ∈ {0, 1}, Σy the converted users) Σy² is Σy whatever was
 * sent.
 */
export function momentsOf(sums: Sums, type: MetricType): Moments | null {
  const n = sums.users;
  if (!(n >= 1)) return null;
  const sumSquares = type === 'binomial' ? sums.sum : sums.sumSquares;
  const mean = sums.sum / n;
  if (!Number.isFinite(mean) || !Number.isFinite(sumSquares)) return null;
  if (n < 2) return { n, mean, variance: null };
  // Rounding can leave a tiny negative sum of squares: the variance is then 0.
  const variance = (sumSquares - mean * sums.sum) / (n - 1);
  return { n, mean, variance: Number.isFinite(variance) ? Math.max(0, variance) : null };
}

/** One variant's sums of the metric y and of the pre-exposure covariate x. */
export interface CupedSums {
  n: number;
  sumY: number;
  sumY2: number;
  sumX: number;
  sumX2: number;
  sumXY: number;
}

/**
 * CUPED's θ (Deng, Xu, Kohavi & Walker 2013), pooled over variants: the within-variant
 * covariance of x and y over the within-variant variance of x,
 * θ = Σ_v (Σxy − Σx Σy/n)_v / Σ_v (Σx² − (Σx)²/n)_v. Null when x does not vary.
 */
export function cupedTheta(variants: readonly CupedSums[]): number | null {
  let covariance = 0;
  let variance = 0;
  for (const v of variants) {
    if (v.n < 1) continue;
    covariance += v.sumXY - (v.sumX * v.sumY) / v.n;
    variance += v.sumX2 - (v.sumX * v.sumX) / v.n;
  }
  const theta = covariance / variance;
  return variance > 0 && Number.isFinite(theta) ? theta : null;
}

/**
 * A variant's CUPED-adjusted moments: y' = y − θ(x − x̄), x̄ the covariate's mean over all
 * variants, so mean' = ȳ − θ(x̄_v − x̄) and s'² = s²_y − 2θ s_xy + θ² s²_x (sample, n − 1).
 */
export function cupedMoments(v: CupedSums, theta: number, overallCovariateMean: number): Moments | null {
  if (!(v.n >= 1)) return null;
  const meanY = v.sumY / v.n;
  const meanX = v.sumX / v.n;
  const mean = meanY - theta * (meanX - overallCovariateMean);
  if (!Number.isFinite(mean)) return null;
  if (v.n < 2) return { n: v.n, mean, variance: null };
  const varY = (v.sumY2 - meanY * v.sumY) / (v.n - 1);
  const varX = (v.sumX2 - meanX * v.sumX) / (v.n - 1);
  const covXY = (v.sumXY - meanX * v.sumY) / (v.n - 1);
  const variance = varY - 2 * theta * covXY + theta * theta * varX;
  return { n: v.n, mean, variance: Number.isFinite(variance) ? Math.max(0, variance) : null };
}
