import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type MetricDraft, newMetric } from './experiment-form';

const ROLES = [
  { value: 'primary', label: 'Primary' },
  { value: 'secondary', label: 'Secondary' },
  { value: 'guardrail', label: 'Guardrail' },
];
const TYPES = [
  { value: 'binomial', label: 'Conversion (did it at least once)' },
  { value: 'mean', label: 'Mean (sum of values per user)' },
];

/** One metric: its event, role, measure, window and direction. */
function MetricRow({
  metric,
  label,
  onChange,
  onRemove,
}: {
  metric: MetricDraft;
  label: string;
  onChange: (fields: Partial<MetricDraft>) => void;
  onRemove: (() => void) | null;
}) {
  return (
    <Fieldset legend={label} variant="filled" p="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          label="Event"
          description="The eventName your app sends to /track"
          value={metric.eventName}
          onChange={(event) => onChange({ eventName: event.currentTarget.value })}
          maxLength={100}
        />
        <Select
          label="Role"
          data={ROLES}
          value={metric.role}
          allowDeselect={false}
          onChange={(value) => onChange({ role: (value ?? 'secondary') as MetricDraft['role'] })}
        />
        <Select
          label="Measure"
          data={TYPES}
          value={metric.type}
          allowDeselect={false}
          onChange={(value) => onChange({ type: (value ?? 'binomial') as MetricDraft['type'] })}
        />
        <NumberInput
          label="Window (hours after first exposure)"
          min={1}
          max={8760}
          value={metric.windowHours}
          onChange={(value) => onChange({ windowHours: typeof value === 'number' ? value : 72 })}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="xs">
        <Checkbox
          label="Higher is better"
          checked={metric.higherIsBetter}
          onChange={(event) => onChange({ higherIsBetter: event.currentTarget.checked })}
        />
        {onRemove ? (
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={onRemove}>
            ×
          </ActionIcon>
        ) : null}
      </Group>
    </Fieldset>
  );
}

/** The metrics of an experiment: one primary, then secondary and guardrail ones, each on an event. */
export function MetricsEditor({
  metrics,
  error,
  onChange,
}: {
  metrics: MetricDraft[];
  error: string | undefined;
  onChange: (metrics: MetricDraft[]) => void;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Metrics
      </Text>
      {metrics.map((metric, index) => (
        <MetricRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before they are sent
          key={index}
          metric={metric}
          label={`Metric ${index + 1}`}
          onChange={(fields) =>
            onChange(metrics.map((row, at) => (at === index ? { ...row, ...fields } : row)))
          }
          onRemove={metrics.length > 1 ? () => onChange(metrics.filter((_, at) => at !== index)) : null}
        />
      ))}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      {metrics.length < 10 ? (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => onChange([...metrics, newMetric(metrics.length === 0 ? 'primary' : 'secondary')])}
          >
            Add metric
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
