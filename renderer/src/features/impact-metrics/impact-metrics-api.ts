import type {
  CreateImpactMetricsConfig,
  ImpactMetricSeries,
  ImpactMetricsConfig,
  ImpactMetricsConfigList,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';
import type { FlagRef } from '../../api/flag-api';

export type { CreateImpactMetricsConfig, ImpactMetricSeries, ImpactMetricsConfig };

const enc = encodeURIComponent;

/** A flag's impact-metric charts (Unleash's flag impact-metrics config). */
export const flagImpactPath = ({ project, name }: FlagRef) =>
  `/api/admin/projects/${enc(project)}/features/${enc(name)}/impact-metrics/config`;

/** The console's keys: `flag-` keys naming the flag are fetched again after a write to it. */
export const flagImpactKey = (flag: FlagRef) => `flag-impact:${flag.project}:${flag.name}`;
export const flagImpactSeriesKey = (flag: FlagRef, id: string) => `flag-impact-series:${flag.name}:${id}`;

export function createImpactMetricsApi(client: ApiClient) {
  return {
    list: (flag: FlagRef, signal?: AbortSignal) =>
      client.get<ImpactMetricsConfigList>(flagImpactPath(flag), undefined, signal),
    series: (flag: FlagRef, id: string, signal?: AbortSignal) =>
      client.get<ImpactMetricSeries>(`${flagImpactPath(flag)}/${enc(id)}/series`, undefined, signal),
    save: (flag: FlagRef, config: CreateImpactMetricsConfig) =>
      client.post<ImpactMetricsConfig>(flagImpactPath(flag), config),
    remove: (flag: FlagRef, id: string) => client.delete<void>(`${flagImpactPath(flag)}/${enc(id)}`),
  };
}

const AGGREGATION_WORDS: Record<ImpactMetricsConfig['aggregationMode'], string> = {
  count: 'count',
  sum: 'sum',
  avg: 'average',
  rps: 'per second',
  p50: 'median',
  p95: '95th percentile',
  p99: '99th percentile',
};

/** "http_errors {route=/checkout}: count per 1m over the last hour" */
export function describeConfig(config: ImpactMetricsConfig): string {
  const selectors = Object.entries(config.labelSelectors)
    .map(([label, values]) => `${label}=${values.join('|')}`)
    .join(', ');
  const step = config.step ? ` per ${config.step}` : '';
  return `${config.metricName}${selectors ? ` {${selectors}}` : ''}: ${AGGREGATION_WORDS[config.aggregationMode]}${step} over the last ${config.timeRange}`;
}
