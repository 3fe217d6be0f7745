import { type RawBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import {
  type AggregationMode,
  PERCENTILES,
  quantileFromBuckets,
  RANGE_SECONDS,
  type TimeRange,
} from './impact-metrics-rules';

/** What a safeguard or a chart measures: a metric, its labels, a range and how to aggregate it. */
export interface ImpactQuery {
  metricName: string;
  /** Only this environment's samples; every environment when absent. */
  environment?: string;
  timeRange: TimeRange;
  aggregationMode: AggregationMode;
  labelSelectors: Record<string, string[]>;
}

type MetricType = 'counter' | 'gauge' | 'histogram';

/**
 * The selectors as a condition: a label must take one of the listed values. `environment` and
 * `appName` are columns (every SDK sample carries both as labels, which the store keeps apart).
 */
function labelFilter(selectors: Record<string, string[]>): RawBuilder<boolean> {
  const parts = Object.entries(selectors)
    .filter(([, values]) => values.length > 0)
    .map(([label, values]) => {
      const list = sql.join(values.map((value) => sql`${value}`));
      if (label === 'environment') return sql`environment in (${list})`;
      if (label === 'appName') return sql`app_name in (${list})`;
      return sql`labels->>${label} in (${list})`;
    });
  return parts.length > 0 ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`true`;
}

/** The metric's type, as its newest sample says; null when none is stored. */
export async function metricTypeOf(db: Queryable, metricName: string): Promise<MetricType | null> {
  const row = await db
    .selectFrom('impact_metric_samples')
    .select('metric_type')
    .where('metric_name', '=', metricName)
    .orderBy('bucket_start', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.metric_type ?? null;
}

/** Types of several metrics at once, for listing charts. */
export async function metricTypesOf(
  db: Queryable,
  names: readonly string[],
): Promise<Map<string, MetricType>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('impact_metric_samples')
    .select(['metric_name', 'metric_type'])
    .distinctOn('metric_name')
    .where('metric_name', 'in', names)
    .orderBy('metric_name')
    .orderBy('bucket_start', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.metric_name, row.metric_type]));
}

function scalarAggregate(
  mode: AggregationMode,
  type: MetricType,
  seconds: number,
): RawBuilder<number | null> {
  if (type === 'histogram') {
    if (mode === 'sum') return sql`sum(histogram_sum)`;
    if (mode === 'avg') return sql`sum(histogram_sum) / nullif(sum(value), 0)`;
  }
  switch (mode) {
    case 'count':
    case 'sum':
      return sql`sum(value)`;
    case 'rps':
      return sql`sum(value) / ${seconds}::double precision`;
    case 'avg':
      return sql`avg(value)`;
    default:
      return sql`percentile_cont(${PERCENTILES[mode]}::double precision) within group (order by value)`;
  }
}

/** The window a row falls in: steps of `stepSeconds` from the epoch, or one window for all. */
const windowOf = (stepSeconds: number | null, since: Date): RawBuilder<Date> =>
  stepSeconds === null
    ? sql`${since}::timestamptz`
    : sql`to_timestamp(floor(extract(epoch from bucket_start)::float8 / ${stepSeconds}::float8) * ${stepSeconds}::float8)`;

/**
 * The metric aggregated per window since `since` (one window when `stepSeconds` is null): count and
 * sum add the stored values; rps divides by the window; avg and percentiles are taken over the
 * stored (per-minute, or per-hour past a week) values. A histogram's percentiles come from its
 * buckets merged over the window, its sum and average from the observations' sum.
 */
export async function aggregateWindows(
  db: Queryable,
  query: ImpactQuery,
  window: { since: Date; stepSeconds: number | null; seconds: number },
): Promise<Map<number, number | null>> {
  const type = (await metricTypeOf(db, query.metricName)) ?? 'counter';
  const at = windowOf(window.stepSeconds, window.since);
  const where = sql`metric_name = ${query.metricName} and bucket_start >= ${window.since}
    and ${query.environment === undefined ? sql`true` : sql`environment = ${query.environment}`}
    and ${labelFilter(query.labelSelectors)}`;
  const result = new Map<number, number | null>();
  if (type === 'histogram' && query.aggregationMode in PERCENTILES) {
    const { rows } = await sql<{ at: Date; le: string; count: number }>`
      select ${at} as at, e.key as le, sum(e.value::float8) as count
      from impact_metric_samples, jsonb_each_text(coalesce(histogram_buckets, '{}'::jsonb)) as e(key, value)
      where ${where}
      group by 1, 2`.execute(db);
    const perWindow = new Map<number, Record<string, number>>();
    for (const row of rows) {
      const key = new Date(row.at).getTime();
      const buckets = perWindow.get(key) ?? {};
      buckets[row.le] = Number(row.count);
      perWindow.set(key, buckets);
    }
    const q = PERCENTILES[query.aggregationMode as keyof typeof PERCENTILES];
    for (const [key, buckets] of perWindow) result.set(key, quantileFromBuckets(buckets, q));
    return result;
  }
  const seconds = window.stepSeconds ?? window.seconds;
  const { rows } = await sql<{ at: Date; value: number | null }>`
    select ${at} as at, ${scalarAggregate(query.aggregationMode, type, seconds)} as value
    from impact_metric_samples
    where ${where}
    group by 1`.execute(db);
  for (const row of rows) {
    result.set(new Date(row.at).getTime(), row.value === null ? null : Number(row.value));
  }
  return result;
}

