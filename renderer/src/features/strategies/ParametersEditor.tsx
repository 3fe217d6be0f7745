import { Group, NativeSelect, Slider, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import classes from './StrategyForm.module.css';
import type { StrategyDefinition } from './strategies-api';
import { joinList, parameterLabel, splitList } from './strategy-parameters';

export interface ParametersEditorProps {
  definition: StrategyDefinition | undefined;
  parameters: Record<string, string>;
  onChange: (parameters: Record<string, string>) => void;
  stickinessOptions: readonly string[];
  flagName: string;
  /** Local problems and server messages, by parameter name. */
  errors: Record<string, string | undefined>;
}

/** One input per parameter of the strategy's definition, each suited to its type. */
export function ParametersEditor({
  definition,
  parameters,
  onChange,
  stickinessOptions,
  flagName,
  errors,
}: ParametersEditorProps) {
  const set = (name: string, value: string) => onChange({ ...parameters, [name]: value });
  const fields = definition?.parameters ?? [];
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This strategy has no parameters.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {fields.map((parameter) => (
        <ParameterField
          key={parameter.name}
          parameter={parameter}
          value={parameters[parameter.name] ?? ''}
          error={errors[parameter.name]}
          onChange={(value) => set(parameter.name, value)}
          stickinessOptions={stickinessOptions}
          flagName={flagName}
        />
      ))}
    </Stack>
  );
}

type ParameterDefinition = NonNullable<StrategyDefinition['parameters']>[number];

/** The input for one parameter: stickiness a select, a percentage a slider, a list tags, a boolean a switch. */
function ParameterField({
  parameter,
  value,
  error,
  onChange,
  stickinessOptions,
  flagName,
}: {
  parameter: ParameterDefinition;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  stickinessOptions: readonly string[];
  flagName: string;
}) {
  const label = parameterLabel(parameter.name);
  const description = parameter.description || undefined;
  if (parameter.name === 'stickiness') {
    const options =
      stickinessOptions.includes(value) || !value ? stickinessOptions : [value, ...stickinessOptions];
    return (
      <NativeSelect
        label={label}
        description="What keeps a user in the same bucket as the rollout grows"
        data={[...options]}
        value={value || 'default'}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    );
  }
  switch (parameter.type) {
    case 'percentage':
      return <PercentageField {...{ label, description, value, error, onChange }} />;
    case 'list':
      return (
        <TagsInput
          label={label}
          description={
            description ?? 'Type a value and press Enter; paste a comma-separated list to add several'
          }
          value={splitList(value)}
          onChange={(values) => onChange(joinList(values))}
          splitChars={[',', ' ']}
          clearable
          required={parameter.required}
          error={error}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={label}
          description={description}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
          error={error}
        />
      );
    default:
      return (
        <TextInput
          label={label}
          description={
            parameter.name === 'groupId'
              ? `Users keep their bucket across flags with the same group id; defaults to ${flagName}`
              : description
          }
          inputMode={parameter.type === 'number' ? 'decimal' : undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          required={parameter.required && parameter.name !== 'groupId'}
          error={error}
        />
      );
  }
}

/** A percentage, typed or set on a slider. */
function PercentageField({
  label,
  description,
  value,
  error,
  onChange,
}: {
  label: string;
  description: string | undefined;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const number = Number(value);
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="md" wrap="nowrap">
        <TextInput
          label={`${label} (%)`}
          inputMode="numeric"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value.trim())}
          error={error}
          className={classes.percent}
        />
        <Slider
          className={classes.slider}
          min={0}
          max={100}
          step={1}
          value={Number.isFinite(number) ? Math.min(100, Math.max(0, number)) : 0}
          onChange={(next) => onChange(String(next))}
          thumbLabel={`${label} slider`}
          marks={[{ value: 0 }, { value: 25 }, { value: 50 }, { value: 75 }, { value: 100 }]}
          label={(next) => `${next}%`}
        />
      </Group>
      {description ? (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}
