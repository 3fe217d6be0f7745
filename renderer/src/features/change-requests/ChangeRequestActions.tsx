import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { navigate } from '../../router/navigation';
import { projectPath } from '../../router/paths';
import type { ChangeRequest } from './change-request-types';
import { changeCount } from './change-request-types';
import { isMine, ONLINE_ONLY_REASON, useMe, useReviewStep } from './use-change-requests';

type Dialog = 'reject' | 'schedule' | 'cancel' | null;

/** Applied, Cancelled and Rejected are final: no step is left, so the card says what happened. */
const FINAL_WORDS: Partial<Record<ChangeRequest['state'], string>> = {
  Applied: 'Applied: the changes are live for SDKs.',
  Cancelled: 'Cancelled: nothing of it was applied.',
  Rejected: 'Rejected: nothing of it was applied.',
};

/** `datetime-local` wants local wall-clock time without seconds or zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function StepButton({
  reason,
  offline,
  children,
  ...props
}: {
  reason: string | null;
  offline: boolean;
  children: ReactNode;
  onClick: () => void;
  color?: string;
  variant?: string;
  loading?: boolean;
}) {
  const why = offline ? ONLINE_ONLY_REASON : reason;
  return (
    <Tooltip label={why ?? ''} disabled={!why} multiline w={260}>
      <Button {...props} disabled={why !== null} data-disabled-reason={why ?? undefined}>
        {children}
      </Button>
    </Tooltip>
  );
}

/**
 * The buttons of a change request's state (Unleash's flow): send to review, approve, reject,
 * apply, schedule, reschedule, unschedule, cancel, discard. Each is online-only; a disabled one
 * says why in its tooltip and below the buttons.
 */
export function ChangeRequestActions({ request }: { request: ChangeRequest }) {
  const step = useReviewStep();
  const me = useMe();
  const mine = isMine(me, request.createdBy);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [comment, setComment] = useState('');
  const [when, setWhen] = useState(() =>
    toLocalInput(request.schedule?.scheduledAt ?? new Date(Date.now() + 3_600_000).toISOString()),
  );
  const { project, id } = request;
  const approvals = request.approvals?.length ?? 0;
  const needed = request.minApprovals ?? 1;
  const empty = changeCount(request) === 0;
  const approvedByMe = (request.approvals ?? []).some((approval) => isMine(me, approval.createdBy));

  const close = () => {
    setDialog(null);
    setComment('');
    step.clearError();
  };
  const done = async (action: Parameters<typeof step.run>[0]) => {
    if (await step.run(action)) close();
  };

  const buttons: ReactNode[] = [];
  const add = (key: string, node: ReactNode) => buttons.push(<span key={key}>{node}</span>);
  const common = { offline: step.offline, loading: step.busy };
  switch (request.state) {
    case 'Draft':
      add(
        'review',
        <StepButton
          {...common}
          reason={empty ? 'A change request needs at least one change.' : null}
          onClick={() => void step.run((api) => api.setState(project, id, { state: 'In review' }))}
        >
          Send to review
        </StepButton>,
      );
      add(
        'discard',
        <StepButton
          {...common}
          variant="default"
          color="red"
          reason={null}
          onClick={() =>
            void step
              .run((api) => api.discardDraft(project, id))
              .then((ok) => ok && navigate(projectPath(project, 'change-requests')))
          }
        >
          Discard draft
        </StepButton>,
      );
      break;
    case 'In review':
      add(
        'approve',
        <StepButton
          {...common}
          color="teal"
          reason={
            mine
              ? 'You cannot approve your own change request.'
              : approvedByMe
                ? 'You already approved this change request.'
                : null
          }
          onClick={() => void step.run((api) => api.setState(project, id, { state: 'Approved' }))}
        >
          Approve
        </StepButton>,
      );
      add(
        'reject',
        <StepButton
          {...common}
          color="red"
          variant="light"
          reason={mine ? 'Cancel your own request instead.' : null}
          onClick={() => setDialog('reject')}
        >
          Reject
        </StepButton>,
      );
      break;
    case 'Approved':
      add(
        'apply',
        <StepButton
          {...common}
          reason={null}
          onClick={() => void step.run((api) => api.setState(project, id, { state: 'Applied' }))}
        >
          Apply changes
        </StepButton>,
      );
      add(
        'schedule',
        <StepButton {...common} variant="light" reason={null} onClick={() => setDialog('schedule')}>
          Schedule
        </StepButton>,
      );
      break;
    case 'Scheduled':
      add(
        'apply-now',
        <StepButton
          {...common}
          reason={null}
          onClick={() => void step.run((api) => api.setState(project, id, { state: 'Applied' }))}
        >
          Apply now
        </StepButton>,
      );
      add(
        'reschedule',
        <StepButton {...common} variant="light" reason={null} onClick={() => setDialog('schedule')}>
          Reschedule
        </StepButton>,
      );
      break;
    default:
      break;
  }
  // Unleash's way back from an approved or scheduled request: a reviewer rejects it.
  if (request.state === 'Approved' || request.state === 'Scheduled')
    add(
      'reject',
      <StepButton
        {...common}
        color="red"
        variant="light"
        reason={mine ? 'Cancel your own request instead.' : null}
        onClick={() => setDialog('reject')}
      >
        {request.state === 'Scheduled' ? 'Unschedule and reject' : 'Reject'}
      </StepButton>,
    );
  if (request.state !== 'Draft' && ['In review', 'Approved', 'Scheduled'].includes(request.state))
    add(
      'cancel',
      <StepButton {...common} variant="subtle" color="red" reason={null} onClick={() => setDialog('cancel')}>
        Cancel request
      </StepButton>,
    );

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

      <Modal opened={dialog === 'reject'} onClose={close} title={`Reject change request #${id}`}>
        <Stack gap="sm">
          {step.error ? <ErrorNotice error={step.error} title="The change request was not rejected" /> : null}
          <Textarea
            label="Why (shown to the author)"
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Back
            </Button>
            <Button
              color="red"
              loading={step.busy}
              disabled={step.offline}
              onClick={() =>
                void done((api) =>
                  api.setState(project, id, {
                    state: 'Rejected',
                    ...(comment.trim() ? { comment: comment.trim() } : {}),
                  }),
                )
              }
            >
              Reject changes
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'schedule'} onClose={close} title={`Schedule change request #${id}`}>
        <Stack gap="sm">
          {step.error ? (
            <ErrorNotice error={step.error} title="The change request was not scheduled" />
          ) : null}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Back
            </Button>
            <Button
              loading={step.busy}
              disabled={step.offline || !when || !(Date.parse(when) > Date.now())}
              onClick={() =>
                void done((api) =>
                  api.setState(project, id, {
                    state: 'Scheduled',
                    scheduledAt: new Date(when).toISOString(),
                  }),
                )
              }
            >
              {request.state === 'Scheduled' ? 'Update schedule' : 'Schedule changes'}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'cancel'} onClose={close} title={`Cancel change request #${id}?`}>
        <Stack gap="sm">
          <Text size="sm">Nothing of it is applied, and it cannot be reopened.</Text>
          {step.error ? (
            <ErrorNotice error={step.error} title="The change request was not cancelled" />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={step.busy}
              disabled={step.offline}
              onClick={() => void done((api) => api.setState(project, id, { state: 'Cancelled' }))}
            >
              Cancel request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
