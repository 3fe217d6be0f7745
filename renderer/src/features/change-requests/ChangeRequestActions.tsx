import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import type { ChangeRequest } from './change-request-types';
import { StepDialogs } from './StepDialogs';
import { FINAL_WORDS } from './step-rules';
import { ONLINE_ONLY_REASON, useReviewStep } from './use-change-requests';
import { type StepDialogName, useStepButtons } from './use-step-buttons';

/**
 * The buttons of a change request's state (Unleash's flow): send to review, approve, reject,
 * apply, schedule, reschedule, unschedule, cancel, discard. Each is online-only; a disabled one
 * says why in its tooltip and below the buttons.
 */
export function ChangeRequestActions({ request }: { request: ChangeRequest }) {
  const step = useReviewStep();
  const [dialog, setDialog] = useState<StepDialogName | null>(null);
  const buttons = useStepButtons(request, step, setDialog);
  const approvals = request.approvals?.length ?? 0;
  const needed = request.minApprovals ?? 1;

  return (
    <Stack gap="xs" data-testid="change-request-actions">
      {request.state === 'In review' ? (
        <Text size="sm" data-testid="approval-count">
          {approvals} of {needed} approval{needed === 1 ? '' : 's'}
        </Text>
      ) : null}
      {buttons.length ? <Group gap="xs">{buttons}</Group> : null}
      {FINAL_WORDS[request.state] ? (
        <Text size="sm" data-testid="final-state">
          {FINAL_WORDS[request.state]}
        </Text>
      ) : null}
      {step.offline && buttons.length ? (
        <Text size="sm" c="dimmed">
          {ONLINE_ONLY_REASON}
        </Text>
      ) : null}
      {step.error && dialog === null ? (
        <ErrorNotice error={step.error} title="The change request did not move on" />
      ) : null}
      <StepDialogs
        request={request}
        step={step}
        dialog={dialog}
        onClose={() => {
          setDialog(null);
          step.clearError();
        }}
      />
    </Stack>
  );
}
