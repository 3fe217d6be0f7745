import { NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CreateFeatureStrategy } from '../../../../server/contract';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useServerWrite } from '../../stores/use-mutations';
import type { StrategyDefinition } from '../strategies/index';
import {
  BUILT_IN_STICKINESS,
  cleanParameters,
  defaultParameters,
  ParametersEditor,
  parameterProblems,
} from '../strategies/index';

/** Each parameter's error: the server's, else (once the user tried to save) what is wrong locally. */
function parameterErrors(
  definition: StrategyDefinition | undefined,
  server: Record<string, string>,
  problems: Record<string, string | undefined>,
) {
  return Object.fromEntries(
    (definition?.parameters ?? []).map((parameter) => [
      parameter.name,
      server[`parameters.${parameter.name}`] ?? problems[parameter.name],
    ]),
  );
}

/** What is saved: the group id left out when blank, so each flag uses its own name. */
function defaultStrategyBody({
  name,
  title,
  definition,
  parameters,
  current,
}: {
  name: string;
  title: string;
  definition: StrategyDefinition | undefined;
  parameters: Record<string, string>;
  current: CreateFeatureStrategy | undefined;
}): CreateFeatureStrategy {
  const cleaned = cleanParameters(definition, parameters, '');
  return {
    name,
    title: title.trim() || null,
    parameters: Object.fromEntries(
      Object.entries(cleaned).filter(([key, value]) => key !== 'groupId' || value),
    ),
    constraints: current?.constraints ?? [],
  };
}

/** The strategies to choose from, by their display name. */
function StrategySelect({
  usable,
  name,
  error,
  onChange,
}: {
  usable: readonly StrategyDefinition[];
  name: string;
  error: string | undefined;
  onChange: (name: string) => void;
}) {
  return (
    <NativeSelect
      label="Strategy"
      data={usable.map((candidate) => ({
        value: candidate.name,
        label: candidate.displayName || candidate.title || candidate.name,
      }))}
      value={name}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

/**
 * The strategy a new flag of the project gets in one environment
 * (`POST /api/admin/projects/:p/environments/:env/default-strategy`). The group id stays blank:
 * each flag then uses its own name, as Unleash does.
 */
export function DefaultStrategyForm({
  projectId,
  environment,
  current,
  definitions,
  onDone,
  onCancel,
}: {
  projectId: string;
  environment: string;
  current: CreateFeatureStrategy | undefined;
  definitions: readonly StrategyDefinition[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const write = useServerWrite({ kind: 'project-default-strategy' });
  const [name, setName] = useState(current?.name ?? 'flexibleRollout');
  const [title, setTitle] = useState(current?.title ?? '');
  const definition = definitions.find((candidate) => candidate.name === name);
  const [parameters, setParameters] = useState<Record<string, string>>(
    () => current?.parameters ?? defaultParameters(definition, ''),
  );
  const { submitting, error, showErrors, submit } = useFormSubmit();
  const server = fieldErrorsOf(error);
  const problems = parameterProblems(definition, parameters);
  const errors = parameterErrors(definition, server, showErrors ? problems : {});

  async function send() {
    const body = defaultStrategyBody({ name, title, definition, parameters, current });
    await write((api) =>
      api.client.post<unknown>(
        `/api/admin/projects/${encodeURIComponent(projectId)}/environments/${encodeURIComponent(environment)}/default-strategy`,
        body,
      ),
    );
    onDone();
  }

  return (
    <form onSubmit={(event) => submit(event, Object.keys(problems).length > 0, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? (
          <ErrorNotice error={error} title="The default strategy was not saved" />
        ) : null}
        <Text size="sm">
          New flags in this project start with this strategy in <strong>{environment}</strong>.
        </Text>
        <StrategySelect
          usable={definitions.filter(
            (candidate) => !candidate.deprecated || candidate.name === current?.name,
          )}
          name={name}
          error={server.name}
          onChange={(next) => {
            setName(next);
            setParameters((previous) =>
              defaultParameters(
                definitions.find((candidate) => candidate.name === next),
                '',
                previous,
              ),
            );
          }}
        />
        <TextInput label="Title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
        <ParametersEditor
          definition={definition}
          parameters={parameters}
          onChange={setParameters}
          stickinessOptions={BUILT_IN_STICKINESS}
          flagName="the flag's name"
          errors={errors}
        />
        <FormActions submitLabel="Save default strategy" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
