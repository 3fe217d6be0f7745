import type { FeatureMetrics } from '../../api/flag-api';

export const HOUR_MS = 3_600_000;

export interface HourBucket {
  /** Start of the hour, in milliseconds since the epoch. */
  start: number;
  yes: number;
  no: number;
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
  }));
  for (const row of metrics.data) {
    if (row.environment !== environment) continue;
    const start = startOfHour(Date.parse(row.timestamp));
    const bucket = buckets[(start - first) / HOUR_MS];
    if (!bucket) continue;
    bucket.yes += row.yes;
    bucket.no += row.no;
  }
  return buckets;
}

export function hasEvaluations(buckets: readonly HourBucket[]): boolean {
  return buckets.some((bucket) => bucket.yes + bucket.no > 0);
}
