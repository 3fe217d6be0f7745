import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { ImpactSample } from './impact-metrics-validation';
import type { AggregationMode, TimeRange } from './safeguard-store';

/** Samples older than the longest safeguard window (a month) are removed at flush. */
const RETENTION_DAYS = 32;

/** One series' value for one minute, as impact-metrics-ingestion.ts buffers it. */
export interface ImpactSampleRow extends ImpactSample {
  appName: string;
  environment: string;
  bucketStart: Date;
}

/** Writes a batch of per-minute samples (counters add up, gauges keep the latest) and drops expired ones. */
export async function writeImpactSamples(db: Queryable, rows: readonly ImpactSampleRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('impact_metric_samples')
    .values(
      rows.map((row) => ({
        metric_name: row.metricName,
        app_name: row.appName,
        environment: row.environment,
        labels_key: row.labelsKey,
        labels: JSON.stringify(row.labels),
        metric_type: row.type,
        bucket_start: row.bucketStart,
        value: row.value,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['metric_name', 'app_name', 'environment', 'labels_key', 'bucket_start']).doUpdateSet({
        // Counters add up their deltas; a gauge keeps its latest value.
        value: sql`case when excluded.metric_type = 'counter' then impact_metric_samples.value + excluded.value else excluded.value end`,
        metric_type: sql`excluded.metric_type`,
      }),
    )
    .execute();
  const cutoff = new Date(Date.now() - RETENTION_DAYS * 86_400_000);
  await db.deleteFrom('impact_metric_samples').where('bucket_start', '<', cutoff).execute();
}

const RANGE_SECONDS: Record<TimeRange, number> = {
  hour: 3600,
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
};

/**
 * The value a safeguard compares with its threshold: the metric over the time range, in one
 * environment, restricted to samples whose labels match the selectors (a label must take one of
 * the listed values). count/sum add the per-minute values; rps divides that by the range;
 * avg and the percentiles are taken over the per-minute values. Null when there is no sample.
 */
export async function aggregateImpactMetric(
  db: Queryable,
  query: {
    metricName: string;
    environment: string;
    timeRange: TimeRange;
    aggregationMode: AggregationMode;
    labelSelectors: Record<string, string[]>;
  },
  now: Date,
): Promise<number | null> {
  const seconds = RANGE_SECONDS[query.timeRange];
  const since = new Date(now.getTime() - seconds * 1000);
  const aggregate = {
    count: sql<number | null>`sum(value)`,
    sum: sql<number | null>`sum(value)`,
    rps: sql<number | null>`sum(value) / ${seconds}::double precision`,
    avg: sql<number | null>`avg(value)`,
    p50: sql<number | null>`percentile_cont(0.5) within group (order by value)`,
    p95: sql<number | null>`percentile_cont(0.95) within group (order by value)`,
    p99: sql<number | null>`percentile_cont(0.99) within group (order by value)`,
  }[query.aggregationMode];
  let select = db
    .selectFrom('impact_metric_samples')
    .select(aggregate.as('result'))
    .where('metric_name', '=', query.metricName)
    .where('environment', '=', query.environment)
    .where('bucket_start', '>=', since);
  for (const [label, values] of Object.entries(query.labelSelectors)) {
    if (values.length === 0) continue;
    select = select.where(sql<string>`labels->>${label}`, 'in', values);
  }
  const row = await select.executeTakeFirst();
  return row?.result === null || row?.result === undefined ? null : Number(row.result);
}
