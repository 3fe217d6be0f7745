import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Queryable } from '../../db/queryable';
import { type ImpactSample, readImpactMetrics, splitBulkImpactMetrics } from './impact-metrics-validation';
import type { AggregationMode, TimeRange } from './safeguard-store';

/**
 * The minimal impact-metric ingestion safeguards need (issue 14): samples from SDK reports are
 * summed in memory per series and minute, and written in one batch per flush, never a query per
 * report. Bounded: at most MAX_BUFFERED_SERIES buffered rows, and at most MAX_SERIES_PER_APP
 * series per application (new series past it are dropped; known ones keep counting).
 */
export const MAX_BUFFERED_SERIES = 10_000;
export const MAX_SERIES_PER_APP = 500;
/** Applications whose series this process tracks; reports of further ones are dropped. */
export const MAX_TRACKED_APPS = 1_000;
export const IMPACT_METRICS_FLUSH_INTERVAL_MS = 5_000;
/** Samples older than the longest safeguard window (a month) are removed at flush. */
const RETENTION_DAYS = 32;

interface BufferedSample extends ImpactSample {
  appName: string;
  environment: string;
  bucketStart: Date;
}

export interface ImpactMetricsIngestion {
  /** Takes a report's `impactMetrics` (anything: it is validated here). */
  record(report: { appName: string; environment: string; impactMetrics: unknown }, now?: Date): void;
  /**
   * Takes the `impactMetrics` of an Edge bulk post (anything: validated here), which mixes
   * applications and, for an all-environments token, environments.
   */
  recordBulk(
    report: { environment: string; allEnvironments: boolean; impactMetrics: unknown },
    now?: Date,
  ): void;
  /** Writes what is buffered. */
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

function minuteOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 60_000) * 60_000);
}

export function createImpactMetricsIngestion(
  db: Db,
  options: { logger: { warn(obj: unknown, msg: string): void }; flushIntervalMs?: number },
): ImpactMetricsIngestion {
  const buffer = new Map<string, BufferedSample>();
  /** Series known per app (seen in this process or loaded at first report). */
  const seriesByApp = new Map<string, Set<string>>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  async function writeBatch(rows: BufferedSample[]): Promise<void> {
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

  const flush = (): Promise<void> => {
    flushing ??= (async () => {
      const rows = [...buffer.values()];
      buffer.clear();
      try {
        await writeBatch(rows);
      } catch (error) {
        options.logger.warn(
          { err: error, rows: rows.length },
          'impact metrics flush failed: samples dropped',
        );
      }
    })().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  return {
    record(report, now = new Date()) {
      const samples = readImpactMetrics(report.impactMetrics);
      if (samples.length === 0) return;
      const appName = report.appName.replaceAll('\u0000', '').slice(0, 200);
      let known = seriesByApp.get(appName);
      if (!known) {
        if (seriesByApp.size >= MAX_TRACKED_APPS) return;
        known = new Set<string>();
        seriesByApp.set(appName, known);
      }
      const bucketStart = minuteOf(now);
      for (const sample of samples) {
        const series = `${sample.metricName}\u0001${sample.labelsKey}`;
        if (!known.has(series)) {
          if (known.size >= MAX_SERIES_PER_APP) continue;
          known.add(series);
        }
        const key = `${appName}\u0001${report.environment}\u0001${series}\u0001${bucketStart.getTime()}`;
        const existing = buffer.get(key);
        if (existing) {
          existing.value = sample.type === 'counter' ? existing.value + sample.value : sample.value;
          continue;
        }
        if (buffer.size >= MAX_BUFFERED_SERIES) continue;
        buffer.set(key, { ...sample, appName, environment: report.environment, bucketStart });
      }
    },
    recordBulk(report, now = new Date()) {
      for (const split of splitBulkImpactMetrics(report.impactMetrics, report)) this.record(split, now);
    },
    flush,
    start() {
      timer = setInterval(() => void flush(), options.flushIntervalMs ?? IMPACT_METRICS_FLUSH_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
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
