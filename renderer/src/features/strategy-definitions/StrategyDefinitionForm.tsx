import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type Dispatch, type SetStateAction, useState } from 'react';
import type { StrategyParameterDefinition } from '../../../../server/contract';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, nameTakenMessage, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';

import { useServerWrite } from '../../stores/use-mutations';
import { type StrategyDefinition, strategyDefinitionsApi } from './strategy-definitions-api';

export const PARAMETER_TYPES = ['string', 'percentage', 'list', 'number', 'boolean'] as const;
type ParameterType = (typeof PARAMETER_TYPES)[number];

const PARAMETER_TYPE_LABELS: Record<ParameterType, string> = {
  string: 'String',
  percentage: 'Percentage (0–100)',
  list: 'List of values',
  number: 'Number',
  boolean: 'Boolean (on/off)',
};

/** The server wants a URL-friendly name that no strategy has yet. */
export function strategyNameProblem(name: string, existing: readonly string[]): string | null {
  if (name === '') return 'Required';
  if (encodeURIComponent(name) !== name) return 'Use a URL-friendly name: letters, digits and - _ . ~ only';
  if (existing.includes(name)) return `A strategy named ${name} already exists`;
  return null;
}

/** Problems of the parameter list, by index: a blank or repeated name. */
export function parameterListProblems(
  parameters: readonly StrategyParameterDefinition[],
): Record<number, string> {
  const problems: Record<number, string> = {};
  parameters.forEach((parameter, index) => {
    const name = parameter.name.trim();
    if (name === '') problems[index] = 'Name the parameter';
    else if (parameters.findIndex((other) => other.name.trim() === name) !== index) {
      problems[index] = `${name} is already a parameter`;
    }
  });
  return problems;
}

const asType = (type: string): ParameterType =>
  (PARAMETER_TYPES as readonly string[]).includes(type) ? (type as ParameterType) : 'string';

const NEW_PARAMETER: StrategyParameterDefinition = {
  name: '',
  type: 'string',
  description: '',
  required: false,
};

interface ParameterCardProps {
  index: number;
  parameter: StrategyParameterDefinition;
  error: string | undefined;
  onChange: (change: Partial<StrategyParameterDefinition>) => void;
  onRemove: () => void;
}

