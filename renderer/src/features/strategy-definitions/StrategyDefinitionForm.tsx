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
import { useState } from 'react';
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
  const write = useServerWrite({ kind: 'strategy-definition' });
  const creating = !strategy;
  const [name, setName] = useState(strategy?.name ?? '');
  const [title, setTitle] = useState(strategy?.title ?? '');
  const [description, setDescription] = useState(strategy?.description ?? '');
  const [parameters, setParameters] = useState<StrategyParameterDefinition[]>(
    (strategy?.parameters ?? []).map((parameter) => ({ ...parameter, type: asType(parameter.type) })),
  );
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const server = fieldErrorsOf(error);
  const nameProblem = creating ? strategyNameProblem(name, existingNames) : null;
  const listProblems = parameterListProblems(parameters);
  const nameError =
    server.name ?? nameTakenMessage(error) ?? (showErrors || name ? (nameProblem ?? undefined) : undefined);

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

  const blocked = nameProblem !== null || Object.keys(listProblems).length > 0;
  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !nameTakenMessage(error) ? (
          <ErrorNotice error={error} title={`The strategy was not ${creating ? 'created' : 'saved'}`} />
        ) : null}
        <TextInput
          label="Name"
          description="What SDKs register their implementation under; it cannot change later"
          required
          disabled={!creating}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          data-autofocus
        />
        <TextInput
          label="Title"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={server.title}
        />
        <Textarea
          label="Description"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={server.description}
        />
        <Text fw={600} size="sm">
          Parameters
        </Text>
        {parameters.length === 0 ? (
          <Text size="sm" c="dimmed">
            No parameters: the strategy is on or off for everyone its constraints let through.
          </Text>
        ) : null}
        {parameters.map((parameter, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: parameters are edited in place; their names change as typed
          <Paper key={index} withBorder p="xs" data-testid={`parameter-${index}`}>
            <Stack gap={6}>
              <Group grow align="flex-start">
                <TextInput
                  label={`Parameter ${index + 1} name`}
                  required
                  value={parameter.name}
                  onChange={(event) => setParameter(index, { name: event.currentTarget.value })}
                  error={server[`parameters.${index}.name`] ?? (showErrors ? listProblems[index] : undefined)}
                />
                <NativeSelect
                  label={`Parameter ${index + 1} type`}
                  data={PARAMETER_TYPES.map((type) => ({ value: type, label: PARAMETER_TYPE_LABELS[type] }))}
                  value={parameter.type}
                  onChange={(event) => setParameter(index, { type: asType(event.currentTarget.value) })}
                />
              </Group>
              <TextInput
                label={`Parameter ${index + 1} description`}
                value={parameter.description ?? ''}
                onChange={(event) => setParameter(index, { description: event.currentTarget.value })}
              />
              <Group justify="space-between">
                <Checkbox
                  label="Required"
                  checked={parameter.required ?? false}
                  onChange={(event) => setParameter(index, { required: event.currentTarget.checked })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove parameter ${index + 1}`}
                  onClick={() => setParameters((previous) => previous.filter((_, i) => i !== index))}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              setParameters((previous) => [
                ...previous,
                { name: '', type: 'string', description: '', required: false },
              ])
            }
          >
            Add parameter
          </Button>
        </Group>
        <FormActions
          submitLabel={creating ? 'Create strategy' : 'Save strategy'}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
