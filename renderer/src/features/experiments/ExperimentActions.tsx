import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { FormActions } from '../../components/FormActions/FormActions';
import { Guarded } from '../../components/Guarded/Guarded';
import { draftedNotice, useChangeRequestMode } from '../../stores/change-request-mode';
import { usePermissionReason } from '../../stores/permissions';
import { useServerWrite } from '../../stores/use-mutations';
import {
  createExperimentsApi,
  type Experiment,
  type ExperimentDecisionBody,
  flagExperimentsPath,
  type RunAction,
  runRequest,
} from './experiments-api';

const DECISIONS = [
  { value: 'ship', label: 'Ship a variant' },
  { value: 'rollback', label: 'Roll back' },
  { value: 'inconclusive', label: 'Inconclusive' },
];

/** Records the outcome of a stopped experiment: ship (a variant), roll back or inconclusive. */
function DecisionDialog({
  experiment,
  opened,
  onClose,
  onDecide,
}: {
  experiment: Experiment;
  opened: boolean;
  onClose: () => void;
  onDecide: (body: ExperimentDecisionBody) => Promise<void>;
}) {
  const [decision, setDecision] = useState<ExperimentDecisionBody['decision']>('ship');
  const [variant, setVariant] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const missingVariant = decision === 'ship' && !variant;
  return (
    <Modal opened={opened} onClose={onClose} title={`Decide ${experiment.name}`}>
      <form
        aria-label={`Decision on ${experiment.name}`}
        onSubmit={async (event) => {
          event.preventDefault();
          if (missingVariant) return;
          setSubmitting(true);
          setError(null);
          try {
            await onDecide({
              decision,
              ...(variant && decision === 'ship' ? { variant } : {}),
              ...(reason.trim() ? { reason: reason.trim() } : {}),
            });
            onClose();
          } catch (refusal) {
            setError(refusal);
          } finally {
            setSubmitting(false);
          }
        }}
      >
        <Stack gap="sm">
          {error ? <ErrorNotice error={error} title="The decision was not recorded" /> : null}
          <Select
            label="Decision"
            data={DECISIONS}
            value={decision}
            allowDeselect={false}
            onChange={(value) => setDecision((value ?? 'ship') as ExperimentDecisionBody['decision'])}
          />
          {decision === 'ship' ? (
            <Select
              label="Variant to ship"
              required
              data={experiment.variants.map((v) => v.name)}
              value={variant}
              onChange={setVariant}
            />
          ) : null}
          <Textarea
            label="Reason"
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Text size="xs" c="dimmed">
            Recording the decision does not change the flag: roll the variant out or back as any other change.
          </Text>
          <FormActions
            submitLabel="Record decision"
            submitting={submitting}
            onCancel={onClose}
            submitDisabled={missingVariant}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Starting or stopping (directly, or drafted), with the busy flag, the refusal and the notice. */
function useRunActions(experiment: Experiment) {
  const drafting = useChangeRequestMode();
  const write = useServerWrite({
    kind: 'experiment',
    path: flagExperimentsPath({ project: experiment.project, name: experiment.featureName }),
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function run(action: RunAction) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const request = runRequest(experiment, action, drafting !== null);
      await write((api) => createExperimentsApi(api.client).send(request));
      const done = action === 'start' ? 'Experiment started.' : 'Experiment stopped.';
      setNotice(drafting ? draftedNotice(drafting) : done);
    } catch (refusal) {
      setError(refusal);
    } finally {
      setBusy(false);
    }
  }

  async function decide(body: ExperimentDecisionBody) {
    await write((api) => createExperimentsApi(api.client).decide(experiment, body));
    setNotice('Decision recorded.');
  }

  return { drafting, busy, error, notice, run, decide };
}

/**
 * Start, Stop and Decide for one experiment, each disabled with the reason without the
 * permission (start and stop: UPDATE_FEATURE_ENVIRONMENT in its environment; deciding:
 * UPDATE_FEATURE). Inside change-request routing, start and stop are drafted instead.
 */
export function ExperimentActions({ experiment }: { experiment: Experiment }) {
  const { drafting, busy, error, notice, run, decide } = useRunActions(experiment);
  const runDenied = usePermissionReason('UPDATE_FEATURE_ENVIRONMENT', {
    project: experiment.project,
    environment: experiment.environment,
  });
  const decideDenied = usePermissionReason('UPDATE_FEATURE', { project: experiment.project });
  const [deciding, setDeciding] = useState(false);
  const draftSuffix = drafting ? ' (draft)' : '';
  const { name, status } = experiment;

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {status === 'draft' || status === 'running' ? (
          <Guarded reason={runDenied}>
            <Button
              size="compact-sm"
              color={status === 'running' ? 'red' : undefined}
              variant={status === 'running' ? 'light' : 'filled'}
              loading={busy}
              onClick={() => void run(status === 'draft' ? 'start' : 'stop')}
              aria-label={`${status === 'draft' ? 'Start' : 'Stop'} ${name}${draftSuffix}`}
            >
              {status === 'draft' ? 'Start' : 'Stop'}
              {draftSuffix}
            </Button>
          </Guarded>
        ) : (
          <Guarded reason={decideDenied}>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => setDeciding(true)}
              aria-label={`Decide ${name}`}
            >
              {experiment.decision ? 'Change decision' : 'Decide'}
            </Button>
          </Guarded>
        )}
      </Group>
      {notice ? (
        <Text size="sm" c="teal" role="status">
          {notice}
        </Text>
      ) : null}
      {error ? <ErrorNotice error={error} title={`${name} was not changed`} /> : null}
      <DecisionDialog
        experiment={experiment}
        opened={deciding}
        onClose={() => setDeciding(false)}
        onDecide={decide}
      />
    </Stack>
  );
}
