// The charts' styles load with the flag page's chunk, as the insights' do (issue 33).
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Center, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { createFlagPageApi } from '../../api/flag-api';
import { QueryState } from '../../components/QueryState/QueryState';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import {
  type ChartMode,
  chartPoints,
  type HourBucket,
  hasEvaluations,
  hourlyBuckets,
  metricEnvironments,
  variantNames,
} from './evaluation-buckets';
import classes from './FlagPage.module.css';

const VARIANT_COLOURS = [
  'blue.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.6',
  'yellow.7',
];

/**
 * Evaluations per hour as a time series (Mantine charts over recharts, issue 32): hours on the x
 * axis, counts on the y axis, yes and no stacked, or one stack per variant. The drawing is not
 * read by screen readers: its label and the totals below say what it shows.
 */
export function EvaluationBars({
  buckets,
  environment,
  mode = 'yes-no',
}: {
  buckets: readonly HourBucket[];
  environment: string;
  mode?: ChartMode;
}) {
  const yes = buckets.reduce((sum, bucket) => sum + bucket.yes, 0);
  const no = buckets.reduce((sum, bucket) => sum + bucket.no, 0);
  const peak = Math.max(0, ...buckets.map((bucket) => bucket.yes + bucket.no));
  const names = variantNames(buckets);
  const series =
    mode === 'yes-no'
      ? [
          { name: 'yes', label: 'Yes (enabled)', color: 'teal.6' },
          { name: 'no', label: 'No (disabled)', color: 'gray.6' },
        ]
      : names.map((name, index) => ({
          name,
          color: VARIANT_COLOURS[index % VARIANT_COLOURS.length] as string,
        }));
  const spansDays = buckets.length > 24;
  const summary = `Evaluations per hour in ${environment}: ${yes.toLocaleString()} yes, ${no.toLocaleString()} no`;
  return (
    <Stack gap={4}>
      <div
        role="img"
        aria-label={summary}
        data-testid="evaluation-chart"
        data-points={buckets.length}
        data-series={series.map((entry) => entry.name).join(',')}
      >
        <BarChart
          h={220}
          data={chartPoints(buckets, mode, spansDays)}
          dataKey="hour"
          type="stacked"
          series={series}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          xAxisLabel="Hour"
          yAxisLabel="Evaluations"
          tickLine="xy"
          valueFormatter={(value) => value.toLocaleString()}
          xAxisProps={{ minTickGap: 16 }}
          yAxisProps={{ allowDecimals: false, width: 56, interval: 0 }}
          barProps={{ isAnimationActive: false }}
        />
      </div>
      <Text size="xs" data-testid="evaluation-totals">
        {yes.toLocaleString()} yes · {no.toLocaleString()} no · peak {peak.toLocaleString()}/hour
        {mode === 'variants' && names.length === 0 ? ' · no variant was reported' : ''}
      </Text>
    </Stack>
  );
}

const RANGES = [
  { value: '1', label: '1 hour' },
  { value: '24', label: '24 hours' },
  { value: '48', label: '48 hours' },
  { value: '168', label: '7 days' },
];

const MODES = [
  { value: 'yes-no', label: 'Yes / no' },
  { value: 'variants', label: 'Variants' },
];

/** How often SDKs evaluated the flag, per hour and environment (`client-metrics/features/:name/raw`). */
export function EvaluationChart({ name, environments }: { name: string; environments: readonly string[] }) {
  const now = useNow(60_000);
  const [hoursBack, setHoursBack] = useState(48);
  const [mode, setMode] = useState<ChartMode>('yes-no');
  const [chosen, setChosen] = useState<string | null>(null);
  const metrics = useServerData(`flag-metrics:${name}:${hoursBack}`, (api, signal) =>
    createFlagPageApi(api.client).rawMetrics(name, hoursBack, signal),
  );
  const reported = metrics.data ? metricEnvironments(metrics.data) : [];
  const options = [...new Set([...environments, ...reported])];
  const environment = chosen && options.includes(chosen) ? chosen : (reported[0] ?? environments[0] ?? null);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Environment"
          data={options}
          value={environment}
          onChange={setChosen}
          allowDeselect={false}
          size="xs"
        />
        <SegmentedControl
          aria-label="Period"
          size="xs"
          data={RANGES}
          value={String(hoursBack)}
          onChange={(value) => setHoursBack(Number(value))}
        />
        <SegmentedControl
          aria-label="Show"
          size="xs"
          data={MODES}
          value={mode}
          onChange={(value) => setMode(value as ChartMode)}
        />
      </Group>
      <QueryState query={metrics} noun="evaluation metrics">
        {(data) => {
          const buckets = environment ? hourlyBuckets(data, environment, hoursBack, now) : [];
          return environment && hasEvaluations(buckets) ? (
            <EvaluationBars buckets={buckets} environment={environment} mode={mode} />
          ) : (
            <Center className={classes.emptyChart}>
              <Text c="dimmed" size="sm" data-testid="no-evaluations">
                No SDK reported evaluations of this flag
                {environment ? ` in ${environment}` : ''} in this period.
              </Text>
            </Center>
          );
        }}
      </QueryState>
    </Stack>
  );
}
