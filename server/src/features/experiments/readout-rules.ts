import type {
  AnalysisRequest,
  AnalysisResult,
  AnalysisVariantResult,
  Experiment,
  ExperimentMetric,
  LiftPoint,
} from '../../../contract';

/**
 * The readout of an experiment, pure (issue 35 §3): the analysis requests built from per-variant
 * statistics, the plain-language verdict of each answer, the users an 80%-power test would need,
 * and the lift over time read from the hourly snapshots. The statistics themselves are the
 * analysis engine's (analysis/analyse.ts); nothing here computes a p-value.
 */

/** One variant's sufficient statistics for one metric, as the tracking domain sums them. */
export interface VariantStats {
  name: string;
  users: number;
  sum: number;
  sumSquares: number;
  covariate?: { sum: number; sumSquares: number; sumProducts: number };
}

export interface MetricStats {
  eventName: string;
  variants: readonly VariantStats[];
}

type ExperimentForReadout = Pick<Experiment, 'controlVariant' | 'variants' | 'metrics' | 'method' | 'alpha'>;

/**
 * One analysis request per metric of the experiment, in its order: every variant of the started
 * split with its weight, and its statistics (none yet: zero users). Statistics of variants outside
 * the split are left out. Empty for an experiment that never started (no split).
 */
export function buildAnalysisRequests(
  experiment: ExperimentForReadout,
  statsPerMetric: readonly MetricStats[],
): Array<{ metric: ExperimentMetric; request: AnalysisRequest }> {
  if (experiment.variants.length < 2) return [];
  return experiment.metrics.map((metric) => {
    const stats = statsPerMetric.find((entry) => entry.eventName === metric.eventName)?.variants ?? [];
    const variants = experiment.variants.map(({ name, weight }) => {
      const found = stats.find((entry) => entry.name === name);
      return {
        name,
        weight,
        users: found?.users ?? 0,
        sum: found?.sum ?? 0,
        sumSquares: found?.sumSquares ?? 0,
        ...(found?.covariate ? { covariate: found.covariate } : {}),
      };
    });
    return {
      metric,
      request: {
        metric: { type: metric.type, higherIsBetter: metric.higherIsBetter },
        method: experiment.method,
        alpha: experiment.alpha,
        control: experiment.controlVariant,
        variants,
      },
    };
  });
}

/** The sample-ratio check's threshold (issue 35 §2): below it the split itself is suspect. */
export const SRM_THRESHOLD = 0.001;

/** A chance as a whole percentage; never "100%" or "0%", which the data cannot promise. */
export function percent(chance: number): string {
  if (chance >= 0.995) return '>99%';
  if (chance < 0.005) return '<1%';
  return `${Math.round(chance * 100)}%`;
}

/** Whether a treatment's difference from control is significant at alpha, and which way. */
function outcomeOf(
  variant: AnalysisVariantResult,
  method: Experiment['method'],
  alpha: number,
  higherIsBetter: boolean,
): 'better' | 'worse' | 'unclear' {
  if (variant.lift === null) return 'unclear';
  const better = higherIsBetter ? variant.lift > 0 : variant.lift < 0;
  const pValue = variant.adjustedPValue ?? variant.pValue;
  if (method === 'bayesian' || pValue === null) {
    const chance = variant.chanceToWin;
    if (chance === null) return 'unclear';
    if (chance >= 1 - alpha) return 'better';
    if (chance <= alpha) return 'worse';
    return 'unclear';
  }
  if (pValue >= alpha) return 'unclear';
  return better ? 'better' : 'worse';
}

/**
 * One sentence saying what a metric's result means: a sample-ratio mismatch first (nothing else
 * can be trusted then), then the best significant winner, else a significant loser, else that no
 * difference can be seen yet.
 */
export function verdictOf(
  metric: Pick<ExperimentMetric, 'eventName' | 'higherIsBetter'>,
  result: AnalysisResult,
  experiment: Pick<Experiment, 'controlVariant' | 'method' | 'alpha'>,
): string {
  if (result.srmPValue !== null && result.srmPValue < SRM_THRESHOLD) {
    return 'Sample ratio mismatch: results untrustworthy';
  }
  const treatments = result.variants.filter((variant) => variant.name !== experiment.controlVariant);
  if (result.variants.every((variant) => variant.users === 0)) return 'No users exposed yet';
  const judged = treatments.map((variant) => ({
    variant,
    outcome: outcomeOf(variant, experiment.method, experiment.alpha, metric.higherIsBetter),
  }));
  const chance = (variant: AnalysisVariantResult) =>
    variant.chanceToWin === null ? '' : ` (${percent(variant.chanceToWin)} chance to win)`;
  const byChance = (a: { variant: AnalysisVariantResult }, b: { variant: AnalysisVariantResult }) =>
    (b.variant.chanceToWin ?? 0) - (a.variant.chanceToWin ?? 0);
  const winner = judged.filter((entry) => entry.outcome === 'better').sort(byChance)[0];
  if (winner) {
    return `${winner.variant.name} beats ${experiment.controlVariant} on ${metric.eventName}${chance(winner.variant)}`;
  }
  const loser = judged
    .filter((entry) => entry.outcome === 'worse')
    .sort(byChance)
    .at(-1);
  if (loser) {
    return `${loser.variant.name} is worse than ${experiment.controlVariant} on ${metric.eventName}${chance(loser.variant)}`;
  }
  return 'No detectable difference yet';
}

