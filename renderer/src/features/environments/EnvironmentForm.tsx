import { Checkbox, Loader, MultiSelect, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Environment } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, nameTakenMessage, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useNewNameField } from '../../components/NameCheck/use-new-name-field';

import { useServerWrite } from '../../stores/use-mutations';
import { environmentsApi } from './environments-api';

/** The types Unleash's console offers; the server takes any non-empty type. */
export const ENVIRONMENT_TYPES = ['development', 'test', 'preproduction', 'production'] as const;

/** ENVIRONMENT_NAME_PATTERN of the contract, said in words. */
export function environmentNameProblem(name: string, existing: readonly string[]): string | null {
  if (name === '') return 'Required';
  if (name.length > 100) return 'At most 100 characters';
  if (!/^[a-zA-Z0-9~_.-]+$/.test(name)) return 'Letters, digits and - _ . ~ only';
  if (existing.includes(name)) return `An environment named ${name} already exists`;
  return null;
}

export type EnvironmentFormMode =
  | { kind: 'create' }
  | { kind: 'edit'; environment: Environment }
  | { kind: 'clone'; environment: Environment };

export function EnvironmentForm({
  mode,
  existingNames,
  projects,
  onDone,
  onCancel,
}: {
  mode: EnvironmentFormMode;
  existingNames: readonly string[];
  /** Project ids the clone may be limited to. */
  projects: readonly string[];
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const write = useServerWrite({ kind: 'environment' });
  const source = mode.kind === 'create' ? undefined : mode.environment;
  const naming = mode.kind !== 'edit';
  const [name, setName] = useState(
    mode.kind === 'clone' ? `${mode.environment.name}-copy` : (source?.name ?? ''),
  );
  const [type, setType] = useState<string>(source?.type ?? 'development');
  const [cloneProjects, setCloneProjects] = useState<string[]>([]);
  const [clonePermissions, setClonePermissions] = useState(true);
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const server = fieldErrorsOf(error);
  const nameField = useNewNameField('/api/admin/environments/validate', name, {
    creating: naming,
    localProblem: naming ? environmentNameProblem(name, existingNames) : null,
    refusal: server.name ?? nameTakenMessage(error),
    showErrors,
  });

  async function send() {
    await write(async (adminApi) => {
      const api = environmentsApi(adminApi);
      if (mode.kind === 'create') await api.create({ name, type });
      else if (mode.kind === 'edit') await api.update(mode.environment.name, { type });
      else {
        await api.clone(mode.environment.name, {
          name,
          type,
          ...(cloneProjects.length > 0 ? { projects: cloneProjects } : {}),
          clonePermissions,
        });
      }
    });
    onDone(name);
  }

  const verb = { create: 'created', edit: 'saved', clone: 'cloned' }[mode.kind];
  const typeOptions = ENVIRONMENT_TYPES.includes(type as never)
    ? ENVIRONMENT_TYPES
    : [type, ...ENVIRONMENT_TYPES];
  return (
    <form onSubmit={(event) => submit(event, naming && nameField.blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) && !nameTakenMessage(error) ? (
          <ErrorNotice error={error} title={`The environment was not ${verb}`} />
        ) : null}
        {mode.kind === 'clone' ? (
          <Text size="sm">
            The new environment gets every flag's strategies, variants and enabled state from{' '}
            <strong>{mode.environment.name}</strong>, in the projects chosen below (all that use it when none
            is chosen).
          </Text>
        ) : null}
        <TextInput
          label="Name"
          required
          disabled={!naming}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameField.error}
          rightSection={
            nameField.checking ? <Loader size="xs" role="status" aria-label="Checking the name" /> : null
          }
          data-autofocus
        />
        <NativeSelect
          label="Type"
          description="Production environments are marked red and guarded in the console"
          data={[...typeOptions]}
          value={type}
          onChange={(event) => setType(event.currentTarget.value)}
          error={server.type}
        />
        {mode.kind === 'clone' ? (
          <>
            <MultiSelect
              label="Projects"
              description="Only these projects get the new environment; leave empty for all"
              data={[...projects]}
              value={cloneProjects}
              onChange={setCloneProjects}
              searchable
              clearable
              error={server.projects}
            />
            <Checkbox
              label="Copy project permissions for this environment"
              checked={clonePermissions}
              onChange={(event) => setClonePermissions(event.currentTarget.checked)}
            />
          </>
        ) : null}
        <FormActions
          submitLabel={
            { create: 'Create environment', edit: 'Save environment', clone: 'Clone environment' }[mode.kind]
          }
          submitting={submitting}
          submitDisabled={nameField.checking}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
