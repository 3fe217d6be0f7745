import { Alert, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ChangeRequest } from './change-request-types';
import { StepDialog } from './StepDialog';
import { toLocalInput } from './step-rules';
import type { useReviewStep } from './use-change-requests';
import type { StepDialogName } from './use-step-buttons';

/**
 * The steps that ask first: reject (with a comment for the author), schedule or reschedule
 * (a local time in the future), and cancel. The comment is cleared whenever a dialog closes.
 */
export function StepDialogs({
  request,
  step,
  dialog,
  onClose,
}: {
  request: ChangeRequest;
  step: ReturnType<typeof useReviewStep>;
  dialog: StepDialogName | null;
  onClose: () => void;
}) {
  const { project, id } = request;
  const [comment, setComment] = useState('');
  const [when, setWhen] = useState(() =>
    toLocalInput(request.schedule?.scheduledAt ?? new Date(Date.now() + 3_600_000).toISOString()),
  );
  const close = () => {
    onClose();
    setComment('');
  };
  const done = async (action: Parameters<typeof step.run>[0]) => {
    if (await step.run(action)) close();
  };

  return (
    <>
      <StepDialog
        opened={dialog === 'reject'}
        onClose={close}
        title={`Reject change request #${id}`}
        error={step.error}
        errorTitle="The change request was not rejected"
        confirm={{
          label: 'Reject changes',
          color: 'red',
          loading: step.busy,
          disabled: step.offline,
          onClick: () =>
            void done((api) =>
              api.setState(project, id, {
                state: 'Rejected',
                ...(comment.trim() ? { comment: comment.trim() } : {}),
              }),
            ),
        }}
      >
        <Textarea
          label="Why (shown to the author)"
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          minRows={3}
          data-autofocus
        />
      </StepDialog>

      <StepDialog
        opened={dialog === 'schedule'}
        onClose={close}
        title={`Schedule change request #${id}`}
        error={step.error}
        errorTitle="The change request was not scheduled"
        confirm={{
          label: request.state === 'Scheduled' ? 'Update schedule' : 'Schedule changes',
          loading: step.busy,
          disabled: step.offline || !when || !(Date.parse(when) > Date.now()),
          onClick: () =>
            void done((api) =>
              api.setState(project, id, { state: 'Scheduled', scheduledAt: new Date(when).toISOString() }),
            ),
        }}
      >
        <TextInput
          type="datetime-local"
          label="Apply at (your local time)"
          value={when}
          onChange={(event) => setWhen(event.currentTarget.value)}
          data-autofocus
        />
        {when && Date.parse(when) <= Date.now() ? (
          <Alert color="yellow" variant="light">
            Choose a time in the future.
          </Alert>
        ) : null}
      </StepDialog>

      <StepDialog
        opened={dialog === 'cancel'}
        onClose={close}
        title={`Cancel change request #${id}?`}
        intro={<Text size="sm">Nothing of it is applied, and it cannot be reopened.</Text>}
        error={step.error}
        errorTitle="The change request was not cancelled"
        backLabel="Keep it"
        confirm={{
          label: 'Cancel request',
          color: 'red',
          loading: step.busy,
          disabled: step.offline,
          onClick: () => void done((api) => api.setState(project, id, { state: 'Cancelled' })),
        }}
      />
    </>
  );
}