/** The standard normal quantile (Acklam's rational approximation, relative error < 1.15e-9). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return Number.NaN;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < low) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - low) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** Mean and sample variance (n−1) of one variant's per-user values; null below two users. */
function moments(variant: { users: number; sum: number; sumSquares: number }) {
  if (variant.users < 2) return null;
  const mean = variant.sum / variant.users;
  const variance = Math.max(0, (variant.sumSquares - variant.users * mean * mean) / (variant.users - 1));
  return { mean, variance };
}

/**
 * Users per variant a fixed-horizon two-sided test at `alpha` with 80% power needs to detect the
 * observed relative lift Δ of the treatment furthest from control, with the delta-method variance
 * per user the engine tests the lift with (analysis/power.ts writes the same formula):
 * n = (z₁₋α/₂ + z₀.₈)² · (s²t/ȳc² + ȳt² s²c/ȳc⁴) / Δ². Null when it cannot be said: too few
 * users, a control mean of zero, no lift.
 */
export function usersNeededFor80Power(request: AnalysisRequest): number | null {
  const alpha = request.alpha ?? 0.05;
  const control = request.variants.find((variant) => variant.name === request.control);
  const c = control ? moments(control) : null;
  if (!c || c.mean === 0) return null;
  let best: { lift: number; variance: number } | null = null;
  for (const variant of request.variants) {
    if (variant.name === request.control) continue;
    const t = moments(variant);
    if (!t) continue;
    const lift = t.mean / c.mean - 1;
    const c2 = c.mean * c.mean;
    const variance = t.variance / c2 + (t.mean * t.mean * c.variance) / (c2 * c2);
    if (!best || Math.abs(lift) > Math.abs(best.lift)) best = { lift, variance };
  }
  if (!best || best.lift === 0 || best.variance === 0) return null;
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(0.8);
  const needed = Math.ceil((z * z * best.variance) / (best.lift * best.lift));
  return Number.isFinite(needed) && needed > 0 ? needed : null;
}

/** An AnalysisResult-like value read back from jsonb: only what lift over time needs. */
function asResult(value: unknown): { variants: Array<{ name: string; lift: number | null }> } | null {
  if (!value || typeof value !== 'object') return null;
  const variants = (value as { variants?: unknown }).variants;
  if (!Array.isArray(variants)) return null;
  return {
    variants: variants
      .filter((v): v is { name: string; lift?: unknown } => typeof v?.name === 'string')
      .map((v) => ({ name: v.name, lift: typeof v.lift === 'number' ? v.lift : null })),
  };
}

/**
 * The primary metric's result in a snapshot: the snapshot is either that AnalysisResult, or
 * `{metrics: [{metric, result}]}` (the whole readout), whose primary metric is taken.
 */
function primaryResultOf(snapshot: unknown) {
  const direct = asResult(snapshot);
  if (direct) return direct;
  const metrics = (snapshot as { metrics?: unknown } | null)?.metrics;
  if (!Array.isArray(metrics)) return null;
  const primary =
    metrics.find((entry) => entry?.metric?.role === 'primary') ?? (metrics.length > 0 ? metrics[0] : null);
  return asResult(primary?.result);
}

/** Cumulative lift of each treatment over time, oldest first, from the hourly snapshots. */
export function liftOverTime(
  snapshots: ReadonlyArray<{ takenAt: Date; result: unknown }>,
  controlVariant: string,
): LiftPoint[] {
  const points: LiftPoint[] = [];
  for (const snapshot of [...snapshots].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime())) {
    const result = primaryResultOf(snapshot.result);
    if (!result) continue;
    const lifts: Record<string, number | null> = {};
    for (const variant of result.variants)
      if (variant.name !== controlVariant) lifts[variant.name] = variant.lift;
    points.push({ takenAt: snapshot.takenAt.toISOString(), lifts });
  }
  return points;
}
