import { type CustomMetrics, LABEL_NAME, MAX_LABELS_PER_SAMPLE, METRIC_NAME } from '../../../contract';
import { badData } from '../../lib/errors';
import {
  type ImpactSample,
  labelsKeyOf,
  MAX_ABS_VALUE,
  UNNAMED_APPLICATION,
} from './impact-metrics-validation';

/**
 * `POST /api/client/metrics/custom` (Unleash's clientCustomMetrics): `{metrics: [{name, value,
 * labels?}]}`, hostile public input. Unlike the SDK report's `impactMetrics` (dropped metric by
 * metric, the flag counts must still count), this post carries nothing else, so anything it
 * cannot store refuses the whole post with a 400 that says where.
 */

/** Labels that name where a sample comes from rather than what it measures: stored as columns. */
const PLACE_LABELS = new Set(['appName', 'environment']);

export interface CustomSample extends ImpactSample {
  appName: string;
}

function fail(index: number, field: string, message: string): never {
  throw badData(message, [{ path: `/body/metrics/${index}/${field}`, message }]);
}

/** The samples of a custom-metrics post, each with its application (`labels.appName`, or `unknown`). */
export function readCustomMetrics(body: CustomMetrics): CustomSample[] {
  return body.metrics.map((metric, index) => {
    if (!METRIC_NAME.test(metric.name)) {
      fail(
        index,
        'name',
        `"${metric.name.slice(0, 100)}" is not a valid metric name: letters, digits, "_" and ":".`,
      );
    }
    const type = metric.type ?? 'gauge';
    if (!Number.isFinite(metric.value) || Math.abs(metric.value) > MAX_ABS_VALUE) {
      fail(index, 'value', `The value must be a finite number within ±${MAX_ABS_VALUE}.`);
    }
    if (type === 'counter' && metric.value < 0)
      fail(index, 'value', 'A counter only goes up: its value cannot be negative.');
    const labels = metric.labels ?? {};
    const measured = Object.keys(labels).filter((label) => !PLACE_LABELS.has(label));
    if (measured.length > MAX_LABELS_PER_SAMPLE) {
      fail(
        index,
        'labels',
        `A metric has at most ${MAX_LABELS_PER_SAMPLE} labels besides appName and environment.`,
      );
    }
    for (const [label, value] of Object.entries(labels)) {
      if (!LABEL_NAME.test(label))
        fail(index, 'labels', `"${label.slice(0, 64)}" is not a valid label name.`);
      if (value.includes('\u0000')) fail(index, 'labels', `Label "${label}" contains a NUL character.`);
    }
    return {
      metricName: metric.name,
      type,
      labels,
      labelsKey: labelsKeyOf(labels),
      value: metric.value,
      appName: labels.appName || UNNAMED_APPLICATION,
    };
  });
}

/** A series as the Prometheus exposition renders it. */
export interface ExposedSeries {
  metricName: string;
  appName: string;
  environment: string;
  labels: Record<string, string>;
  type: 'counter' | 'gauge' | 'histogram';
  value: number;
  histogramSum: number | null;
  histogramBuckets: Record<string, number> | null;
}

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function labelText(labels: Record<string, string>): string {
  const entries = Object.entries(labels);
  return entries.length === 0 ? '' : `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

const number = (value: number) =>
  Number.isFinite(value) ? String(value) : value > 0 ? '+Inf' : value < 0 ? '-Inf' : 'NaN';

/** One series' lines: its value, or a histogram's buckets, sum and count. */
function seriesLines(series: ExposedSeries): string[] {
  // Every series says where it comes from, as Unleash's SDKs label every sample.
  const labels = { ...series.labels, appName: series.appName, environment: series.environment };
  if (series.type !== 'histogram')
    return [`${series.metricName}${labelText(labels)} ${number(series.value)}`];
  const buckets = Object.entries(series.histogramBuckets ?? {})
    .map(([le, count]) => [le, le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le), count] as const)
    .sort((a, b) => a[1] - b[1]);
  if (!buckets.some(([le]) => le === '+Inf')) buckets.push(['+Inf', Number.POSITIVE_INFINITY, series.value]);
  return [
    ...buckets.map(
      ([le, , count]) => `${series.metricName}_bucket${labelText({ ...labels, le })} ${number(count)}`,
    ),
    `${series.metricName}_sum${labelText(labels)} ${number(series.histogramSum ?? 0)}`,
    `${series.metricName}_count${labelText(labels)} ${number(series.value)}`,
  ];
}

/**
 * The stored series in Prometheus' text exposition format: one HELP and TYPE per metric, then its
 * series; counters and histograms as their totals over what is stored, gauges as their newest value.
 */
export function renderPrometheus(series: readonly ExposedSeries[]): string {
  const byName = new Map<string, ExposedSeries[]>();
  for (const one of series) byName.set(one.metricName, [...(byName.get(one.metricName) ?? []), one]);
  const blocks: string[] = [];
  for (const [name, list] of [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const type = list[list.length - 1]?.type ?? 'gauge';
    blocks.push(
      [
        `# HELP ${name} Impact metric reported to Switchyard`,
        `# TYPE ${name} ${type}`,
        ...list.filter((one) => one.type === type).flatMap(seriesLines),
      ].join('\n'),
    );
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}
