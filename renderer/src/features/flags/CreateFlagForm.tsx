import { Alert, Loader, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { createFlagPageApi } from '../../api/flag-api';
import type { ProjectOverview } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { namingMismatch, useNamingPatterns } from '../../components/NameCheck/naming-pattern';
import { useConsoleState } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { useServerCheck } from '../../stores/use-server-check';
import { useServerData } from '../../stores/use-server-data';
import { createFlagEdit, type NewFlag } from '../flag-page/index';

/** How long the name must rest before the server is asked about it. */
export const NAME_CHECK_DELAY_MS = 400;

type NameCheck =
  | { status: 'idle' }
  | { status: 'checking'; name: string }
  | { status: 'valid'; name: string }
  | { status: 'invalid'; name: string; message: string }
  | { status: 'unknown'; name: string };

/** Asks `POST /api/admin/features/validate` about the name once typing pauses, per project. */
function useNameCheck(name: string, project: string | null): NameCheck {
  const [debounced] = useDebouncedValue(name.trim(), NAME_CHECK_DELAY_MS);
  const check = useServerCheck<NameCheck>(
    debounced ? `POST /api/admin/features/validate ${JSON.stringify([debounced, project])}` : null,
    (api) =>
      createFlagPageApi(api.client)
        .validateName(debounced, project)
        .then(
          (): NameCheck => ({ status: 'valid', name: debounced }),
          (error: unknown): NameCheck =>
            // A name that is not URL friendly is refused with Unleash's generic validation message;
            // what is wrong with it is in `details`, so that is what goes under the field.
            error instanceof ApiError
              ? {
                  status: 'invalid',
                  name: debounced,
                  message: error.fieldErrors().name ?? error.details[0]?.message ?? error.message,
                }
              : { status: 'unknown', name: debounced },
        ),
  );
  if (!debounced) return { status: 'idle' };
  return check.answer ?? { status: 'checking', name: debounced };
}

/**
 * The name field's error and hint: the server's refusal, the project's naming pattern (checked
 * here at each keystroke; the server check confirms it on a pause), the name check's answer.
 */
function useNameField({
  name,
  project,
  serverError,
  showErrors,
}: {
  name: string;
  project: string | null;
  serverError: string | undefined;
  showErrors: boolean;
}) {
  const check = useNameCheck(name, project);
  const overview = useServerData(project ? `project-overview:${project}` : null, (api) =>
    api.client.get<ProjectOverview>(`/api/admin/projects/${encodeURIComponent(project ?? '')}/overview`),
  );
  const naming = overview.data?.featureNaming;
  useNamingPatterns(Boolean(naming?.pattern));

  const trimmed = name.trim();
  const current = check.status !== 'idle' && check.name === trimmed;
  const patternError = namingMismatch(trimmed, naming);
  const nameError =
    serverError ??
    patternError ??
    (current && check.status === 'invalid' ? check.message : undefined) ??
    (showErrors && !trimmed ? 'A flag needs a name' : undefined);
  const nameHint =
    current && check.status === 'checking'
      ? 'Checking the name…'
      : current && check.status === 'valid'
        ? 'The name is free'
        : current && check.status === 'unknown'
          ? 'The name could not be checked: the server is unreachable'
          : 'Letters, digits and - _ . ~ only; it cannot be changed later';
  const namingRule = naming?.pattern
    ? [
        `Naming pattern: ${naming.pattern}`,
        naming.example ? `for example ${naming.example}` : null,
        naming.description || null,
      ]
        .filter(Boolean)
        .join(' · ')
    : null;
  return {
    trimmed,
    nameError,
    nameHint,
    checking: current && check.status === 'checking',
    nameRefused: Boolean(patternError) || (current && check.status === 'invalid'),
    namingRule,
  };
}

/** The flag types the server knows (Release until they load). */
function FlagTypeSelect({
  type,
  onChange,
  error,
}: {
  type: string;
  onChange: (type: string) => void;
  error: string | undefined;
}) {
  const types = useServerData('feature-types', (api) => api.listFeatureTypes());
  return (
    <Select
      label="Type"
      data={(types.data?.types ?? [{ id: 'release', name: 'Release' }]).map((t) => ({
        value: t.id,
        label: t.name,
      }))}
      value={type}
      onChange={(value) => onChange(value ?? 'release')}
      allowDeselect={false}
      error={error}
    />
  );
}

export interface CreateFlagFormProps {
  defaultProject: string | null;
  onDone: (result: SubmitResult, flag: NewFlag) => void;
  onCancel: () => void;
}

/** A new flag: name (checked by the server as you type), project, type, description, impression data. */
export function CreateFlagForm({ defaultProject, onDone, onCancel }: CreateFlagFormProps) {
  const { mutateAsync: submitEdit } = useEditMutation();
  const offline = useConsoleState((state) => state.connectivity === 'offline');
  const projects = useServerData('projects', (api) => api.listProjects());
  const [name, setName] = useState('');
  const [project, setProject] = useState<string | null>(defaultProject ?? 'default');
  const [type, setType] = useState<string>('release');
  const [description, setDescription] = useState('');
  const [impressionData, setImpressionData] = useState(false);
  const { submitting, error, showErrors, submit } = useFormSubmit();
  const server = fieldErrorsOf(error);
  const { trimmed, nameError, nameHint, checking, nameRefused, namingRule } = useNameField({
    name,
    project,
    serverError: server.name,
    showErrors,
  });
  const blocked = !trimmed || !project || nameRefused;

  async function send() {
    if (!project) return; // never: `blocked` covers it, this narrows the type
    const flag: NewFlag = {
      project,
      name: trimmed,
      type: type as NewFlag['type'],
      description: description.trim() ? description.trim() : null,
      impressionData,
    };
    onDone(await submitEdit(createFlagEdit(flag)), flag);
  }

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="The flag was not created" /> : null}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          description={nameError ? undefined : nameHint}
          rightSection={checking ? <Loader size="xs" /> : null}
          data-autofocus
        />
        {namingRule ? (
          <Alert color="blue" variant="light" p="xs" data-testid="naming-rule">
            {namingRule}
          </Alert>
        ) : null}
        <Select
          label="Project"
          required
          searchable
          data={(projects.data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={project}
          onChange={setProject}
          allowDeselect={false}
          error={server.project ?? (showErrors && !project ? 'Choose a project' : undefined)}
        />
        <FlagTypeSelect type={type} onChange={setType} error={server.type} />
        <Textarea
          label="Description"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={server.description}
        />
        <Switch
          label="Impression data"
          description="SDKs emit an impression event each time they evaluate the flag"
          checked={impressionData}
          onChange={(event) => setImpressionData(event.currentTarget.checked)}
        />
        {offline ? <OfflineNotice /> : null}
        <FormActions submitLabel="Create flag" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function OfflineNotice() {
  return (
    <Alert color="yellow" variant="light">
      The server is unreachable: the flag goes into the pending edits and is created when it is back.
    </Alert>
  );
}
