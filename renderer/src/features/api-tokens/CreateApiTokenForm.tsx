import { MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ApiToken, CreateApiTokenBody } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorLookup, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useServerWrite } from '../../stores/use-mutations';
import {
  ALL_PROJECTS,
  apiTokenDraftProblems,
  createApiTokenBody,
  nextProjectsChoice,
  projectChoices,
  TOKEN_TYPE_OPTIONS,
} from './api-token-form';
import { TokenEnvironmentSelect, TokenExpiryInput, useEnvironmentChoice } from './token-fields';

export interface CreateApiTokenFormProps {
  environments: readonly string[];
  projects: ReadonlyArray<{ id: string; name: string }>;
  onCreated: (token: ApiToken) => void;
  onCancel: () => void;
}

export function CreateApiTokenForm({ environments, projects, onCreated, onCancel }: CreateApiTokenFormProps) {
  const write = useServerWrite({ kind: 'api-token' });
  const [tokenName, setTokenName] = useState('');
  const [type, setType] = useState<CreateApiTokenBody['type']>('client');
  const [environment, setEnvironment] = useEnvironmentChoice(environments);
  const [selectedProjects, setSelectedProjects] = useState<string[]>([ALL_PROJECTS]);
  const [expiresAt, setExpiresAt] = useState('');
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const draft = { tokenName, type, environment, projects: selectedProjects, expiresAt };
  const local = apiTokenDraftProblems(draft);
  const fieldError = fieldErrorLookup(error, local, showErrors);

  const blocked = Object.keys(local).length > 0;

  async function send() {
    onCreated(await write((api) => api.createApiToken(createApiTokenBody(draft))));
  }

  return (
    <form onSubmit={(event) => submit(event, blocked, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="The token was not created" /> : null}
        <TextInput
          label="Name"
          description="What will use it, e.g. checkout-service"
          required
          value={tokenName}
          onChange={(event) => setTokenName(event.currentTarget.value)}
          error={fieldError('tokenName')}
          data-autofocus
        />
        <Select
          label="Type"
          data={TOKEN_TYPE_OPTIONS}
          value={type}
          allowDeselect={false}
          onChange={(value) => setType((value as CreateApiTokenBody['type'] | null) ?? 'client')}
          error={fieldError('type')}
        />
        <TokenEnvironmentSelect
          environments={environments}
          value={environment}
          onChange={setEnvironment}
          error={fieldError('environment')}
        />
        <MultiSelect
          label="Projects"
          data={projectChoices(projects)}
          value={selectedProjects}
          onChange={(value) => setSelectedProjects(nextProjectsChoice(selectedProjects, value))}
          error={fieldError('projects') ?? fieldError('project')}
        />
        <TokenExpiryInput value={expiresAt} onChange={setExpiresAt} error={fieldError('expiresAt')} />
        <FormActions submitLabel="Create token" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
