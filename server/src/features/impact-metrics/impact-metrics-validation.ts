/**
 * The `impactMetrics` field of an SDK metrics report (Unleash's impactMetricsSchema: counters,
 * gauges and histograms with labelled samples; the Node SDK sends counter and histogram deltas
 * and gauge values each interval). It is hostile public input, so everything is bounded: a metric that
 * breaks a bound is dropped on its own and the rest of the report (flag counts included) still
 * counts, the way Unleash drops what it cannot store rather than failing an SDK's report.
 */

import { LABEL_NAME, MAX_LABELS_PER_SAMPLE, METRIC_NAME } from '../../../contract/impact-metric-names';

/** Metrics read from one report; the rest are dropped. */
export const MAX_METRICS_PER_REPORT = 50;
/** Samples read per metric. */
export const MAX_SAMPLES_PER_METRIC = 50;
export const MAX_LABEL_VALUE_LENGTH = 100;
/** Values are finite and within ±1e15 (beyond that a double loses integer precision for sums). */
export const MAX_ABS_VALUE = 1e15;
// Prometheus' metric and label naming, shared with the console's safeguard form.
export { LABEL_NAME, MAX_LABELS_PER_SAMPLE, METRIC_NAME };

/** Upper bounds of one histogram sample (Prometheus' `le` buckets, `+Inf` included). */
export const MAX_HISTOGRAM_BUCKETS = 32;

export interface HistogramData {
  /** Sum of the observations. */
  sum: number;
  /** Observations at or under each upper bound (`"0.1"`, …, `"+Inf"`): cumulative, as Prometheus'. */
  buckets: Record<string, number>;
}

export interface ImpactSample {
  metricName: string;
  type: 'counter' | 'gauge' | 'histogram';
  labels: Record<string, string>;
  /** Canonical JSON of the labels (keys sorted): identifies the series. */
  labelsKey: string;
  /** A counter's delta, a gauge's value, a histogram's number of observations. */
  value: number;
  histogram?: HistogramData;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readLabels(raw: unknown): Record<string, string> | undefined {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) return undefined;
  const entries = Object.entries(raw);
  if (entries.length > MAX_LABELS_PER_SAMPLE) return undefined;
  const labels: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (!LABEL_NAME.test(key)) return undefined;
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string' || text.length > MAX_LABEL_VALUE_LENGTH || text.includes('\u0000')) {
      return undefined;
    }
    labels[key] = text;
  }
  return labels;
}

export function labelsKeyOf(labels: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1))));
}

const isStorableNumber = (value: unknown, min = -MAX_ABS_VALUE): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= MAX_ABS_VALUE;

/** The key of a bucket's upper bound: a finite number as text, or `+Inf`. */
function bucketKey(le: unknown): string | undefined {
  if (le === '+Inf' || le === 'Infinity' || le === Number.POSITIVE_INFINITY) return '+Inf';
  const bound = typeof le === 'string' && le.trim() !== '' ? Number(le) : le;
  return isStorableNumber(bound) ? String(bound) : undefined;
}

/** A histogram sample's count, sum and buckets; undefined when any of it is not storable. */
export function readHistogram(
  sample: Record<string, unknown>,
): (HistogramData & { count: number }) | undefined {
  const { count, sum, buckets } = sample;
  if (!isStorableNumber(count, 0) || !isStorableNumber(sum) || !Array.isArray(buckets)) return undefined;
  if (buckets.length > MAX_HISTOGRAM_BUCKETS) return undefined;
  const read: Record<string, number> = {};
  for (const bucket of buckets) {
    if (!isRecord(bucket)) return undefined;
    const observations = bucket.count;
    if (!isStorableNumber(observations, 0)) return undefined;
    const key = bucketKey(bucket.le);
    if (key === undefined || key in read) return undefined;
    read[key] = observations;
  }
  return { count, sum, buckets: read };
}

