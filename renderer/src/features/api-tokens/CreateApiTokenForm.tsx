import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ApiToken, CreateApiTokenBody } from '../../api/types';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorsOf, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { useConsole } from '../../stores/console-context';

export interface CreateApiTokenFormProps {
  environments: readonly string[];
  projects: ReadonlyArray<{ id: string; name: string }>;
  onCreated: (token: ApiToken) => void;
  onCancel: () => void;
}

const ALL_PROJECTS = '*';

export function CreateApiTokenForm({ environments, projects, onCreated, onCancel }: CreateApiTokenFormProps) {
  const consoleApi = useConsole();
  const [tokenName, setTokenName] = useState('');
  const [type, setType] = useState<CreateApiTokenBody['type']>('client');
  const [environment, setEnvironment] = useState<string | null>(environments[0] ?? null);
  const [selectedProjects, setSelectedProjects] = useState<string[]>([ALL_PROJECTS]);
  const [expiresAt, setExpiresAt] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [showErrors, setShowErrors] = useState(false);

  const local: Record<string, string> = {};
  if (!tokenName.trim()) local.tokenName = 'Name the token after what uses it';
  if (!environment) local.environment = 'Choose the environment the token reads';
  if (selectedProjects.length === 0) local.projects = 'Choose at least one project, or all';
  const server = fieldErrorsOf(error);
  const fieldError = (field: string) => server[field] ?? (showErrors ? local[field] : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(local).length > 0) return;
    setSubmitting(true);
    setError(null);
    const projectsBody = selectedProjects.includes(ALL_PROJECTS) ? [ALL_PROJECTS] : selectedProjects;
    try {
      const created = await consoleApi.api().createApiToken({
        tokenName: tokenName.trim(),
        type,
        ...(environment ? { environment } : {}),
        projects: projectsBody,
        ...(expiresAt ? { expiresAt: new Date(`${expiresAt}T23:59:59`).toISOString() } : {}),
      });
      onCreated(created);
    } catch (caught) {
      setError(caught);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
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
          data={[
            { value: 'client', label: 'Backend SDK (client)' },
            { value: 'frontend', label: 'Frontend SDK' },
          ]}
          value={type}
          allowDeselect={false}
          onChange={(value) => setType((value as CreateApiTokenBody['type'] | null) ?? 'client')}
          error={fieldError('type')}
        />
        <Select
          label="Environment"
          required
          data={[...environments]}
          value={environment}
          onChange={setEnvironment}
          error={fieldError('environment')}
        />
        <MultiSelect
          label="Projects"
          data={[
            { value: ALL_PROJECTS, label: 'All projects (current and future)' },
            ...projects.map((p) => ({ value: p.id, label: p.name })),
          ]}
          value={selectedProjects}
          onChange={(value) => {
            // "All" and single projects exclude each other: the newest choice wins.
            const added = value.find((item) => !selectedProjects.includes(item));
            setSelectedProjects(
              added === ALL_PROJECTS ? [ALL_PROJECTS] : value.filter((item) => item !== ALL_PROJECTS),
            );
          }}
          error={fieldError('projects') ?? fieldError('project')}
        />
        <TextInput
          label="Expires"
          description="Optional; the token stops working at the end of this day"
          type="date"
          value={expiresAt}
          onChange={(event) => setExpiresAt(event.currentTarget.value)}
          error={fieldError('expiresAt')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
