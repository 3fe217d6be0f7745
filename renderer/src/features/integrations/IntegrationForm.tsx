import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import type { Addon, AddonCreateUpdate, AddonTestResult, AddonType } from '../../../../server/contract';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorLookup, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useOffline } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import {
  bodyOfDraft,
  draftFor,
  draftProblems,
  type IntegrationDraft,
  isDirty,
  withBodyPointers,
} from './integration-draft';
import { ParameterFields } from './ParameterFields';
import { TestEventResult } from './TestEventResult';

export interface IntegrationFormProps {
  provider: AddonType;
  /** The saved integration when editing; a new one otherwise. */
  addon?: Addon;
  projects: ReadonlyArray<{ id: string; name: string }>;
  environments: readonly string[];
  save: (body: AddonCreateUpdate) => Promise<void>;
  /** Sends a test event: through the saved configuration when editing, through `body` otherwise. */
  sendTest: (body: AddonCreateUpdate) => Promise<AddonTestResult>;
  onCancel: () => void;
}

/**
 * A provider's configuration: its parameters, the events it listens to, the projects and
 * environments it is limited to (none chosen: all), a description and whether it is enabled; with
 * "Send test event" showing what the receiver answered.
 */
export function IntegrationForm({
  provider,
  addon,
  projects,
  environments,
  save,
  sendTest,
  onCancel,
}: IntegrationFormProps) {
  const editing = addon !== undefined;
  const offline = useOffline();
  const [draft, setDraft] = useState<IntegrationDraft>(() => draftFor(provider, addon));
  const { submitting, error: submitError, showErrors, submit } = useFormSubmit();
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<AddonTestResult | null>(null);
  const [testFailure, setTestError] = useState<unknown>(null);
  const [testTried, setTestTried] = useState(false);

  const error = withBodyPointers(submitError);
  const testError = withBodyPointers(testFailure);
  const problems = draftProblems(provider, draft, editing);
  const blocked = Object.keys(problems).length > 0;
  const fieldError = fieldErrorLookup(error ?? testError, problems, showErrors || testTried);
  const dirty = editing && isDirty(provider, addon, draft);
  const update = (changes: Partial<IntegrationDraft>) => setDraft((current) => ({ ...current, ...changes }));

  async function test() {
    setTestTried(true);
    // An unsaved configuration is checked first; a saved one is what the server sends through.
    if (!editing && blocked) return;
    setTesting(true);
    setTestError(null);
    setTestResult(null);
    try {
      setTestResult(await sendTest(bodyOfDraft(provider, draft)));
    } catch (caught) {
      setTestError(caught);
    } finally {
      setTesting(false);
    }
  }

  const offlineReason = 'This needs a connection to the server';
  return (
    <form onSubmit={(event) => submit(event, blocked, () => save(bodyOfDraft(provider, draft)))} noValidate>
      <Stack gap="md">
        {provider.deprecated ? (
          <Alert color="yellow" variant="light" title="Deprecated">
            {provider.deprecated}
          </Alert>
        ) : null}
        {provider.howTo ? <Text size="sm">{provider.howTo}</Text> : null}
        {provider.installation ? (
          <Alert color="blue" variant="light" title={provider.installation.title ?? 'Installation'}>
            <Text size="sm">
              {provider.installation.helpText}{' '}
              <Anchor href={provider.installation.url} target="_blank" rel="noreferrer">
                Install
              </Anchor>
            </Text>
          </Alert>
        ) : null}
        {needsFormAlert(error) ? (
          <ErrorNotice
            error={error}
            title={editing ? 'The integration was not saved' : 'The integration was not created'}
          />
        ) : null}
        <Title order={2} size="h4">
          Parameters
        </Title>
        <ParameterFields
          parameters={provider.parameters ?? []}
          values={draft.parameters}
          editing={editing}
          errorOf={fieldError}
          onChange={(name, value) => update({ parameters: { ...draft.parameters, [name]: value } })}
        />
        {provider.tagTypes?.length ? (
          <Text size="sm" c="dimmed" data-testid="tag-type-help">
            Flags tagged with{' '}
            {provider.tagTypes.map((tagType, index) => (
              <span key={tagType.name}>
                {index > 0 ? ', ' : ''}
                <strong>{tagType.name}</strong>
                {tagType.description ? ` (${tagType.description})` : ''}
              </span>
            ))}{' '}
            choose where their events go, besides the channels above.
          </Text>
        ) : null}
        <Title order={2} size="h4">
          What to send
        </Title>
        <MultiSelect
          label="Events"
          description="The events this integration sends"
          withAsterisk
          searchable
          data={provider.events ?? []}
          value={draft.events}
          onChange={(events) => update({ events })}
          error={fieldError('events')}
        />
        <MultiSelect
          label="Projects"
          description="Only events of these projects; none chosen means all projects"
          searchable
          data={projects.map((project) => ({ value: project.id, label: project.name }))}
          value={draft.projects}
          onChange={(chosen) => update({ projects: chosen })}
          error={fieldError('projects')}
        />
        <MultiSelect
          label="Environments"
          description="Only events of these environments; none chosen means all environments"
          searchable
          data={[...environments]}
          value={draft.environments}
          onChange={(chosen) => update({ environments: chosen })}
          error={fieldError('environments')}
        />
        <TextInput
          label="Description"
          description="What this integration is for, shown in the gallery"
          value={draft.description}
          onChange={(event) => update({ description: event.currentTarget.value })}
          error={fieldError('description')}
        />
        <Switch
          label="Enabled"
          description="A disabled integration keeps its configuration and sends nothing"
          checked={draft.enabled}
          onChange={(event) => update({ enabled: event.currentTarget.checked })}
        />
        {testError ? <ErrorNotice error={testError} title="The test event was not sent" /> : null}
        {testResult ? <TestEventResult result={testResult} /> : null}
        {dirty ? (
          <Text size="xs" c="dimmed">
            A test event goes through the saved configuration: save your changes to test them.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Tooltip label={offlineReason} disabled={!offline}>
            <Button variant="light" loading={testing} disabled={offline} onClick={() => void test()}>
              Send test event
            </Button>
          </Tooltip>
          <Tooltip label={offlineReason} disabled={!offline}>
            <Button type="submit" loading={submitting} disabled={offline}>
              {editing ? 'Save integration' : 'Create integration'}
            </Button>
          </Tooltip>
        </Group>
      </Stack>
    </form>
  );
}
