import { Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { Addon, AddonCreateUpdate, AddonTestResult, AddonType } from '../../../../server/contract';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { fieldErrorLookup, needsFormAlert } from '../../components/ErrorNotice/field-errors';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { useOffline } from '../../components/OnlineOnlyButton/OnlineOnlyButton';
import { ProviderNotes, ScopeFields, TagTypeHelp } from './IntegrationFormSections';
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

/** "Send test event": its state, and the attempt that shows the draft's problems before sending. */
function useTestEvent(send: () => Promise<AddonTestResult>, checkFirst: () => boolean) {
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<AddonTestResult | null>(null);
  const [testFailure, setTestError] = useState<unknown>(null);
  const [testTried, setTestTried] = useState(false);

  async function test() {
    setTestTried(true);
    if (!checkFirst()) return;
    setTesting(true);
    setTestError(null);
    setTestResult(null);
    try {
      setTestResult(await send());
    } catch (caught) {
      setTestError(caught);
    } finally {
      setTesting(false);
    }
  }

  return { testing, testResult, testFailure, testTried, test };
}

interface FormButtonsProps {
  editing: boolean;
  testing: boolean;
  submitting: boolean;
  onTest: () => void;
  onCancel: () => void;
}

/** Cancel, send a test event and save: the last two need the server. */
function FormButtons({ editing, testing, submitting, onTest, onCancel }: FormButtonsProps) {
  const offline = useOffline();
  const offlineReason = 'This needs a connection to the server';
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Tooltip label={offlineReason} disabled={!offline}>
        <Button variant="light" loading={testing} disabled={offline} onClick={onTest}>
          Send test event
        </Button>
      </Tooltip>
      <Tooltip label={offlineReason} disabled={!offline}>
        <Button type="submit" loading={submitting} disabled={offline}>
          {editing ? 'Save integration' : 'Create integration'}
        </Button>
      </Tooltip>
    </Group>
  );
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
  const [draft, setDraft] = useState<IntegrationDraft>(() => draftFor(provider, addon));
  const { submitting, error: submitError, showErrors, submit } = useFormSubmit();
  const problems = draftProblems(provider, draft, editing);
  const blocked = Object.keys(problems).length > 0;
  // An unsaved configuration is checked first; a saved one is what the server sends through.
  const { testing, testResult, testFailure, testTried, test } = useTestEvent(
    () => sendTest(bodyOfDraft(provider, draft)),
    () => editing || !blocked,
  );

  const error = withBodyPointers(submitError);
  const testError = withBodyPointers(testFailure);
  const fieldError = fieldErrorLookup(error ?? testError, problems, showErrors || testTried);
  const dirty = editing && isDirty(provider, addon, draft);
  const update = (changes: Partial<IntegrationDraft>) => setDraft((current) => ({ ...current, ...changes }));
  return (
    <form onSubmit={(event) => submit(event, blocked, () => save(bodyOfDraft(provider, draft)))} noValidate>
      <Stack gap="md">
        <ProviderNotes provider={provider} />
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
        <TagTypeHelp tagTypes={provider.tagTypes} />
        <Title order={2} size="h4">
          What to send
        </Title>
        <ScopeFields
          provider={provider}
          draft={draft}
          projects={projects}
          environments={environments}
          errorOf={fieldError}
          update={update}
        />
        {testError ? <ErrorNotice error={testError} title="The test event was not sent" /> : null}
        {testResult ? <TestEventResult result={testResult} /> : null}
        {dirty ? (
          <Text size="xs" c="dimmed">
            A test event goes through the saved configuration: save your changes to test them.
          </Text>
        ) : null}
        <FormButtons
          editing={editing}
          testing={testing}
          submitting={submitting}
          onTest={() => void test()}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
