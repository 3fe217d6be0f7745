import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import classes from './StrategyForm.module.css';
import {
  distributeWeights,
  formatPercent,
  newVariantDraft,
  type VariantDraft,
  type VariantProblems,
} from './variant-weights';

export interface VariantsEditorProps {
  value: readonly VariantDraft[];
  onChange: (variants: VariantDraft[]) => void;
  stickinessOptions: readonly string[];
  /** Stickiness a new variant starts with: the strategy's own. */
  defaultStickiness: string;
  problems: VariantProblems;
  /** Show problems of fields not filled in yet (after a save attempt). */
  showMissing: boolean;
}

const WEIGHT_TYPES = [
  { value: 'variable', label: 'Variable: shares the rest' },
  { value: 'fix', label: 'Fixed percentage' },
];

const PAYLOAD_TYPES = [
  { value: 'none', label: 'No payload' },
  { value: 'string', label: 'String' },
  { value: 'json', label: 'JSON' },
  { value: 'csv', label: 'CSV' },
  { value: 'number', label: 'Number' },
];

/**
 * The variants a strategy hands out: fixed weights keep their percentage, variable ones share
 * what is left; the resulting share of each is shown as the server will compute it.
 */
export function VariantsEditor({
  value,
  onChange,
  stickinessOptions,
  defaultStickiness,
  problems,
  showMissing,
}: VariantsEditorProps) {
  const weights = distributeWeights(value);
  const replace = (index: number, patch: Partial<VariantDraft>) =>
    onChange(value.map((variant, position) => (position === index ? { ...variant, ...patch } : variant)));
  const shown = (message: string | undefined, blank: boolean) =>
    message && (showMissing || !blank) ? message : undefined;

  return (
    <Stack gap="sm">
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No variants: the flag's own variants, if any, are used.
        </Text>
      ) : null}
      {value.map((variant, index) => (
        // Variants may be renamed while edited, so their position is their identity here.
        <VariantCard
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          {...{ variant, index, stickinessOptions, shown }}
          share={weights[index] ?? 0}
          rowProblems={problems.byIndex[index] ?? {}}
          onPatch={(patch) => replace(index, patch)}
          onRemove={() => onChange(value.filter((_, position) => position !== index))}
        />
      ))}
      {problems.overall ? (
        <Alert color="red" variant="light" data-testid="variants-problem">
          {problems.overall}
        </Alert>
      ) : null}
      <Group>
        <Button
          variant="light"
          onClick={() => onChange([...value, newVariantDraft(nextName(value), defaultStickiness)])}
        >
          Add variant
        </Button>
      </Group>
    </Stack>
  );
}

type Shown = (message: string | undefined, blank: boolean) => string | undefined;
type RowProblems = VariantProblems['byIndex'][number];

/** One variant: name, weight type and percentage, stickiness, its resulting share, and its payload. */
function VariantCard({
  variant,
  index,
  share,
  rowProblems,
  stickinessOptions,
  shown,
  onPatch,
  onRemove,
}: {
  variant: VariantDraft;
  index: number;
  share: number;
  rowProblems: RowProblems;
  stickinessOptions: readonly string[];
  shown: Shown;
  onPatch: (patch: Partial<VariantDraft>) => void;
  onRemove: () => void;
}) {
  const stickiness = stickinessOptions.includes(variant.stickiness)
    ? stickinessOptions
    : [variant.stickiness, ...stickinessOptions];
  return (
    <Paper withBorder p="sm" data-testid={`variant-${index}`}>
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Variant name"
            value={variant.name}
            onChange={(event) => onPatch({ name: event.currentTarget.value })}
            error={shown(rowProblems.name, variant.name.trim() === '')}
            className={classes.variantName}
          />
          <NativeSelect
            label="Weight type"
            data={WEIGHT_TYPES}
            value={variant.weightType}
            onChange={(event) =>
              onPatch({ weightType: event.currentTarget.value as VariantDraft['weightType'] })
            }
          />
          {variant.weightType === 'fix' ? (
            <TextInput
              label="Weight (%)"
              inputMode="decimal"
              value={variant.percent}
              onChange={(event) => onPatch({ percent: event.currentTarget.value })}
              error={shown(rowProblems.percent, variant.percent.trim() === '')}
              className={classes.percent}
            />
          ) : null}
          <NativeSelect
            label="Stickiness"
            data={[...stickiness]}
            value={variant.stickiness}
            onChange={(event) => onPatch({ stickiness: event.currentTarget.value })}
          />
          <Stack gap={4} pt={28}>
            <Badge variant="light" data-testid={`variant-${index}-share`}>
              {formatPercent(share)}
            </Badge>
          </Stack>
          <Button
            variant="subtle"
            color="red"
            ml="auto"
            mt={22}
            aria-label={`Remove variant ${index + 1}`}
            onClick={onRemove}
          >
            Remove
          </Button>
        </Group>
        <VariantPayloadFields variant={variant} rowProblems={rowProblems} shown={shown} onPatch={onPatch} />
      </Stack>
    </Paper>
  );
}

/** The payload's type and, unless there is none, its value. */
function VariantPayloadFields({
  variant,
  rowProblems,
  shown,
  onPatch,
}: {
  variant: VariantDraft;
  rowProblems: RowProblems;
  shown: Shown;
  onPatch: (patch: Partial<VariantDraft>) => void;
}) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <NativeSelect
        label="Payload"
        data={PAYLOAD_TYPES}
        value={variant.payloadType}
        onChange={(event) =>
          onPatch({ payloadType: event.currentTarget.value as VariantDraft['payloadType'] })
        }
      />
      {variant.payloadType !== 'none' ? (
        <Textarea
          label="Payload value"
          rows={2}
          value={variant.payloadValue}
          onChange={(event) => onPatch({ payloadValue: event.currentTarget.value })}
          error={shown(rowProblems.payloadValue, variant.payloadValue.trim() === '')}
          className={classes.payload}
          classNames={{ input: classes.monospace }}
        />
      ) : null}
    </Group>
  );
}

function nextName(variants: readonly VariantDraft[]): string {
  const taken = new Set(variants.map((variant) => variant.name));
  let number = variants.length + 1;
  while (taken.has(`variant-${number}`)) number += 1;
  return `variant-${number}`;
}