/** One parameter: its name, type, description, whether it is required, and removing it. */
function ParameterCard({ index, parameter, error, onChange, onRemove }: ParameterCardProps) {
  return (
    <Paper withBorder p="xs" data-testid={`parameter-${index}`}>
      <Stack gap={6}>
        <Group grow align="flex-start">
          <TextInput
            label={`Parameter ${index + 1} name`}
            required
            value={parameter.name}
            onChange={(event) => onChange({ name: event.currentTarget.value })}
            error={error}
          />
          <NativeSelect
            label={`Parameter ${index + 1} type`}
            data={PARAMETER_TYPES.map((type) => ({ value: type, label: PARAMETER_TYPE_LABELS[type] }))}
            value={parameter.type}
            onChange={(event) => onChange({ type: asType(event.currentTarget.value) })}
          />
        </Group>
        <TextInput
          label={`Parameter ${index + 1} description`}
          value={parameter.description ?? ''}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
        />
        <Group justify="space-between">
          <Checkbox
            label="Required"
            checked={parameter.required ?? false}
            onChange={(event) => onChange({ required: event.currentTarget.checked })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove parameter ${index + 1}`}
            onClick={onRemove}
          >
            ✕
          </ActionIcon>
        </Group>
      </Stack>
    </Paper>
  );
}

interface ParameterListProps {
  parameters: StrategyParameterDefinition[];
  errorOf: (index: number) => string | undefined;
  setParameter: (index: number, change: Partial<StrategyParameterDefinition>) => void;
  setParameters: Dispatch<SetStateAction<StrategyParameterDefinition[]>>;
}

/** The parameters heading, each parameter's card, and adding one. */
function ParameterList({ parameters, errorOf, setParameter, setParameters }: ParameterListProps) {
  return (
    <>
      <Text fw={600} size="sm">
        Parameters
      </Text>
      {parameters.length === 0 ? (
        <Text size="sm" c="dimmed">
          No parameters: the strategy is on or off for everyone its constraints let through.
        </Text>
      ) : null}
      {parameters.map((parameter, index) => (
        <ParameterCard
          // biome-ignore lint/suspicious/noArrayIndexKey: parameters are edited in place; their names change as typed
          key={index}
          index={index}
          parameter={parameter}
          error={errorOf(index)}
          onChange={(change) => setParameter(index, change)}
          onRemove={() => setParameters((previous) => previous.filter((_, i) => i !== index))}
        />
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          onClick={() => setParameters((previous) => [...previous, { ...NEW_PARAMETER }])}
        >
          Add parameter
        </Button>
      </Group>
    </>
  );
}

/** The form's draft (name, title, description, parameters) and sending it: create, or update by name. */
function useStrategyDraft(strategy: StrategyDefinition | undefined, onDone: (name: string) => void) {
  const write = useServerWrite({ kind: 'strategy-definition' });
  const [name, setName] = useState(strategy?.name ?? '');
  const [title, setTitle] = useState(strategy?.title ?? '');
  const [description, setDescription] = useState(strategy?.description ?? '');
  const [parameters, setParameters] = useState<StrategyParameterDefinition[]>(
    (strategy?.parameters ?? []).map((parameter) => ({ ...parameter, type: asType(parameter.type) })),
  );

  const setParameter = (index: number, change: Partial<StrategyParameterDefinition>) =>
    setParameters((previous) =>
      previous.map((parameter, i) => (i === index ? { ...parameter, ...change } : parameter)),
    );

  async function send() {
    const body = {
      title: title.trim(),
      description: description.trim(),
      parameters: parameters.map((parameter) => ({
        name: parameter.name.trim(),
        type: parameter.type,
        description: parameter.description?.trim() ?? '',
        required: parameter.required ?? false,
      })),
    };
    await write(async (adminApi) => {
      const api = strategyDefinitionsApi(adminApi);
      if (strategy) await api.update(strategy.name, { name: strategy.name, ...body });
      else await api.create({ name, ...body });
    });
    onDone(strategy?.name ?? name);
  }

  return {
    name,
    setName,
    title,
    setTitle,
    description,
    setDescription,
    parameters,
    setParameters,
    setParameter,
    send,
  };
}

/** Creates a custom strategy definition, or edits one: its title, description and typed parameters. */
export function StrategyDefinitionForm({
  strategy,
  existingNames,
  onDone,
  onCancel,
}: {
  strategy?: StrategyDefinition;
  existingNames: readonly string[];
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const creating = !strategy;
  const draft = useStrategyDraft(strategy, onDone);
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const server = fieldErrorsOf(error);
  const nameProblem = creating ? strategyNameProblem(draft.name, existingNames) : null;
  const listProblems = parameterListProblems(draft.parameters);
  const nameError =
    server.name ??
    nameTakenMessage(error) ??
    (showErrors || draft.name ? (nameProblem ?? undefined) : undefined);

  const blocked = nameProblem !== null || Object.keys(listProblems).length > 0;
  return (
    <form onSubmit={(event) => submit(event, blocked, draft.send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !nameTakenMessage(error) ? (
          <ErrorNotice error={error} title={`The strategy was not ${creating ? 'created' : 'saved'}`} />
        ) : null}
        <TextInput
          label="Name"
          description="What SDKs register their implementation under; it cannot change later"
          required
          disabled={!creating}
          value={draft.name}
          onChange={(event) => draft.setName(event.currentTarget.value)}
          error={nameError}
          data-autofocus
        />
        <TextInput
          label="Title"
          value={draft.title}
          onChange={(event) => draft.setTitle(event.currentTarget.value)}
          error={server.title}
        />
        <Textarea
          label="Description"
          rows={2}
          value={draft.description}
          onChange={(event) => draft.setDescription(event.currentTarget.value)}
          error={server.description}
        />
        <ParameterList
          parameters={draft.parameters}
          errorOf={(index) =>
            server[`parameters.${index}.name`] ?? (showErrors ? listProblems[index] : undefined)
          }
          setParameter={draft.setParameter}
          setParameters={draft.setParameters}
        />
        <FormActions
          submitLabel={creating ? 'Create strategy' : 'Save strategy'}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
