import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { METRIC_NAME } from '../../../../server/contract/impact-metric-names';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import type { CreateImpactMetricsConfig } from './impact-metrics-api';

type Aggregation = CreateImpactMetricsConfig['aggregationMode'];
type TimeRange = CreateImpactMetricsConfig['timeRange'];

// The contract's lists are values, and the console imports the contract for types only.
const AGGREGATIONS = [
  { value: 'count', label: 'Count' },
  { value: 'rps', label: 'Per second' },
  { value: 'sum', label: 'Sum' },
  { value: 'avg', label: 'Average' },
  { value: 'p50', label: 'Median (p50)' },
  { value: 'p95', label: 'p95' },
  { value: 'p99', label: 'p99' },
] satisfies { value: Aggregation; label: string }[];
const RANGES = [
  { value: 'hour', label: 'Last hour' },
  { value: 'day', label: 'Last day' },
  { value: 'week', label: 'Last week' },
  { value: 'month', label: 'Last month' },
] satisfies { value: TimeRange; label: string }[];

/** The chart being written, its problem, and saving it once there is none. */
function useChartDraft(onSave: (config: CreateImpactMetricsConfig) => Promise<void>) {
  const [metricName, setMetricName] = useState('');
  const [title, setTitle] = useState('');
  const [aggregationMode, setAggregationMode] = useState<Aggregation>('count');
  const [timeRange, setTimeRange] = useState<TimeRange>('day');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const metricError = METRIC_NAME.test(metricName.trim())
    ? undefined
    : 'Letters, digits, "_" and ":", not starting with a digit; at most 100 characters';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (metricError) return;
    setBusy(true);
    setError(null);
    try {
      await onSave({
        metricName: metricName.trim(),
        aggregationMode,
        timeRange,
        yAxisMin: aggregationMode === 'avg' ? 'auto' : 'zero',
        labelSelectors: {},
        ...(title.trim() ? { title: title.trim() } : {}),
      });
    } catch (refusal) {
      setError(refusal);
    } finally {
      setBusy(false);
    }
  }

  return {
    metricName,
    setMetricName,
    title,
    setTitle,
    aggregationMode,
    setAggregationMode,
    timeRange,
    setTimeRange,
    metricError: touched ? metricError : undefined,
    busy,
    error,
    submit,
  };
}

/**
 * A new impact-metric chart for the flag (Unleash's createImpactMetricsConfigSchema): which metric,
 * how to aggregate it and over how long. The server's refusal stays in the form.
 */
export function ImpactMetricForm({
  flagName,
  onSave,
  onCancel,
}: {
  flagName: string;
  onSave: (config: CreateImpactMetricsConfig) => Promise<void>;
  onCancel: () => void;
}) {
  const { busy, error, submit, metricError, ...draft } = useChartDraft(onSave);
  const { metricName, setMetricName, title, setTitle } = draft;
  const { aggregationMode, setAggregationMode, timeRange, setTimeRange } = draft;

  return (
    <form onSubmit={submit} aria-label={`New impact metric chart of ${flagName}`} noValidate>
      <Stack gap="xs">
        {error ? <ErrorNotice error={error} title="The chart was not added" /> : null}
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label="Impact metric"
            description="As the application's SDK reports it"
            value={metricName}
            onChange={(event) => setMetricName(event.currentTarget.value)}
            error={metricError}
            required
            w={220}
            maw="100%"
          />
          <TextInput
            label="Title"
            description="Optional"
            value={title}
            maxLength={255}
            onChange={(event) => setTitle(event.currentTarget.value)}
            w={200}
            maw="100%"
          />
          <NativeSelect
            label="Aggregation"
            data={AGGREGATIONS}
            value={aggregationMode}
            onChange={(event) => setAggregationMode(event.currentTarget.value as Aggregation)}
          />
          <NativeSelect
            label="Period"
            data={RANGES}
            value={timeRange}
            onChange={(event) => setTimeRange(event.currentTarget.value as TimeRange)}
          />
        </Group>
        <Group gap="xs">
          <Button type="submit" size="compact-sm" loading={busy}>
            Save chart
          </Button>
          <Button size="compact-sm" variant="subtle" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
