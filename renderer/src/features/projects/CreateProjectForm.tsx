import { Alert, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CreateProjectBody } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useConsole } from '../../stores/console-context';
import type { SubmitResult } from '../../stores/console-store';
import { useEditMutation } from '../../stores/use-mutations';
import { createProjectEdit } from './project-edits';

/** createProjectSchema: `id` matches `[A-Za-z0-9_~.-]`, the name is not blank. */
const PROJECT_ID = /^[A-Za-z0-9_~.-]+$/;

export function slugifyProjectId(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_~.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

export function validateProjectDraft(draft: { id: string; name: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name.trim()) errors.name = 'A project needs a name';
  if (!draft.id) errors.id = 'A project needs an id';
  else if (!PROJECT_ID.test(draft.id)) errors.id = 'Use letters, digits and _ ~ . - only';
  return errors;
}

const MODE_OPTIONS = [
  { value: 'open', label: 'Open: anyone can submit change requests' },
  { value: 'protected', label: 'Protected: only members can submit change requests' },
  { value: 'private', label: 'Private: only members can see it' },
];

export interface CreateProjectFormProps {
  existingIds: readonly string[];
  onDone: (result: SubmitResult, project: CreateProjectBody) => void;
  onCancel: () => void;
}

export function CreateProjectForm({ existingIds, onDone, onCancel }: CreateProjectFormProps) {
  const consoleApi = useConsole();
  const { mutateAsync: submitEdit } = useEditMutation();
  const [name, setName] = useState('');
  const [id, setId] = useState('');
  const [idTouched, setIdTouched] = useState(false);
  const [description, setDescription] = useState('');
  const [mode, setMode] = useState<'open' | 'protected' | 'private'>('open');
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const effectiveId = idTouched ? id : slugifyProjectId(name);
  const local = validateProjectDraft({ id: effectiveId, name });
  if (!local.id && existingIds.includes(effectiveId))
    local.id = `A project with the id ${effectiveId} already exists`;
  const server = fieldErrorsOf(error);
  const fieldError = (field: string) =>
    server[field] ?? (showErrors || (field === 'id' && effectiveId) ? local[field] : undefined);

  const blocked = Object.keys(local).length > 0;

  async function send() {
    const body: CreateProjectBody & { id: string } = {
      id: effectiveId,
      name: name.trim(),
      mode,
      ...(description.trim() ? { description: description.trim() } : {}),
    };
    onDone(await submitEdit(createProjectEdit(body)), body);
  }

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="The project was not created" /> : null}
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError('name')}
          data-autofocus
        />
        <TextInput
          label="Id"
          description="Used in URLs and API token scopes; cannot be changed later"
          required
          value={effectiveId}
          onChange={(e) => {
            setIdTouched(true);
            setId(e.currentTarget.value);
          }}
          error={fieldError('id')}
        />
        <Textarea
          label="Description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={fieldError('description')}
        />
        <Select
          label="Collaboration mode"
          data={MODE_OPTIONS}
          value={mode}
          onChange={(value) => setMode((value as typeof mode | null) ?? 'open')}
          allowDeselect={false}
          error={fieldError('mode')}
        />
        {consoleApi.store.getState().connectivity === 'offline' ? <OfflineNotice /> : null}
        <FormActions submitLabel="Create project" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function OfflineNotice() {
  return (
    <Alert color="yellow" variant="light">
      The server is unreachable: the project goes into the pending edits and is created when it is back.
    </Alert>
  );
}
