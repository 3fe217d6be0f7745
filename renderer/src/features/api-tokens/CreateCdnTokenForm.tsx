import { Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorLookup, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useServerWrite } from '../../stores/use-mutations';
import { ALL_PROJECTS, projectChoices } from './api-token-form';
import { type CreatedCdnToken, cdnTokenApi } from './cdn-token-api';
import { cdnTokenDraftProblems, createCdnTokenBody } from './cdn-token-form';
import { TokenEnvironmentSelect, TokenExpiryInput, useEnvironmentChoice } from './token-fields';

export interface CreateCdnTokenFormProps {
  environments: readonly string[];
  projects: ReadonlyArray<{ id: string; name: string }>;
  onCreated: (token: CreatedCdnToken) => void;
  onCancel: () => void;
}

/** A CDN token: a frontend token of one project (or all) and one environment (issue 31 §5). */
export function CreateCdnTokenForm({ environments, projects, onCreated, onCancel }: CreateCdnTokenFormProps) {
  const write = useServerWrite({ kind: 'api-token' });
  const [tokenName, setTokenName] = useState('');
  const [environment, setEnvironment] = useEnvironmentChoice(environments);
  const [project, setProject] = useState(ALL_PROJECTS);
  const [expiresAt, setExpiresAt] = useState('');
  const { submitting, error, showErrors, submit } = useFormSubmit();

  const draft = { tokenName, environment, project, expiresAt };
  const local = cdnTokenDraftProblems(draft);
  const fieldError = fieldErrorLookup(error, local, showErrors);

  async function send() {
    onCreated(await write((api) => cdnTokenApi(api).create(createCdnTokenBody(draft))));
  }

  return (
    <form onSubmit={(event) => submit(event, Object.keys(local).length > 0, send)} noValidate>
      <Stack gap="sm">
        {needsFormAlert(error) ? <ErrorNotice error={error} title="The CDN token was not created" /> : null}
        <TextInput
          label="Name"
          description="What will use it, e.g. storefront-cdn"
          required
          value={tokenName}
          onChange={(event) => setTokenName(event.currentTarget.value)}
          error={fieldError('tokenName')}
          data-autofocus
        />
        <TokenEnvironmentSelect
          environments={environments}
          value={environment}
          onChange={setEnvironment}
          error={fieldError('environment')}
        />
        <Select
          label="Project"
          data={projectChoices(projects)}
          value={project}
          allowDeselect={false}
          onChange={(value) => setProject(value ?? ALL_PROJECTS)}
          error={fieldError('project')}
        />
        <TokenExpiryInput value={expiresAt} onChange={setExpiresAt} error={fieldError('expiresAt')} />
        <FormActions submitLabel="Create CDN token" submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
