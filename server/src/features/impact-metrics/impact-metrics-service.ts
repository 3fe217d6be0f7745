import type { ImpactMetricSeries, ImpactMetricsConfigList, StoredCustomMetrics } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { notFound } from '../../lib/errors';
import { getFeature } from '../feature-toggles';
import { renderPrometheus } from './custom-metrics-rules';
import { getImpactConfig, listImpactConfigs } from './impact-metric-config-store';
import {
  aggregateWindows,
  listLatestSamples,
  listSeriesTotals,
  metricTypesOf,
} from './impact-metrics-read-store';
import { RANGE_SECONDS, RANGE_STEP } from './impact-metrics-rules';
import { toConfigView } from './impact-metrics-view';

/** Series `GET /api/admin/custom-metrics` and the Prometheus exposition list at most. */
export const MAX_LISTED_SERIES = 1_000;
/** `GET /api/admin/custom-metrics` lists the series reported within this window. */
export const CUSTOM_METRICS_WINDOW_MS = 60 * 60_000;

async function requireFlag(db: Queryable, project: string, featureName: string): Promise<void> {
  const feature = await getFeature(db, featureName);
  if (!feature || feature.project !== project || feature.archivedAt) {
    throw notFound(`There's no feature named "${featureName}" in project "${project}".`);
  }
}

/** The impact-metric reads (issue 35 §1): charts and their points, stored series, the Prometheus text. */
export function createImpactMetricsService(db: Queryable) {
  async function listConfigs(featureName: string | null): Promise<ImpactMetricsConfigList> {
    const records = await listImpactConfigs(db, featureName);
    const types = await metricTypesOf(db, [...new Set(records.map((record) => record.metricName))]);
    return { configs: records.map((record) => toConfigView(record, types.get(record.metricName))) };
  }

  return {
    /** The instance's charts (`featureName` absent) or a flag's (404 when the flag is not in the project). */
    async configs(flag?: { project: string; featureName: string }): Promise<ImpactMetricsConfigList> {
      if (!flag) return listConfigs(null);
      await requireFlag(db, flag.project, flag.featureName);
      return listConfigs(flag.featureName);
    },

    /** A chart's points over its time range, one per step (null where nothing was reported). */
    async series(
      flag: { project: string; featureName: string } | undefined,
      id: string,
      now = new Date(),
    ): Promise<ImpactMetricSeries> {
      if (flag) await requireFlag(db, flag.project, flag.featureName);
      const config = await getImpactConfig(db, flag?.featureName ?? null, id);
      if (!config) throw notFound(`Could not find impact metric config with id ${id}.`);
      const { step, seconds: stepSeconds } = RANGE_STEP[config.timeRange];
      const points = Math.round(RANGE_SECONDS[config.timeRange] / stepSeconds);
      const last = Math.floor(now.getTime() / 1000 / stepSeconds) * stepSeconds;
      const first = last - (points - 1) * stepSeconds;
      const since = new Date(first * 1000);
      const windows = await aggregateWindows(db, config, { since, stepSeconds, seconds: stepSeconds });
      return {
        configId: config.id,
        step,
        points: Array.from({ length: points }, (_, index) => {
          const at = (first + index * stepSeconds) * 1000;
          return { time: new Date(at).toISOString(), value: windows.get(at) ?? null };
        }),
      };
    },

    /** Every series reported within the last hour, at its newest minute (Unleash's getCustomMetrics). */
    async customMetrics(now = new Date()): Promise<StoredCustomMetrics> {
      const rows = await listLatestSamples(db, {
        since: new Date(now.getTime() - CUSTOM_METRICS_WINDOW_MS),
        limit: MAX_LISTED_SERIES,
      });
      const metrics = rows.map((row) => ({
        name: row.metricName,
        value: row.value,
        labels: row.labels,
        timestamp: row.at.toISOString(),
        type: row.type,
        appName: row.appName,
        environment: row.environment,
        ...(row.type === 'histogram'
          ? {
              histogram: {
                count: row.value,
                sum: row.histogramSum ?? 0,
                buckets: Object.entries(row.histogramBuckets ?? {})
                  .map(([le, count]) => ({ le: le === '+Inf' ? ('+Inf' as const) : Number(le), count }))
                  .sort((a, b) => (a.le === '+Inf' ? 1 : b.le === '+Inf' ? -1 : a.le - b.le)),
              },
            }
          : {}),
      }));
      return { metrics, count: metrics.length, metricNames: [...new Set(metrics.map((m) => m.name))] };
    },

    /** Every stored series in Prometheus' text format (Unleash's getPrometheusMetrics). */
    async prometheus(): Promise<string> {
      return renderPrometheus(await listSeriesTotals(db, MAX_LISTED_SERIES));
    },
  };
}

export type ImpactMetricsService = ReturnType<typeof createImpactMetricsService>;
