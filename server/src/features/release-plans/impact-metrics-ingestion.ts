import type { Db } from '../../db/database';
import { type ImpactSampleRow, writeImpactSamples } from './impact-metrics-store';
import { readImpactMetrics, splitBulkImpactMetrics } from './impact-metrics-validation';

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

/** What one ingestion keeps between reports and flushes. */
interface IngestionBuffer {
  samples: Map<string, ImpactSampleRow>;
  /** Series known per app (seen in this process or loaded at first report). */
  seriesByApp: Map<string, Set<string>>;
}

/** Adds one report's samples to the buffer, within the per-app and overall bounds. */
function bufferReport(
  state: IngestionBuffer,
  report: { appName: string; environment: string; impactMetrics: unknown },
  now: Date,
): void {
  const samples = readImpactMetrics(report.impactMetrics);
  if (samples.length === 0) return;
  const appName = report.appName.replaceAll('\u0000', '').slice(0, 200);
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
      existing.value = sample.type === 'counter' ? existing.value + sample.value : sample.value;
      continue;
    }
    if (state.samples.size >= MAX_BUFFERED_SERIES) continue;
    state.samples.set(key, { ...sample, appName, environment: report.environment, bucketStart });
  }
}

export function createImpactMetricsIngestion(
  db: Db,
  options: { logger: { warn(obj: unknown, msg: string): void }; flushIntervalMs?: number },
): ImpactMetricsIngestion {
  const state: IngestionBuffer = { samples: new Map(), seriesByApp: new Map() };
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

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
    })().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  return {
    record(report, now = new Date()) {
      bufferReport(state, report, now);
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
