// The charts' styles load with the flag page's chunk, as the evaluation chart's do (issue 33).
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Center, Stack, Text } from '@mantine/core';
import type { FlagRef } from '../../api/flag-api';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerData } from '../../stores/use-server-data';
import {
  createImpactMetricsApi,
  flagImpactSeriesKey,
  type ImpactMetricSeries,
  type ImpactMetricsConfig,
} from './impact-metrics-api';

/** A y axis from zero (yAxisMin `zero`), its top following the data. */
const FROM_ZERO: [number, 'auto'] = [0, 'auto'];

const timeLabel = (iso: string, step: ImpactMetricSeries['step']) => {
  const date = new Date(iso);
  if (step === '1d') return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  if (step === '3h')
    return date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit' });
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
};

/** One chart's points as a line (gaps where nothing was reported); its label says what it shows. */
export function ImpactMetricLine({
  config,
  series,
}: {
  config: ImpactMetricsConfig;
  series: ImpactMetricSeries;
}) {
  const reported = series.points.filter((point) => point.value !== null);
  if (reported.length === 0) {
    return (
      <Center mih={80}>
        <Text c="dimmed" size="sm" data-testid="no-impact-samples">
          No SDK reported {config.metricName} over the last {config.timeRange}.
        </Text>
      </Center>
    );
  }
  const values = reported.map((point) => point.value as number);
  const latest = values[values.length - 1] as number;
  const summary = `${config.displayName}: latest ${latest.toLocaleString()}, peak ${Math.max(...values).toLocaleString()} over the last ${config.timeRange}`;
  return (
    <Stack gap={4}>
      <div role="img" aria-label={summary} data-testid="impact-chart" data-points={series.points.length}>
        <LineChart
          h={160}
          data={series.points.map((point) => ({
            time: timeLabel(point.time, series.step),
            value: point.value,
          }))}
          dataKey="time"
          series={[{ name: 'value', label: config.displayName, color: 'indigo.6' }]}
          curveType="linear"
          connectNulls={false}
          withDots={false}
          tickLine="xy"
          valueFormatter={(value) => value.toLocaleString()}
          xAxisProps={{ minTickGap: 24 }}
          yAxisProps={{ width: 56, ...(config.yAxisMin === 'zero' ? { domain: FROM_ZERO } : {}) }}
          lineProps={{ isAnimationActive: false }}
        />
      </div>
      <Text size="xs" data-testid="impact-summary">
        Latest {latest.toLocaleString()} · peak {Math.max(...values).toLocaleString()}
      </Text>
    </Stack>
  );
}

/** A chart of one impact-metric config of the flag, its points asked for on their own. */
export function ImpactMetricChart({ flag, config }: { flag: FlagRef; config: ImpactMetricsConfig }) {
  const series = useServerData(flagImpactSeriesKey(flag, config.id), (api, signal) =>
    createImpactMetricsApi(api.client).series(flag, config.id, signal),
  );
  return (
    <QueryState query={series} noun="impact metric points">
      {(data) => <ImpactMetricLine config={config} series={data} />}
    </QueryState>
  );
}
