import { Button, Group, NativeSelect, Paper, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { ROOT_CONTEXT_FIELDS } from '../../../../server/contract/root-context-fields';
import type { ContextField } from '../../api/types';
import classes from './ConstraintEditor.module.css';
import type { ConstraintErrors } from './constraint-errors';
import {
  type Constraint,
  type ConstraintOperator,
  constraintProblem,
  isDateTime,
  newConstraint,
  OPERATORS,
  operatorInfo,
  withOperator,
} from './constraint-operators';
import { legalValuesLookup, useContextFields } from './use-context-fields';

export interface ConstraintEditorProps {
  value: readonly Constraint[];
  onChange: (constraints: Constraint[]) => void;
  /** The server's messages by constraint index, shown under the constraint they concern. */
  errors?: ConstraintErrors;
  /** Also show what is still missing (set once the operator tried to save). */
  showMissing?: boolean;
  disabled?: boolean;
}

const OPERATOR_OPTIONS = (['Lists', 'Text', 'Numbers', 'Dates', 'Versions'] as const).map((group) => ({
  group,
  items: OPERATORS.filter((entry) => entry.group === group).map((entry) => ({
    value: entry.operator,
    label: `${entry.label} (${entry.operator})`,
  })),
}));

/**
 * The context fields every SDK fills in itself (Unleash's static context and the playground's
 * list), offered even where the server stores no definition for them (issue 33 §2).
 */
export const BUILT_IN_CONTEXT_FIELDS = ROOT_CONTEXT_FIELDS;

function contextOptions(fields: readonly ContextField[], current: string) {
  const names = [...fields].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  const options = names.map((field) => ({ value: field.name, label: field.name }));
  for (const name of BUILT_IN_CONTEXT_FIELDS) {
    if (!options.some((option) => option.value === name)) options.push({ value: name, label: name });
  }
  if (!current) options.unshift({ value: '', label: 'Choose a context field' });
  else if (!options.some((option) => option.value === current)) {
    options.unshift({ value: current, label: `${current} (not a context field)` });
  }
  return options;
}

function localTime(value: string): string | undefined {
  if (!isDateTime(value)) return undefined;
  return `Your local time: ${new Date(value).toLocaleString()}`;
}

interface RowProps {
  index: number;
  constraint: Constraint;
  fields: readonly ContextField[];
  legalValues: string[];
  serverError: string | undefined;
  showMissing: boolean;
  disabled: boolean;
  onChange: (constraint: Constraint) => void;
  onRemove: () => void;
}

/** What the value editor of one constraint, and each of its inputs, is given. */
interface ValueEditorProps {
  constraint: Constraint;
  legalValues: string[];
  error: string | undefined;
  disabled: boolean;
  onChange: (constraint: Constraint) => void;
}

function ValueEditor({ constraint, legalValues, error, disabled, onChange }: ValueEditorProps) {
  const { kind } = operatorInfo(constraint.operator);
  const setValue = (value: string) => onChange({ ...constraint, value });
  const single = constraint.value ?? '';
  switch (kind) {
    case 'list':
      return <ListValuesInput {...{ constraint, legalValues, error, disabled, onChange }} />;
    case 'number':
      return (
        <TextInput
          label="Number"
          inputMode="decimal"
          placeholder="e.g. 42 or 3.5"
          value={single}
          onChange={(event) => setValue(event.currentTarget.value)}
          disabled={disabled}
          error={error}
        />
      );
    case 'date':
      return <DateValueInput value={single} onChange={setValue} {...{ error, disabled }} />;
    case 'semver':
      return (
        <TextInput
          label="Version"
          placeholder="1.2.3"
          value={single}
          onChange={(event) => setValue(event.currentTarget.value.trim())}
          disabled={disabled}
          error={error}
        />
      );
    case 'regex':
      return (
        <TextInput
          label="Regular expression"
          placeholder="^user-[0-9]+$"
          value={single}
          onChange={(event) => setValue(event.currentTarget.value)}
          disabled={disabled}
          error={error}
          classNames={{ input: classes.monospace }}
        />
      );
  }
}

/** The values of a list operator, offering the field's legal values. */
function ListValuesInput({ constraint, legalValues, error, disabled, onChange }: ValueEditorProps) {
  return (
    <TagsInput
      label="Values"
      description={
        legalValues.length
          ? `Legal values: ${legalValues.join(', ')}`
          : 'Type a value and press Enter; paste a comma-separated list to add several'
      }
      data={legalValues}
      value={constraint.values ?? []}
      onChange={(values) => onChange({ ...constraint, values })}
      splitChars={[',']}
      clearable
      disabled={disabled}
      error={error}
    />
  );
}

/** An ISO 8601 date and time, shown in local time once valid, with Now to fill in the current one. */
function DateValueInput({
  value,
  error,
  disabled,
  onChange,
}: {
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label="Date and time"
      type="text"
      placeholder="2026-12-01T09:00:00Z"
      description={localTime(value) ?? 'ISO 8601; ends in Z for UTC or carries an offset such as +01:00'}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSectionWidth={64}
      rightSection={
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={disabled}
          onClick={() => onChange(new Date().toISOString())}
        >
          Now
        </Button>
      }
      disabled={disabled}
      error={error}
    />
  );
}

/** Invert and ignore-case, for the operators that take them. */
function ConstraintSwitches({
  constraint,
  disabled,
  onChange,
}: {
  constraint: Constraint;
  disabled: boolean;
  onChange: (constraint: Constraint) => void;
}) {
  const operator = operatorInfo(constraint.operator);
  if (!operator.invertible && !operator.caseSensitivity) return null;
  return (
    <Stack gap={6} className={classes.switches}>
      {operator.invertible ? (
        <Switch
          label="Invert (NOT)"
          checked={constraint.inverted === true}
          onChange={(event) => onChange({ ...constraint, inverted: event.currentTarget.checked })}
          disabled={disabled}
        />
      ) : null}
      {operator.caseSensitivity ? (
        <Switch
          label="Ignore case"
          checked={constraint.caseInsensitive === true}
          onChange={(event) => onChange({ ...constraint, caseInsensitive: event.currentTarget.checked })}
          disabled={disabled}
        />
      ) : null}
    </Stack>
  );
}

function ConstraintRow({
  index,
  constraint,
  fields,
  legalValues,
  serverError,
  showMissing,
  disabled,
  onChange,
  onRemove,
}: RowProps) {
  const problem = constraintProblem(constraint, legalValues);
  const shown = problem && (showMissing || !problem.missing) ? problem : null;
  return (
    <Paper withBorder p="sm" data-testid={`constraint-${index}`}>
      <Stack gap="xs">
        {/* One line at desktop width; the parts wrap onto their own lines in a narrow window. */}
        <div className={classes.row}>
          <NativeSelect
            label="Context field"
            data={contextOptions(fields, constraint.contextName)}
            value={constraint.contextName}
            onChange={(event) => onChange({ ...constraint, contextName: event.currentTarget.value })}
            error={shown?.field === 'contextName' ? shown.message : undefined}
            disabled={disabled}
            className={classes.context}
          />
          <NativeSelect
            label="Operator"
            data={OPERATOR_OPTIONS}
            value={constraint.operator}
            onChange={(event) =>
              onChange(withOperator(constraint, event.currentTarget.value as ConstraintOperator))
            }
            disabled={disabled}
            className={classes.operator}
          />
          <div className={classes.value}>
            <ValueEditor
              constraint={constraint}
              legalValues={legalValues}
              error={shown?.field === 'value' ? shown.message : undefined}
              disabled={disabled}
              onChange={onChange}
            />
          </div>
          <ConstraintSwitches constraint={constraint} disabled={disabled} onChange={onChange} />
          <Button
            variant="subtle"
            color="red"
            className={classes.remove}
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove constraint ${index + 1}`}
          >
            Remove
          </Button>
        </div>
        {serverError ? (
          <Text size="sm" c="red" role="alert" data-testid={`constraint-${index}-server-error`}>
            {serverError}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * Edits a list of constraints (shared/unleash/API.md §5.4): a context field, one of the operators
 * with the value editor it needs, invert and ignore-case switches. Local checks mirror the
 * server's; the server's own messages arrive through `errors`.
 */
export function ConstraintEditor({
  value,
  onChange,
  errors = {},
  showMissing = false,
  disabled = false,
}: ConstraintEditorProps) {
  const contextFields = useContextFields();
  const fields = contextFields.data ?? [];
  const legalValuesOf = legalValuesLookup(fields);
  const replace = (index: number, next: Constraint) =>
    onChange(value.map((constraint, position) => (position === index ? next : constraint)));
  const firstField =
    [...fields].sort((a, b) => a.sortOrder - b.sortOrder)[0]?.name ?? (contextFields.loading ? '' : 'userId');

  return (
    <Stack gap="sm">
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No constraints: everyone the rest of the strategy selects is included.
        </Text>
      ) : null}
      {value.map((constraint, index) => (
        <ConstraintRow
          // Constraints have no id of their own; their position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          index={index}
          constraint={constraint}
          fields={fields}
          legalValues={legalValuesOf(constraint.contextName)}
          serverError={errors[index]}
          showMissing={showMissing}
          disabled={disabled}
          onChange={(next) => replace(index, next)}
          onRemove={() => onChange(value.filter((_, position) => position !== index))}
        />
      ))}
      {contextFields.error && !contextFields.data ? (
        <Text size="sm" c="red">
          The context fields could not be loaded, so only the ones already used can be chosen.
        </Text>
      ) : null}
      <Group>
        <Button
          variant="light"
          onClick={() => onChange([...value, newConstraint(firstField)])}
          disabled={disabled}
        >
          Add constraint
        </Button>
      </Group>
    </Stack>
  );
}
