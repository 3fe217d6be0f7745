import type { FeatureMetrics } from '../../api/flag-api';

export const HOUR_MS = 3_600_000;

export interface HourBucket {
  /** Start of the hour, in milliseconds since the epoch. */
  start: number;
  yes: number;
  no: number;
  /** Evaluations per variant name (what `getVariant` answered), when the SDKs reported them. */
  variants: Record<string, number>;
}

export function startOfHour(time: number): number {
  return Math.floor(time / HOUR_MS) * HOUR_MS;
}

/** The environments that reported evaluations, in name order. */
export function metricEnvironments(metrics: FeatureMetrics): string[] {
  return [...new Set(metrics.data.map((row) => row.environment))].sort();
}

/**
 * One bucket per hour of the last `hoursBack` hours up to `now` (empty hours count zero), summing
 * the rows of every application that reported for `environment`.
 */
export function hourlyBuckets(
  metrics: FeatureMetrics,
  environment: string,
  hoursBack: number,
  now: number,
): HourBucket[] {
  const last = startOfHour(now);
  const first = last - (hoursBack - 1) * HOUR_MS;
  const buckets: HourBucket[] = Array.from({ length: hoursBack }, (_, index) => ({
    start: first + index * HOUR_MS,
    yes: 0,
    no: 0,
    variants: {},
  }));
  for (const row of metrics.data) {
    if (row.environment !== environment) continue;
    const start = startOfHour(Date.parse(row.timestamp));
    const bucket = buckets[(start - first) / HOUR_MS];
    if (!bucket) continue;
    bucket.yes += row.yes;
    bucket.no += row.no;
    for (const [variant, count] of Object.entries(row.variants ?? {})) {
      bucket.variants[variant] = (bucket.variants[variant] ?? 0) + count;
    }
  }
  return buckets;
}

/** The variant names reported in these buckets, in name order. */
export function variantNames(buckets: readonly HourBucket[]): string[] {
  return [...new Set(buckets.flatMap((bucket) => Object.keys(bucket.variants)))].sort();
}

/** The hour's label on the time axis: the time of day, with the date when the period spans days. */
export function hourLabel(start: number, withDate: boolean): string {
  return new Date(start).toLocaleString(undefined, {
    ...(withDate ? { month: 'short', day: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  });
}

export type ChartMode = 'yes-no' | 'variants';

/** One point per hour for the chart: `yes` and `no`, or one key per variant. */
export function chartPoints(
  buckets: readonly HourBucket[],
  mode: ChartMode,
  withDate: boolean,
): Array<Record<string, string | number>> {
  const names = variantNames(buckets);
  return buckets.map((bucket) => ({
    hour: hourLabel(bucket.start, withDate),
    ...(mode === 'yes-no'
      ? { yes: bucket.yes, no: bucket.no }
      : Object.fromEntries(names.map((name) => [name, bucket.variants[name] ?? 0]))),
  }));
}

export function hasEvaluations(buckets: readonly HourBucket[]): boolean {
  return buckets.some((bucket) => bucket.yes + bucket.no > 0);
}
