import type {
  AnalysisRequest,
  AnalysisResult,
  AnalysisVariantInput,
  AnalysisVariantResult,
} from '../../../../contract/experiments';
import { chanceToWin, type Effect, fixedHorizonInterval, relativeLift, risk, twoSidedPValue } from './effect';
import { holm } from './holm';
import { cupedMoments, cupedTheta, finiteOrNull, type Moments, momentsOf } from './moments';
import { sequentialHalfWidth, sequentialPValue, sequentialRho } from './sequential';
import { srmPValue } from './srm';

export const DEFAULT_ALPHA = 0.05;

type Inference = Pick<AnalysisVariantResult, 'liftInterval' | 'pValue' | 'chanceToWin' | 'risk'>;

const NO_INFERENCE: Inference = { liftInterval: null, pValue: null, chanceToWin: null, risk: null };

/**
 * The moments inference runs on: CUPED-adjusted when every variant sent its covariate sums
 * and the covariate varies, the raw moments otherwise.
 */
function inferenceMoments(request: AnalysisRequest, raw: (Moments | null)[]): (Moments | null)[] {
  const variants = request.variants;
  if (!variants.every((v) => v.covariate)) return raw;
  const sums = variants.map((v) => ({
    n: v.users,
    sumY: v.sum,
    sumY2: request.metric.type === 'binomial' ? v.sum : v.sumSquares,
    sumX: v.covariate?.sum ?? 0,
    sumX2: v.covariate?.sumSquares ?? 0,
    sumXY: v.covariate?.sumProducts ?? 0,
  }));
  const theta = cupedTheta(sums);
  const users = sums.reduce((total, v) => total + v.n, 0);
  const overallMean = sums.reduce((total, v) => total + v.sumX, 0) / users;
  if (theta === null || !Number.isFinite(overallMean)) return raw;
  return sums.map((v) => cupedMoments(v, theta, overallMean));
}

function interval(low: number, high: number): [number, number] | null {
  return Number.isFinite(low) && Number.isFinite(high) ? [low, high] : null;
}

/** Interval and p-value by the request's method, chance to win and risk by the flat-prior posterior. */
function inferenceOf(effect: Effect, totalUsers: number, request: AnalysisRequest, alpha: number): Inference {
  const { lift, se } = effect;
  if (se === null) return NO_INFERENCE;
  const higherIsBetter = request.metric.higherIsBetter;
  const bayes = {
    chanceToWin: finiteOrNull(chanceToWin(lift, se, higherIsBetter)),
    risk: finiteOrNull(risk(lift, se, higherIsBetter)),
  };
  if (request.method === 'sequential') {
    const rho = sequentialRho(alpha);
    const halfWidth = sequentialHalfWidth(se, totalUsers, alpha, rho);
    return {
      liftInterval: interval(lift - halfWidth, lift + halfWidth),
      pValue: finiteOrNull(sequentialPValue(lift, se, totalUsers, rho)),
      ...bayes,
    };
  }
  const [low, high] = fixedHorizonInterval(lift, se, alpha);
  // Bayesian: the interval is the (1 − α) credible interval, equal to the fixed-horizon one
  // under the flat prior; there is no p-value.
  const pValue = request.method === 'bayesian' ? null : finiteOrNull(twoSidedPValue(lift, se));
  return { liftInterval: interval(low, high), pValue, ...bayes };
}

function readout(variant: AnalysisVariantInput, mean: number | null): AnalysisVariantResult {
  return {
    name: variant.name,
    users: variant.users,
    mean,
    lift: null,
    adjustedPValue: null,
    ...NO_INFERENCE,
  };
}

/**
 * The analysis engine's one entry (issue 35 §2): per variant users and mean, per treatment
 * against the control the relative lift with its interval, p-value (Holm-adjusted across the
 * treatments), chance to win and risk, and the sample-ratio check. Pure and total: degenerate
 * input (no users, no variance, a control mean of 0, an unknown control) gives nulls, never
 * NaN, Infinity or an exception. See ../README.md for the formulas.
 */
export function analyse(request: AnalysisRequest): AnalysisResult {
  const alpha = request.alpha ?? DEFAULT_ALPHA;
  const raw = request.variants.map((v) => momentsOf(v, request.metric.type));
  const adjusted = inferenceMoments(request, raw);
  const controlIndex = request.variants.findIndex((v) => v.name === request.control);
  const control = controlIndex >= 0 ? (adjusted[controlIndex] ?? null) : null;
  const results = request.variants.map((variant, index) => {
    const result = readout(variant, finiteOrNull(raw[index]?.mean));
    if (index === controlIndex || controlIndex < 0) return result;
    const effect = relativeLift(control, adjusted[index] ?? null);
    if (!effect) return result;
    const totalUsers = variant.users + (request.variants[controlIndex]?.users ?? 0);
    return { ...result, lift: finiteOrNull(effect.lift), ...inferenceOf(effect, totalUsers, request, alpha) };
  });
  const adjustedPValues = holm(results.map((r) => r.pValue));
  return {
    srmPValue: srmPValue(request.variants),
    variants: results.map((r, index) => ({ ...r, adjustedPValue: adjustedPValues[index] ?? null })),
  };
}

/**
 * What makes a request unanswerable rather than degenerate: the route answers these with 400.
 * The control must be one of the variants, names unique, a binomial Σy within [0, users], and
 * covariate sums given for every variant or none.
 */
export function analysisRequestProblems(request: AnalysisRequest): string[] {
  const problems: string[] = [];
  const names = request.variants.map((v) => v.name);
  if (!names.includes(request.control))
    problems.push(`The control "${request.control}" is not one of the variants.`);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) problems.push(`The variant "${duplicate}" is listed more than once.`);
  if (request.metric.type === 'binomial') {
    const impossible = request.variants.find((v) => !(v.sum >= 0 && v.sum <= v.users));
    if (impossible)
      problems.push(
        `The variant "${impossible.name}" has ${impossible.sum} conversions for ${impossible.users} users.`,
      );
  }
  const withCovariate = request.variants.filter((v) => v.covariate).length;
  if (withCovariate > 0 && withCovariate < request.variants.length)
    problems.push('Covariate sums must be given for every variant or for none.');
  return problems;
}
