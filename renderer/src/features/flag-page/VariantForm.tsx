import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Dispatch, type FormEvent, type SetStateAction, useState } from 'react';
import type { Override, Variant, VariantPayload } from '../../api/flag-api';
import classes from './FlagPage.module.css';

export interface VariantFormProps {
  /** The variant being edited, or null for a new one. */
  variant: Variant | null;
  /** Names of the other variants, which this one may not take. */
  otherNames: readonly string[];
  stickinessOptions: readonly string[];
  contextFields: readonly string[];
  stickiness: string;
  onSave: (variant: Variant, stickiness: string) => void;
  onCancel: () => void;
}

type PayloadChoice = 'none' | VariantPayload['type'];

/** What is wrong with the variant: its name (missing or taken), a fixed weight out of range, the payload. */
function variantErrors({
  name,
  otherNames,
  weightType,
  percent,
  payloadType,
  payloadValue,
}: {
  name: string;
  otherNames: readonly string[];
  weightType: 'variable' | 'fix';
  percent: number;
  payloadType: PayloadChoice;
  payloadValue: string;
}) {
  const errors: Record<string, string> = {};
  if (!name.trim()) errors.name = 'A variant needs a name';
  else if (otherNames.includes(name.trim())) errors.name = `There is already a variant named ${name.trim()}`;
  if (weightType === 'fix' && (percent < 0 || percent > 100)) errors.weight = 'Between 0 and 100%';
  if (payloadType === 'json') {
    try {
      JSON.parse(payloadValue);
    } catch {
      errors.payload = 'Not valid JSON';
    }
  }
  if (payloadType === 'number' && (payloadValue.trim() === '' || Number.isNaN(Number(payloadValue))))
    errors.payload = 'Not a number';
  return errors;
}

/** One variant: name, weight (variable or a fixed percentage), payload, overrides, and the shared stickiness. */
export function VariantForm({
  variant,
  otherNames,
  stickinessOptions,
  contextFields,
  stickiness: currentStickiness,
  onSave,
  onCancel,
}: VariantFormProps) {
  const [name, setName] = useState(variant?.name ?? '');
  const [weightType, setWeightType] = useState<'variable' | 'fix'>(variant?.weightType ?? 'variable');
  const [percent, setPercent] = useState<number>(variant ? variant.weight / 10 : 50);
  const [stickiness, setStickiness] = useState(currentStickiness);
  const [payloadType, setPayloadType] = useState<PayloadChoice>(variant?.payload?.type ?? 'none');
  const [payloadValue, setPayloadValue] = useState(variant?.payload?.value ?? '');
  const [overrides, setOverrides] = useState<Override[]>(variant?.overrides ?? []);
  const [showErrors, setShowErrors] = useState(false);

  const errors = variantErrors({ name, otherNames, weightType, percent, payloadType, payloadValue });
  const shown = (field: string) => (showErrors || field === 'payload' ? errors[field] : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length > 0) return;
    const kept = overrides.filter((override) => override.contextName && override.values.length > 0);
    onSave(
      {
        name: name.trim(),
        weightType,
        weight: weightType === 'fix' ? Math.round(percent * 10) : (variant?.weight ?? 0),
        stickiness,
        ...(payloadType !== 'none' ? { payload: { type: payloadType, value: payloadValue } } : {}),
        ...(kept.length > 0 ? { overrides: kept } : {}),
      },
      stickiness,
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Variant name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={shown('name')}
          data-autofocus
        />
        <WeightFields {...{ weightType, setWeightType, percent, setPercent }} error={shown('weight')} />
        <Select
          label="Stickiness"
          description="Applies to all variants of this environment"
          data={[...stickinessOptions]}
          value={stickiness}
          onChange={(value) => setStickiness(value ?? 'default')}
          allowDeselect={false}
        />
        <PayloadFields
          {...{ payloadType, setPayloadType, payloadValue, setPayloadValue }}
          error={shown('payload')}
        />
        <OverridesEditor {...{ overrides, setOverrides, contextFields }} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save variant</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Variable weight (a share of what fixed variants leave) or a fixed percentage. */
function WeightFields({
  weightType,
  setWeightType,
  percent,
  setPercent,
  error,
}: {
  weightType: 'variable' | 'fix';
  setWeightType: (weightType: 'variable' | 'fix') => void;
  percent: number;
  setPercent: (percent: number) => void;
  error: string | undefined;
}) {
  return (
    <Group align="flex-end" gap="sm">
      <SegmentedControl
        aria-label="Weight type"
        data={[
          { value: 'variable', label: 'Variable weight' },
          { value: 'fix', label: 'Fixed weight' },
        ]}
        value={weightType}
        onChange={(value) => setWeightType(value === 'fix' ? 'fix' : 'variable')}
      />
      {weightType === 'fix' ? (
        <NumberInput
          label="Weight (%)"
          min={0}
          max={100}
          decimalScale={1}
          value={percent}
          onChange={(value) => setPercent(typeof value === 'number' ? value : Number(value) || 0)}
          error={error}
        />
      ) : (
        <Text size="xs" c="dimmed">
          Shares what the fixed variants leave of 100%.
        </Text>
      )}
    </Group>
  );
}

/** The payload's type and, unless there is none, its value. */
function PayloadFields({
  payloadType,
  setPayloadType,
  payloadValue,
  setPayloadValue,
  error,
}: {
  payloadType: PayloadChoice;
  setPayloadType: (payloadType: PayloadChoice) => void;
  payloadValue: string;
  setPayloadValue: (payloadValue: string) => void;
  error: string | undefined;
}) {
  return (
    <>
      <Select
        label="Payload type"
        data={[
          { value: 'none', label: 'No payload' },
          { value: 'string', label: 'String' },
          { value: 'json', label: 'JSON' },
          { value: 'csv', label: 'CSV' },
          { value: 'number', label: 'Number' },
        ]}
        value={payloadType}
        onChange={(value) => setPayloadType((value as PayloadChoice | null) ?? 'none')}
        allowDeselect={false}
      />
      {payloadType !== 'none' ? (
        <Textarea
          label="Payload"
          rows={2}
          value={payloadValue}
          onChange={(event) => setPayloadValue(event.currentTarget.value)}
          error={error}
        />
      ) : null}
    </>
  );
}

/** Overrides: users whose context field has one of the values get this variant whatever the weights. */
function OverridesEditor({
  overrides,
  setOverrides,
  contextFields,
}: {
  overrides: Override[];
  setOverrides: Dispatch<SetStateAction<Override[]>>;
  contextFields: readonly string[];
}) {
  const updateOverride = (index: number, change: Partial<Override>) =>
    setOverrides((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));

  return (
    <>
      <Text size="sm" fw={600}>
        Overrides
      </Text>
      {overrides.length === 0 ? (
        <Text size="xs" c="dimmed">
          None: every user gets a variant by weight.
        </Text>
      ) : null}
      {overrides.map((override, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: overrides have no identity of their own while edited
        <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
          <Select
            label="Context field"
            data={[...new Set([...contextFields, override.contextName].filter(Boolean))]}
            value={override.contextName || null}
            onChange={(value) => updateOverride(index, { contextName: value ?? '' })}
            searchable
          />
          <TagsInput
            label="Values"
            value={override.values}
            onChange={(values) => updateOverride(index, { values })}
            className={classes.grow}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove override ${index + 1}`}
            onClick={() => setOverrides((current) => current.filter((_, i) => i !== index))}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => setOverrides((current) => [...current, { contextName: 'userId', values: [] }])}
        >
          Add override
        </Button>
      </Group>
    </>
  );
}