/** One metric's samples, or undefined when one of them is not storable (the metric is dropped). */
function readSamples(name: string, type: ImpactSample['type'], raw: unknown[]): ImpactSample[] | undefined {
  const read: ImpactSample[] = [];
  for (const sample of raw) {
    if (!isRecord(sample)) return undefined;
    const labels = readLabels(sample.labels);
    if (!labels) return undefined;
    const labelsKey = labelsKeyOf(labels);
    if (type === 'histogram') {
      const histogram = readHistogram(sample);
      if (!histogram) return undefined;
      const { count, ...data } = histogram;
      read.push({ metricName: name, type, labels, labelsKey, value: count, histogram: data });
      continue;
    }
    const value = sample.value;
    if (!isStorableNumber(value, type === 'counter' ? 0 : -MAX_ABS_VALUE)) return undefined;
    read.push({ metricName: name, type, labels, labelsKey, value });
  }
  return read;
}

/**
 * The storable samples of a report's `impactMetrics`: counters, gauges and histograms with
 * valid names, labels, finite values and at most MAX_HISTOGRAM_BUCKETS buckets. Anything
 * malformed is left out, metric by metric.
 */
export function readImpactMetrics(raw: unknown): ImpactSample[] {
  if (!Array.isArray(raw)) return [];
  const samples: ImpactSample[] = [];
  for (const metric of raw.slice(0, MAX_METRICS_PER_REPORT)) {
    if (!isRecord(metric)) continue;
    const { name, type } = metric;
    if (typeof name !== 'string' || !METRIC_NAME.test(name)) continue;
    if (type !== 'counter' && type !== 'gauge' && type !== 'histogram') continue;
    if (!Array.isArray(metric.samples) || metric.samples.length > MAX_SAMPLES_PER_METRIC) continue;
    const read = readSamples(name, type, metric.samples);
    if (read) samples.push(...read);
  }
  return samples;
}

/** Metrics read from one Edge bulk post (all its applications together); the rest are dropped. */
export const MAX_BULK_METRICS = 500;
/** Samples read per metric of a bulk post (Edge merges one metric's samples of all applications). */
export const MAX_BULK_SAMPLES_PER_METRIC = 1_000;
/** Applications × environments one bulk post may report for; samples of further ones are dropped. */
export const MAX_BULK_REPORTS = 100;
/** The application of samples that do not name theirs (SDKs label every sample with `appName`). */
export const UNNAMED_APPLICATION = 'unknown';

export interface ImpactMetricsReport {
  appName: string;
  environment: string;
  impactMetrics: unknown[];
}

/**
 * Splits the `impactMetrics` of an Edge bulk post into one report per application and
 * environment, read from each sample's `appName` and `environment` labels (which SDKs add to
 * every sample: Unleash's impact-metrics client specification). A token bound to an environment
 * only reports for it: samples labelled with another are dropped, unlabelled ones are its own.
 * Each report is then read with the per-report bounds of `readImpactMetrics`.
 */
export function splitBulkImpactMetrics(
  raw: unknown,
  reporter: { environment: string; allEnvironments: boolean },
): ImpactMetricsReport[] {
  if (!Array.isArray(raw)) return [];
  const reports = new Map<string, ImpactMetricsReport & { metrics: Map<unknown, { samples: unknown[] }> }>();
  for (const metric of raw.slice(0, MAX_BULK_METRICS)) {
    if (!isRecord(metric) || !Array.isArray(metric.samples)) continue;
    if (metric.samples.length > MAX_BULK_SAMPLES_PER_METRIC) continue;
    for (const sample of metric.samples) {
      const labels = isRecord(sample) && isRecord(sample.labels) ? sample.labels : {};
      const labelled = typeof labels.environment === 'string' ? labels.environment : undefined;
      if (!reporter.allEnvironments && labelled !== undefined && labelled !== reporter.environment) continue;
      const environment = reporter.allEnvironments
        ? (labelled ?? reporter.environment)
        : reporter.environment;
      const appName = typeof labels.appName === 'string' ? labels.appName : UNNAMED_APPLICATION;
      const key = JSON.stringify([appName, environment]);
      let report = reports.get(key);
      if (!report) {
        if (reports.size >= MAX_BULK_REPORTS) continue;
        report = { appName, environment, impactMetrics: [], metrics: new Map() };
        reports.set(key, report);
      }
      let grouped = report.metrics.get(metric);
      if (!grouped) {
        grouped = { samples: [] };
        report.metrics.set(metric, grouped);
        report.impactMetrics.push({ ...metric, samples: grouped.samples });
      }
      grouped.samples.push(sample);
    }
  }
  return [...reports.values()].map(({ appName, environment, impactMetrics }) => ({
    appName,
    environment,
    impactMetrics,
  }));
}
