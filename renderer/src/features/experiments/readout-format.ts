import type { MetricReadout } from './experiments-api';

/** How the readout writes numbers and where its interval bars sit: pure, unit-tested. */

/** A share as a signed percentage: 0.123 → "+12.3%". */
export function formatLift(lift: number | null): string {
  if (lift === null || !Number.isFinite(lift)) return '—';
  const value = (lift * 100).toFixed(Math.abs(lift) < 0.1 ? 2 : 1);
  return `${lift > 0 ? '+' : ''}${value}%`;
}

/** A chance as a whole percentage, never "100%" or "0%" (the server's verdict writes it alike). */
export function formatChance(chance: number | null): string {
  if (chance === null) return '—';
  if (chance >= 0.995) return '>99%';
  if (chance < 0.005) return '<1%';
  return `${Math.round(chance * 100)}%`;
}

export function formatPValue(p: number | null): string {
  if (p === null) return '—';
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

export function formatMean(mean: number | null, type: MetricReadout['metric']['type']): string {
  if (mean === null) return '—';
  return type === 'binomial'
    ? `${(mean * 100).toFixed(1)}%`
    : mean.toLocaleString(undefined, { maximumFractionDigits: 3 });
}

/** The sample-ratio check's threshold (the server's SRM_THRESHOLD, issue 35 §2). */
export const SRM_THRESHOLD = 0.001;

export const hasSampleRatioMismatch = (readout: MetricReadout) =>
  readout.result.srmPValue !== null && readout.result.srmPValue < SRM_THRESHOLD;

/** The colour of a verdict: mismatch red, a win teal, a loss orange, nothing yet gray. */
export function verdictTone(verdict: string): 'red' | 'teal' | 'orange' | 'gray' {
  if (verdict.startsWith('Sample ratio mismatch')) return 'red';
  if (verdict.includes(' beats ')) return 'teal';
  if (verdict.includes(' is worse than ')) return 'orange';
  return 'gray';
}

/**
 * Where each treatment's lift and interval sit on one shared axis, symmetric around zero: left
 * and width of the interval and the point, in percent of the bar. The widest interval end sets
 * the scale, so every row of a metric reads against the same zero.
 */
export function intervalScale(readout: MetricReadout): (
  interval: readonly [number, number],
  lift: number,
) => {
  left: number;
  width: number;
  point: number;
} {
  let extent = 0;
  for (const variant of readout.result.variants) {
    for (const value of [...(variant.liftInterval ?? []), variant.lift ?? 0]) {
      if (Number.isFinite(value)) extent = Math.max(extent, Math.abs(value));
    }
  }
  const span = extent > 0 ? extent * 1.1 : 1;
  const position = (value: number) => Math.min(100, Math.max(0, ((value + span) / (2 * span)) * 100));
  return ([low, high], lift) => {
    const left = position(low);
    return { left, width: Math.max(0.5, position(high) - left), point: position(lift) };
  };
}

/** "1,240 more users per variant" from the users needed and the smallest variant's users now. */
export function usersStillNeeded(readout: MetricReadout): string | null {
  const needed = readout.usersNeededFor80Power;
  if (needed === null) return null;
  const smallest = Math.min(...readout.result.variants.map((variant) => variant.users));
  const more = Math.max(0, needed - (Number.isFinite(smallest) ? smallest : 0));
  return more === 0
    ? `Enough users for 80% power at the observed effect (${needed.toLocaleString()} per variant).`
    : `About ${more.toLocaleString()} more users per variant for 80% power at the observed effect (${needed.toLocaleString()} in all).`;
}