/**
 * The value a safeguard compares with its threshold: the metric over its whole time range,
 * restricted to the selectors. Null when there is no sample.
 */
export async function aggregateImpactMetric(
  db: Queryable,
  query: ImpactQuery,
  now: Date,
): Promise<number | null> {
  const seconds = RANGE_SECONDS[query.timeRange];
  const since = new Date(now.getTime() - seconds * 1000);
  const windows = await aggregateWindows(db, query, { since, stepSeconds: null, seconds });
  return windows.get(since.getTime()) ?? null;
}

/** A stored series with its newest minute (or hour), as `GET /api/admin/custom-metrics` lists it. */
export interface LatestSampleRow {
  metricName: string;
  appName: string;
  environment: string;
  labels: Record<string, string>;
  type: MetricType;
  value: number;
  at: Date;
  histogramSum: number | null;
  histogramBuckets: Record<string, number> | null;
}

/** The newest sample of each series seen since `since`, at most `limit` series, by name. */
export async function listLatestSamples(
  db: Queryable,
  options: { since: Date; limit: number },
): Promise<LatestSampleRow[]> {
  const rows = await db
    .selectFrom('impact_metric_samples')
    .distinctOn(['metric_name', 'app_name', 'environment', 'labels_key'])
    .select([
      'metric_name',
      'app_name',
      'environment',
      'labels',
      'metric_type',
      'value',
      'bucket_start',
      'histogram_sum',
      'histogram_buckets',
    ])
    .where('bucket_start', '>=', options.since)
    .orderBy('metric_name')
    .orderBy('app_name')
    .orderBy('environment')
    .orderBy('labels_key')
    .orderBy('bucket_start', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    metricName: row.metric_name,
    appName: row.app_name,
    environment: row.environment,
    labels: row.labels as Record<string, string>,
    type: row.metric_type,
    value: Number(row.value),
    at: new Date(row.bucket_start),
    histogramSum: row.histogram_sum === null ? null : Number(row.histogram_sum),
    histogramBuckets: (row.histogram_buckets as Record<string, number> | null) ?? null,
  }));
}

/** A series over everything stored: a counter's total, a gauge's newest value, a histogram's totals. */
export interface SeriesTotalRow {
  metricName: string;
  appName: string;
  environment: string;
  labels: Record<string, string>;
  type: MetricType;
  /** Counter and histogram: the sum of every stored row (observations for a histogram); gauge: the newest. */
  value: number;
  histogramSum: number | null;
  histogramBuckets: Record<string, number> | null;
}

/** Every stored series (at most `limit`, by name) with its totals, for the Prometheus exposition. */
export async function listSeriesTotals(db: Queryable, limit: number): Promise<SeriesTotalRow[]> {
  const { rows } = await sql<{
    metric_name: string;
    app_name: string;
    environment: string;
    labels_key: string;
    labels: Record<string, string>;
    metric_type: MetricType;
    latest: number;
    total: number;
    histogram_sum: number | null;
  }>`
    select metric_name, app_name, environment, labels_key,
           (array_agg(labels order by resolution = 'minute', bucket_start))[count(*)::int] as labels,
           (array_agg(metric_type order by resolution = 'minute', bucket_start))[count(*)::int] as metric_type,
           (array_agg(value order by resolution = 'minute', bucket_start))[count(*)::int] as latest,
           sum(value) as total, sum(histogram_sum) as histogram_sum
    from impact_metric_samples
    group by metric_name, app_name, environment, labels_key
    order by metric_name, app_name, environment, labels_key
    limit ${limit}`.execute(db);
  const histogramNames = [
    ...new Set(rows.filter((r) => r.metric_type === 'histogram').map((r) => r.metric_name)),
  ];
  const buckets = new Map<string, Record<string, number>>();
  if (histogramNames.length > 0) {
    const { rows: bucketRows } = await sql<{ series: string; le: string; count: number }>`
      select concat_ws(chr(1), metric_name, app_name, environment, labels_key) as series,
             e.key as le, sum(e.value::float8) as count
      from impact_metric_samples, jsonb_each_text(coalesce(histogram_buckets, '{}'::jsonb)) as e(key, value)
      where metric_type = 'histogram' and metric_name in (${sql.join(histogramNames.map((n) => sql`${n}`))})
      group by 1, 2`.execute(db);
    for (const row of bucketRows) {
      const series = buckets.get(row.series) ?? {};
      series[row.le] = Number(row.count);
      buckets.set(row.series, series);
    }
  }
  return rows.map((row) => ({
    metricName: row.metric_name,
    appName: row.app_name,
    environment: row.environment,
    labels: row.labels ?? {},
    type: row.metric_type,
    value: Number(row.metric_type === 'gauge' ? row.latest : row.total),
    histogramSum: row.histogram_sum === null ? null : Number(row.histogram_sum),
    histogramBuckets:
      buckets.get([row.metric_name, row.app_name, row.environment, row.labels_key].join('\u0001')) ?? null,
  }));
}
