// The charts' styles load with this chunk, as the flag page's and the insights' do (issue 33).
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { ListTable } from '../../components/ListTable/ListTable';
import { QueryState } from '../../components/QueryState/QueryState';
import { useServerData } from '../../stores/use-server-data';
import classes from './Experiments.module.css';
import {
  createExperimentsApi,
  type Experiment,
  type ExperimentResults,
  experimentPath,
  type MetricReadout,
} from './experiments-api';
import {
  formatChance,
  formatLift,
  formatMean,
  formatPValue,
  hasSampleRatioMismatch,
  intervalScale,
  usersStillNeeded,
  verdictTone,
} from './readout-format';

const SERIES_COLOURS = ['blue.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7'];

/** A treatment's lift and interval on the metric's shared axis, zero in the middle. */
function LiftInterval({
  scale,
  interval,
  lift,
}: {
  scale: ReturnType<typeof intervalScale>;
  interval: readonly [number, number];
  lift: number;
}) {
  const { left, width, point } = scale(interval, lift);
  return (
    <div
      className={classes.intervalBar}
      role="img"
      aria-label={`Lift ${formatLift(lift)}, interval ${formatLift(interval[0])} to ${formatLift(interval[1])}`}
    >
      <span className={classes.zeroLine} />
      <span className={classes.interval} style={{ left: `${left}%`, width: `${width}%` }} />
      <span className={classes.point} style={{ left: `${point}%` }} />
    </div>
  );
}

/** One metric: its verdict, the sample-ratio warning, and one row per variant. */
function MetricPanel({ readout, control }: { readout: MetricReadout; control: string }) {
  const scale = intervalScale(readout);
  const tone = verdictTone(readout.verdict);
  const needed = usersStillNeeded(readout);
  const { metric } = readout;
  return (
    <Stack gap="xs" data-testid={`readout-${metric.eventName}`}>
      <Group gap="xs">
        <Title order={3} size="h6">
          {metric.eventName}
        </Title>
        <Badge variant="light" size="sm">
          {metric.role}
        </Badge>
        <Text size="xs" c="dimmed">
          {metric.type === 'binomial' ? 'conversion' : 'mean per user'} ·{' '}
          {metric.higherIsBetter ? 'higher is better' : 'lower is better'}
        </Text>
      </Group>
      {hasSampleRatioMismatch(readout) ? (
        <Alert color="red" variant="light" title="Sample ratio mismatch" role="alert">
          The users per variant do not match the configured split (p ={' '}
          {formatPValue(readout.result.srmPValue)}): assignment or exposure logging is broken, and the results
          cannot be trusted.
        </Alert>
      ) : null}
      <Text fw={600} className={classes.verdict} data-tone={tone} data-testid="verdict">
        {readout.verdict}
      </Text>
      <ListTable
        minWidth={560}
        columns={['Variant', 'Users', 'Mean', 'Lift', 'Interval', 'Chance to win', 'p-value']}
        regionLabel={`Results on ${metric.eventName}`}
      >
        {readout.result.variants.map((variant) => (
          <Table.Tr key={variant.name} data-testid={`variant-${variant.name}`}>
            <Table.Td>
              {variant.name}
              {variant.name === control ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (control)
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{variant.users.toLocaleString()}</Table.Td>
            <Table.Td>{formatMean(variant.mean, metric.type)}</Table.Td>
            <Table.Td>{formatLift(variant.lift)}</Table.Td>
            <Table.Td>
              {variant.liftInterval && variant.lift !== null ? (
                <LiftInterval scale={scale} interval={variant.liftInterval} lift={variant.lift} />
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td>{formatChance(variant.chanceToWin)}</Table.Td>
            <Table.Td>{formatPValue(variant.adjustedPValue ?? variant.pValue)}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      {needed ? (
        <Text size="sm" c="dimmed">
          {needed}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The primary metric's lift per treatment, hour by hour. */
function LiftOverTime({ points }: { points: ExperimentResults['liftOverTime'] }) {
  const names = [...new Set(points.flatMap((point) => Object.keys(point.lifts)))];
  const data = points.map((point) => ({
    hour: new Date(point.takenAt).toLocaleString(undefined, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
    }),
    ...Object.fromEntries(names.map((name) => [name, (point.lifts[name] ?? 0) * 100])),
  }));
  const last = points.at(-1);
  const summary = `Cumulative lift over ${points.length} snapshots${
    last
      ? `; latest ${names.map((name) => `${name} ${formatLift(last.lifts[name] ?? null)}`).join(', ')}`
      : ''
  }`;
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        Cumulative lift over time
      </Title>
      <div role="img" aria-label={summary} data-testid="lift-over-time" data-points={points.length}>
        <LineChart
          h={200}
          data={data}
          dataKey="hour"
          series={names.map((name, index) => ({
            name,
            color: SERIES_COLOURS[index % SERIES_COLOURS.length] as string,
          }))}
          unit="%"
          withLegend
          referenceLines={[{ y: 0, label: 'control', color: 'gray.6' }]}
        />
      </div>
    </Stack>
  );
}

/**
 * The readout of one experiment (issue 35 §3): per metric the verdict, a sample-ratio warning, and
 * per variant users, mean, lift with its interval, chance to win and p-value; the users still
 * needed for 80% power; and the primary metric's lift over time.
 */
export function ExperimentReadout({ experiment }: { experiment: Experiment }) {
  const results = useServerData(`${experimentPath(experiment)}/results`, (api, signal) =>
    createExperimentsApi(api.client).results(experiment, signal),
  );
  return (
    <Stack gap="md" data-testid={`experiment-readout-${experiment.id}`}>
      <QueryState
        query={results}
        noun="the results"
        isEmpty={(data) => data.metrics.length === 0}
        empty="No results before the experiment starts."
      >
        {(data) => (
          <Stack gap="lg">
            {data.metrics.map((readout) => (
              <MetricPanel
                key={readout.metric.eventName}
                readout={readout}
                control={experiment.controlVariant}
              />
            ))}
            {data.liftOverTime.length > 0 ? <LiftOverTime points={data.liftOverTime} /> : null}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
