import { useState } from 'react';
import type { Environment } from '../../api/types';
import { fieldErrorsOf, nameTakenMessage } from '../../components/ErrorNotice/field-errors';
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

/**
 * The environment form's fields, the server's check of a new name, and the write that creates,
 * saves or clones; `onDone` hears the name once the server took it.
 */
export function useEnvironmentForm(
  mode: EnvironmentFormMode,
  existingNames: readonly string[],
  onDone: (name: string) => void,
) {
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

  return {
    naming,
    name,
    setName,
    type,
    setType,
    cloneProjects,
    setCloneProjects,
    clonePermissions,
    setClonePermissions,
    submitting,
    error,
    server,
    nameField,
    onSubmit: (event: Parameters<typeof submit>[0]) => submit(event, naming && nameField.blocked, send),
  };
}
