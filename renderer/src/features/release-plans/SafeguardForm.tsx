import { Button, Group, NativeSelect, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  LABEL_NAME,
  MAX_LABELS_PER_SAMPLE as MAX_LABELS,
  METRIC_NAME,
} from '../../../../server/contract/impact-metric-names';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import type { CreateSafeguard } from './release-plans-api';

type ImpactMetric = CreateSafeguard['impactMetric'];
type Operator = CreateSafeguard['triggerCondition']['operator'];

// The contract's lists are values, and the console imports the contract for types only.
const AGGREGATION_MODES = [
  'count',
  'sum',
  'avg',
  'rps',
  'p50',
  'p95',
  'p99',
] as const satisfies readonly ImpactMetric['aggregationMode'][];
const TIME_RANGES = ['hour', 'day', 'week', 'month'] as const satisfies readonly ImpactMetric['timeRange'][];
const OPERATORS: Array<{ value: Operator; label: string }> = [
  { value: '>', label: 'above (>)' },
  { value: '<', label: 'below (<)' },
];

const MAX_VALUES = 20;

/** "label=value, value" lines into selectors, or the first line that cannot be one. */
export function parseLabelSelectors(
  text: string,
): { selectors: ImpactMetric['labelSelectors'] } | { error: string } {
  const selectors: ImpactMetric['labelSelectors'] = {};
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '') continue;
    const [label = '', values = ''] = line.split('=', 2).map((part) => part.trim());
    const list = values
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== '');
    if (!LABEL_NAME.test(label)) return { error: `"${label}" is not a label name` };
    if (list.length === 0 || !line.includes('=')) return { error: `Give ${label} a value: ${label}=value` };
    if (list.length > MAX_VALUES || list.some((value) => value.length > 100)) {
      return { error: `At most ${MAX_VALUES} values of up to 100 characters per label` };
    }
    selectors[label] = [...(selectors[label] ?? []), ...list];
  }
  if (Object.keys(selectors).length > MAX_LABELS) return { error: `At most ${MAX_LABELS} labels` };
  return { selectors };
}

const formatLabelSelectors = (selectors: ImpactMetric['labelSelectors']) =>
  Object.entries(selectors)
    .map(([label, values]) => `${label}=${values.join(', ')}`)
    .join('\n');

/** The safeguard being written, its problems, and saving it once they are none. */
function useSafeguardDraft(
  initial: CreateSafeguard | null,
  onSave: (safeguard: CreateSafeguard) => Promise<void>,
) {
  const [metricName, setMetricName] = useState(initial?.impactMetric.metricName ?? '');
  const [aggregationMode, setAggregationMode] = useState<ImpactMetric['aggregationMode']>(
    initial?.impactMetric.aggregationMode ?? 'count',
  );
  const [timeRange, setTimeRange] = useState<ImpactMetric['timeRange']>(
    initial?.impactMetric.timeRange ?? 'hour',
  );
  const [operator, setOperator] = useState<Operator>(initial?.triggerCondition.operator ?? '>');
  const [threshold, setThreshold] = useState<number | string>(initial?.triggerCondition.threshold ?? '');
  const [labels, setLabels] = useState(formatLabelSelectors(initial?.impactMetric.labelSelectors ?? {}));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const metricError = METRIC_NAME.test(metricName.trim())
    ? undefined
    : 'Letters, digits, "_" and ":", not starting with a digit; at most 100 characters';
  const thresholdError =
    typeof threshold === 'number' && Number.isFinite(threshold) ? undefined : 'Enter a number';
  const parsedLabels = parseLabelSelectors(labels);
  const labelsError = 'error' in parsedLabels ? parsedLabels.error : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (metricError || thresholdError || 'error' in parsedLabels || typeof threshold !== 'number') return;
    setBusy(true);
    setError(null);
    try {
      await onSave({
        impactMetric: {
          metricName: metricName.trim(),
          aggregationMode,
          timeRange,
          labelSelectors: parsedLabels.selectors,
        },
        triggerCondition: { operator, threshold },
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
    aggregationMode,
    setAggregationMode,
    timeRange,
    setTimeRange,
    operator,
    setOperator,
    threshold,
    setThreshold,
    labels,
    setLabels,
    metricError,
    thresholdError,
    labelsError,
    touched,
    busy,
    error,
    submit,
  };
}

export interface SafeguardFormProps {
  planName: string;
  initial: CreateSafeguard | null;
  drafting: boolean;
  onSave: (safeguard: CreateSafeguard) => Promise<void>;
  onCancel: () => void;
}

/**
 * The plan's safeguard (Unleash's createSafeguardSchema): pause automatic progression when an impact
 * metric, aggregated over a time range, crosses a threshold. The server's refusal stays in the form.
 */
export function SafeguardForm({ planName, initial, drafting, onSave, onCancel }: SafeguardFormProps) {
  const { busy, error, touched, submit, ...draft } = useSafeguardDraft(initial, onSave);
  const { metricName, setMetricName, aggregationMode, setAggregationMode, timeRange, setTimeRange } = draft;
  const { operator, setOperator, threshold, setThreshold, labels, setLabels } = draft;
  const { metricError, thresholdError, labelsError } = draft;

  return (
    <form onSubmit={submit} aria-label={`Safeguard of ${planName}`} noValidate>
      <Stack gap="xs">
        {error ? <ErrorNotice error={error} title="The safeguard was not saved" /> : null}
        <Group gap="xs" align="flex-start">
          <TextInput
            label="Impact metric"
            description="As the application's SDK reports it"
            value={metricName}
            onChange={(event) => setMetricName(event.currentTarget.value)}
            error={touched ? metricError : undefined}
            required
            w={240}
          />
          <NativeSelect
            label="Aggregation"
            value={aggregationMode}
            onChange={(event) =>
              setAggregationMode(event.currentTarget.value as ImpactMetric['aggregationMode'])
            }
            data={[...AGGREGATION_MODES]}
          />
          <NativeSelect
            label="Over the last"
            value={timeRange}
            onChange={(event) => setTimeRange(event.currentTarget.value as ImpactMetric['timeRange'])}
            data={[...TIME_RANGES]}
          />
        </Group>
        <Group gap="xs" align="flex-start">
          <NativeSelect
            label="Pause when the value is"
            value={operator}
            onChange={(event) => setOperator(event.currentTarget.value as Operator)}
            data={OPERATORS}
          />
          <NumberInput
            label="Threshold"
            value={threshold}
            onChange={setThreshold}
            error={touched ? thresholdError : undefined}
            required
            w={160}
          />
        </Group>
        <Textarea
          label="Label selectors"
          description='Optional, one label a line: "label=value, value"'
          value={labels}
          onChange={(event) => setLabels(event.currentTarget.value)}
          error={touched ? labelsError : undefined}
          rows={2}
        />
        <Group gap="xs">
          <Button type="submit" loading={busy}>
            {drafting ? 'Save safeguard (draft)' : 'Save safeguard'}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
