import { Alert, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ChangeRequest } from './change-request-types';
import { StepDialog } from './StepDialog';
import { toLocalInput } from './step-rules';
import type { useReviewStep } from './use-change-requests';
import type { StepDialogName } from './use-step-buttons';

type ReviewStep = ReturnType<typeof useReviewStep>;
/** Runs a step and closes the dialog when it succeeded. */
type RunAndClose = (action: Parameters<ReviewStep['run']>[0]) => Promise<void>;

interface DialogProps {
  request: ChangeRequest;
  step: ReviewStep;
  opened: boolean;
  onClose: () => void;
  done: RunAndClose;
}

function RejectDialog({
  request: { project, id },
  step,
  opened,
  onClose,
  done,
  comment,
  onCommentChange,
}: DialogProps & { comment: string; onCommentChange: (comment: string) => void }) {
  return (
    <StepDialog
      opened={opened}
      onClose={onClose}
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
        onChange={(event) => onCommentChange(event.currentTarget.value)}
        minRows={3}
        data-autofocus
      />
    </StepDialog>
  );
}

/** Schedule or reschedule: a local time in the future, an hour from now unless already scheduled. */
function ScheduleDialog({ request, step, opened, onClose, done }: DialogProps) {
  const { project, id } = request;
  const [when, setWhen] = useState(() =>
    toLocalInput(request.schedule?.scheduledAt ?? new Date(Date.now() + 3_600_000).toISOString()),
  );
  return (
    <StepDialog
      opened={opened}
      onClose={onClose}
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
  );
}

function CancelDialog({ request: { project, id }, step, opened, onClose, done }: DialogProps) {
  return (
    <StepDialog
      opened={opened}
      onClose={onClose}
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
  );
}

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
  step: ReviewStep;
  dialog: StepDialogName | null;
  onClose: () => void;
}) {
  const [comment, setComment] = useState('');
  const close = () => {
    onClose();
    setComment('');
  };
  const done: RunAndClose = async (action) => {
    if (await step.run(action)) close();
  };
  const shared = { request, step, onClose: close, done };

  return (
    <>
      <RejectDialog {...shared} opened={dialog === 'reject'} comment={comment} onCommentChange={setComment} />
      <ScheduleDialog {...shared} opened={dialog === 'schedule'} />
      <CancelDialog {...shared} opened={dialog === 'cancel'} />
    </>
  );
}
