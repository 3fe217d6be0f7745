import {
  type CreateImpactMetricsConfig,
  type CreateSafeguard,
  LABEL_NAME,
  METRIC_NAME,
  type SAFEGUARD_AGGREGATION_MODES,
  type SAFEGUARD_TIME_RANGES,
} from '../../../contract';
import { badData } from '../../lib/errors';

/** Pure decisions on impact metrics: time ranges, percentiles, and what a chart or safeguard may select. */

export type TimeRange = (typeof SAFEGUARD_TIME_RANGES)[number];
export type AggregationMode = (typeof SAFEGUARD_AGGREGATION_MODES)[number];

export const RANGE_SECONDS: Record<TimeRange, number> = {
  hour: 3600,
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
};

/** A chart's resolution per time range (impactMetricsConfigSchema `step`): 60, 96, 56 and 30 points. */
export const RANGE_STEP = {
  hour: { step: '1m', seconds: 60 },
  day: { step: '15m', seconds: 900 },
  week: { step: '3h', seconds: 3 * 3600 },
  month: { step: '1d', seconds: 86_400 },
} as const satisfies Record<TimeRange, { step: string; seconds: number }>;

export const PERCENTILES = { p50: 0.5, p95: 0.95, p99: 0.99 } as const;

/**
 * The q-quantile of a histogram from its cumulative buckets (`le` → observations at or under it),
 * interpolating linearly inside the bucket it falls in, the first bucket starting at 0 (as
 * Prometheus' histogram_quantile). Past the last finite bound it answers that bound. Null without
 * observations.
 */
export function quantileFromBuckets(buckets: Record<string, number>, q: number): number | null {
  const sorted = Object.entries(buckets)
    .map(([le, count]) => [le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le), count] as const)
    .filter(([bound]) => !Number.isNaN(bound))
    .sort((a, b) => a[0] - b[0]);
  const total = Math.max(0, ...sorted.map(([, count]) => count));
  if (total <= 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const [bound, count] of sorted) {
    if (count >= rank) {
      if (bound === Number.POSITIVE_INFINITY) return lowerBound;
      if (count === lowerCount) return bound;
      const start = lowerBound > bound ? bound : lowerBound;
      return start + ((bound - start) * (rank - lowerCount)) / (count - lowerCount);
    }
    if (bound !== Number.POSITIVE_INFINITY) lowerBound = bound;
    lowerCount = count;
  }
  return lowerBound;
}

/** Bounds of a metric selection (a chart's or a safeguard's): the names SDKs may report. */
export const MAX_LABEL_SELECTORS = 8;
export const MAX_SELECTOR_VALUES = 20;

/** Refuses, with a 400, a selection on a metric or label no SDK could report. */
export function assertStorableSelection(metricName: string, labelSelectors: Record<string, string[]>): void {
  if (!METRIC_NAME.test(metricName)) {
    throw badData(
      `"${metricName.slice(0, 100)}" is not a valid impact metric name: letters, digits, "_" and ":", at most 100 characters.`,
    );
  }
  const labels = Object.entries(labelSelectors);
  if (labels.length > MAX_LABEL_SELECTORS) {
    throw badData(`A metric selection names at most ${MAX_LABEL_SELECTORS} labels.`);
  }
  for (const [label, values] of labels) {
    if (!LABEL_NAME.test(label)) throw badData(`"${label.slice(0, 64)}" is not a valid label name.`);
    if (values.length > MAX_SELECTOR_VALUES || values.some((v) => v.length > 100 || v.includes('\u0000'))) {
      throw badData(
        `Label "${label}" selects at most ${MAX_SELECTOR_VALUES} values of at most 100 characters.`,
      );
    }
  }
}

/** Refuses, with a 400, a safeguard on a metric or label no SDK could report, or a threshold that is no number. */
export function assertStorableSafeguard(input: CreateSafeguard): void {
  assertStorableSelection(input.impactMetric.metricName, input.impactMetric.labelSelectors);
  if (!Number.isFinite(input.triggerCondition.threshold)) {
    throw badData('The trigger threshold must be a finite number.');
  }
}

/** Refuses, with a 400, a chart no SDK could feed. */
export function assertStorableConfig(input: CreateImpactMetricsConfig): void {
  assertStorableSelection(input.metricName, input.labelSelectors);
  if (input.title?.includes('\u0000')) throw badData('The title cannot contain NUL characters.');
}

/** Whether a measured value meets a safeguard's trigger condition. No sample never triggers. */
export function isBreached(
  value: number | null,
  condition: { operator: '>' | '<'; threshold: number },
): value is number {
  if (value === null) return false;
  return condition.operator === '>' ? value > condition.threshold : value < condition.threshold;
}
