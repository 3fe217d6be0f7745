import { Center, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { createFlagPageApi } from '../../api/flag-api';
import { QueryState } from '../../components/QueryState/QueryState';
import { useNow } from '../../stores/use-now';
import { useServerData } from '../../stores/use-server-data';
import { type HourBucket, hasEvaluations, hourlyBuckets, metricEnvironments } from './evaluation-buckets';
import classes from './FlagPage.module.css';

const BAR_WIDTH = 12;
const CHART_HEIGHT = 120;

function hourLabel(start: number): string {
  return new Date(start).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Yes (bottom) and no (top) evaluations per hour as stacked bars, drawn as plain SVG. */
export function EvaluationBars({
  buckets,
  environment,
}: {
  buckets: readonly HourBucket[];
  environment: string;
}) {
  const max = Math.max(1, ...buckets.map((bucket) => bucket.yes + bucket.no));
  const scale = (count: number) => (count / max) * CHART_HEIGHT;
  const yes = buckets.reduce((sum, bucket) => sum + bucket.yes, 0);
  const no = buckets.reduce((sum, bucket) => sum + bucket.no, 0);
  return (
    <Stack gap={4}>
      <svg
        className={classes.chart}
        viewBox={`0 0 ${buckets.length * BAR_WIDTH} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Evaluations per hour in ${environment}`}
      >
        {buckets.map((bucket, index) => {
          const yesHeight = scale(bucket.yes);
          const noHeight = scale(bucket.no);
          const x = index * BAR_WIDTH + 1;
          return (
            <g key={bucket.start} data-testid="evaluation-bar">
              <title>{`${hourLabel(bucket.start)}: ${bucket.yes.toLocaleString()} yes, ${bucket.no.toLocaleString()} no`}</title>
              <rect
                className={classes.yes}
                x={x}
                width={BAR_WIDTH - 2}
                y={CHART_HEIGHT - yesHeight}
                height={yesHeight}
              />
              <rect
                className={classes.no}
                x={x}
                width={BAR_WIDTH - 2}
                y={CHART_HEIGHT - yesHeight - noHeight}
                height={noHeight}
              />
            </g>
          );
        })}
      </svg>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {buckets[0] ? hourLabel(buckets[0].start) : ''}
        </Text>
        <Text size="xs" data-testid="evaluation-totals">
          <span className={classes.yesLegend}>■</span> {yes.toLocaleString()} yes ·{' '}
          <span className={classes.noLegend}>■</span> {no.toLocaleString()} no · peak {max.toLocaleString()}
          /hour
        </Text>
      </Group>
    </Stack>
  );
}

const RANGES = [
  { value: '1', label: '1 hour' },
  { value: '24', label: '24 hours' },
  { value: '48', label: '48 hours' },
  { value: '168', label: '7 days' },
];

/** How often SDKs evaluated the flag, per hour and environment (`client-metrics/features/:name/raw`). */
export function EvaluationChart({ name, environments }: { name: string; environments: readonly string[] }) {
  const now = useNow(60_000);
  const [hoursBack, setHoursBack] = useState(48);
  const [chosen, setChosen] = useState<string | null>(null);
  const metrics = useServerData(`flag-metrics:${name}:${hoursBack}`, (api, signal) =>
    createFlagPageApi(api.client).rawMetrics(name, hoursBack, signal),
  );
  const reported = metrics.data ? metricEnvironments(metrics.data) : [];
  const options = [...new Set([...environments, ...reported])];
  const environment = chosen && options.includes(chosen) ? chosen : (reported[0] ?? environments[0] ?? null);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
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
      </Group>
      <QueryState query={metrics} noun="evaluation metrics">
        {(data) => {
          const buckets = environment ? hourlyBuckets(data, environment, hoursBack, now) : [];
          return environment && hasEvaluations(buckets) ? (
            <EvaluationBars buckets={buckets} environment={environment} />
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
