import type { Db } from '../../db/database';
import { ApiError } from '../../lib/errors';
import type { CustomSample } from './custom-metrics-rules';
import { applyImpactRetention, type ImpactSampleRow, writeImpactSamples } from './impact-metrics-store';
import { type ImpactSample, readImpactMetrics, splitBulkImpactMetrics } from './impact-metrics-validation';

/**
 * Impact-metric ingestion (issues 14 and 35): samples from SDK reports and custom-metrics posts
 * are merged in memory per series and minute (counters and histograms add up, gauges keep the
 * latest), and written in one batch per flush, never a query per report. Bounded: at most
 * MAX_BUFFERED_SERIES buffered rows, and at most MAX_SERIES_PER_APP series per application (an
 * SDK report's new series past it are dropped, a custom post bringing them is refused; known
 * ones keep counting). The flush also applies the retention, at most every RETENTION_INTERVAL_MS.
 */
export const MAX_BUFFERED_SERIES = 10_000;
export const MAX_SERIES_PER_APP = 500;
/** Applications whose series this process tracks; reports of further ones are dropped. */
export const MAX_TRACKED_APPS = 1_000;
export const IMPACT_METRICS_FLUSH_INTERVAL_MS = 5_000;
/** How often a flush also folds old minutes into hours and drops expired rows. */
export const RETENTION_INTERVAL_MS = 10 * 60_000;
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
  /**
   * Takes the samples of a custom-metrics post (already validated): refuses the whole post with
   * an ExceedsLimitError (400) when it would take an application past its series bound.
   */
  recordCustom(report: { environment: string; samples: readonly CustomSample[] }, now?: Date): void;
  /** Writes what is buffered. */
  flush(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

function minuteOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 60_000) * 60_000);
}

/** What one ingestion keeps between reports and flushes. */
interface IngestionBuffer {
  samples: Map<string, ImpactSampleRow>;
  /** Series known per app (seen in this process or loaded at first report). */
  seriesByApp: Map<string, Set<string>>;
}

const cleanAppName = (name: string) => name.replaceAll('\u0000', '').slice(0, 200);

/** Merges a sample into the minute's row: counters and histograms add up, a gauge keeps the latest. */
function mergeInto(existing: ImpactSampleRow, sample: ImpactSample): void {
  if (existing.type !== sample.type || sample.type === 'gauge') {
    Object.assign(existing, { type: sample.type, value: sample.value, histogram: sample.histogram });
    return;
  }
  existing.value += sample.value;
  if (sample.histogram && existing.histogram) {
    existing.histogram.sum += sample.histogram.sum;
    for (const [le, count] of Object.entries(sample.histogram.buckets)) {
      existing.histogram.buckets[le] = (existing.histogram.buckets[le] ?? 0) + count;
    }
  }
}

/** Adds samples of one application to the buffer, within the per-app and overall bounds. */
function bufferSamples(
  state: IngestionBuffer,
  report: { appName: string; environment: string },
  samples: readonly ImpactSample[],
  now: Date,
): void {
  if (samples.length === 0) return;
  const appName = cleanAppName(report.appName);
  let known = state.seriesByApp.get(appName);
  if (!known) {
    if (state.seriesByApp.size >= MAX_TRACKED_APPS) return;
    known = new Set<string>();
    state.seriesByApp.set(appName, known);
  }
  const bucketStart = minuteOf(now);
  for (const sample of samples) {
    const series = `${sample.metricName}\u0001${sample.labelsKey}`;
    if (!known.has(series)) {
      if (known.size >= MAX_SERIES_PER_APP) continue;
      known.add(series);
    }
    const key = `${appName}\u0001${report.environment}\u0001${series}\u0001${bucketStart.getTime()}`;
    const existing = state.samples.get(key);
    if (existing) {
      mergeInto(existing, sample);
      continue;
    }
    if (state.samples.size >= MAX_BUFFERED_SERIES) continue;
    const copy = sample.histogram
      ? { ...sample, histogram: { sum: sample.histogram.sum, buckets: { ...sample.histogram.buckets } } }
      : { ...sample };
    state.samples.set(key, { ...copy, appName, environment: report.environment, bucketStart });
  }
}

/** Refuses a custom post that would take an application past its bounds, before buffering any of it. */
function assertCustomFits(state: IngestionBuffer, samples: readonly CustomSample[]): void {
  const added = new Map<string, Set<string>>();
  for (const sample of samples) {
    const appName = cleanAppName(sample.appName);
    const known = state.seriesByApp.get(appName);
    const series = `${sample.metricName}\u0001${sample.labelsKey}`;
    if (known?.has(series)) continue;
    const fresh = added.get(appName) ?? new Set<string>();
    fresh.add(series);
    added.set(appName, fresh);
    if ((known?.size ?? 0) + fresh.size > MAX_SERIES_PER_APP) {
      throw new ApiError(
        'ExceedsLimitError',
        `Application "${appName.slice(0, 100)}" would report more than ${MAX_SERIES_PER_APP} impact-metric series.`,
      );
    }
  }
  const newApps = [...added.keys()].filter((app) => !state.seriesByApp.has(app)).length;
  if (state.seriesByApp.size + newApps > MAX_TRACKED_APPS) {
    throw new ApiError(
      'ExceedsLimitError',
      `At most ${MAX_TRACKED_APPS} applications may report impact metrics.`,
    );
  }
}

export function createImpactMetricsIngestion(
  db: Db,
  options: { logger: { warn(obj: unknown, msg: string): void }; flushIntervalMs?: number },
): ImpactMetricsIngestion {
  const state: IngestionBuffer = { samples: new Map(), seriesByApp: new Map() };
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let retainedAt = 0;

  const flush = (): Promise<void> => {
    flushing ??= (async () => {
      const rows = [...state.samples.values()];
      state.samples.clear();
      try {
        await writeImpactSamples(db, rows);
      } catch (error) {
        options.logger.warn(
          { err: error, rows: rows.length },
          'impact metrics flush failed: samples dropped',
        );
      }
      if (Date.now() - retainedAt >= RETENTION_INTERVAL_MS) {
        retainedAt = Date.now();
        await applyImpactRetention(db, new Date()).catch((error: unknown) =>
          options.logger.warn({ err: error }, 'impact metrics retention failed: retried at a later flush'),
        );
      }
    })().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  return {
    record(report, now = new Date()) {
      bufferSamples(state, report, readImpactMetrics(report.impactMetrics), now);
    },
    recordCustom(report, now = new Date()) {
      assertCustomFits(state, report.samples);
      const byApp = new Map<string, CustomSample[]>();
      for (const sample of report.samples)
        byApp.set(sample.appName, [...(byApp.get(sample.appName) ?? []), sample]);
      for (const [appName, samples] of byApp)
        bufferSamples(state, { appName, environment: report.environment }, samples, now);
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
