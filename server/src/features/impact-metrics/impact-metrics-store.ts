import { sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { ImpactSample } from './impact-metrics-validation';

/**
 * Retention (impact-metrics/README.md): minute rows for MINUTE_RETENTION_DAYS, then folded into
 * one row per hour, kept until HOUR_RETENTION_DAYS (a month's safeguard window and a day more).
 */
export const MINUTE_RETENTION_DAYS = 7;
export const HOUR_RETENTION_DAYS = 32;

/** One series' value for one minute, as impact-metrics-ingestion.ts buffers it. */
export interface ImpactSampleRow extends ImpactSample {
  appName: string;
  environment: string;
  bucketStart: Date;
}

/** Adds two bucket maps (jsonb objects) key by key. */
const mergedBuckets = sql`(
  select jsonb_object_agg(key, coalesce((impact_metric_samples.histogram_buckets->>key)::float8, 0)
                             + coalesce((excluded.histogram_buckets->>key)::float8, 0))
  from jsonb_object_keys(coalesce(impact_metric_samples.histogram_buckets, '{}'::jsonb)
                         || coalesce(excluded.histogram_buckets, '{}'::jsonb)) as key
)`;

/**
 * Writes a batch of per-minute samples: counters and histograms add up their deltas (count, sum
 * and every bucket), a gauge keeps its latest value.
 */
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
        resolution: 'minute' as const,
        bucket_start: row.bucketStart,
        value: row.value,
        histogram_sum: row.histogram?.sum ?? null,
        histogram_buckets: row.histogram ? JSON.stringify(row.histogram.buckets) : null,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['metric_name', 'app_name', 'environment', 'labels_key', 'resolution', 'bucket_start'])
        .doUpdateSet({
          value: sql`case when excluded.metric_type = 'gauge' then excluded.value
                          else impact_metric_samples.value + excluded.value end`,
          histogram_sum: sql`case when excluded.metric_type = 'histogram'
                                  then coalesce(impact_metric_samples.histogram_sum, 0) + coalesce(excluded.histogram_sum, 0)
                                  else null end`,
          histogram_buckets: sql`case when excluded.metric_type = 'histogram' then ${mergedBuckets} else null end`,
          metric_type: sql`excluded.metric_type`,
        }),
    )
    .execute();
}

/**
 * Folds minute rows older than MINUTE_RETENTION_DAYS (whole hours only) into hourly rows: counters
 * and histograms add up, a gauge keeps the hour's average. Then drops hourly rows older than
 * HOUR_RETENTION_DAYS. One statement each, so instances running it together only repeat a no-op.
 */
export async function applyImpactRetention(db: Queryable, now: Date): Promise<void> {
  const minuteCutoff = new Date(now.getTime() - MINUTE_RETENTION_DAYS * 86_400_000);
  await sql`
    with moved as (
      delete from impact_metric_samples
      where resolution = 'minute' and bucket_start < date_trunc('hour', ${minuteCutoff}::timestamptz)
      returning *
    ),
    bucket_counts as (
      select metric_name, app_name, environment, labels_key, date_trunc('hour', bucket_start) as hour,
             e.key, sum(e.value::float8) as count
      from moved, jsonb_each_text(coalesce(histogram_buckets, '{}'::jsonb)) as e(key, value)
      group by 1, 2, 3, 4, 5, 6
    ),
    buckets as (
      select metric_name, app_name, environment, labels_key, hour, jsonb_object_agg(key, count) as histogram_buckets
      from bucket_counts group by 1, 2, 3, 4, 5
    ),
    hours as (
      select metric_name, app_name, environment, labels_key, date_trunc('hour', bucket_start) as hour,
             (array_agg(labels order by bucket_start desc))[1] as labels,
             (array_agg(metric_type order by bucket_start desc))[1] as metric_type,
             sum(value) as total, avg(value) as average, sum(histogram_sum) as histogram_sum
      from moved group by 1, 2, 3, 4, 5
    )
    insert into impact_metric_samples (metric_name, app_name, environment, labels_key, labels, metric_type,
                                       resolution, bucket_start, value, histogram_sum, histogram_buckets)
    select h.metric_name, h.app_name, h.environment, h.labels_key, h.labels, h.metric_type, 'hour', h.hour,
           case when h.metric_type = 'gauge' then h.average else h.total end,
           case when h.metric_type = 'histogram' then h.histogram_sum end,
           case when h.metric_type = 'histogram' then b.histogram_buckets end
    from hours h
    left join buckets b using (metric_name, app_name, environment, labels_key, hour)
    on conflict (metric_name, app_name, environment, labels_key, resolution, bucket_start) do update set
      value = case when excluded.metric_type = 'gauge' then excluded.value
                   else impact_metric_samples.value + excluded.value end,
      histogram_sum = case when excluded.metric_type = 'histogram'
                           then coalesce(impact_metric_samples.histogram_sum, 0) + coalesce(excluded.histogram_sum, 0) end,
      histogram_buckets = case when excluded.metric_type = 'histogram' then ${mergedBuckets} end
  `.execute(db);
  const hourCutoff = new Date(now.getTime() - HOUR_RETENTION_DAYS * 86_400_000);
  await db.deleteFrom('impact_metric_samples').where('bucket_start', '<', hourCutoff).execute();
}
