import { Alert, Button, Group, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { navigate } from '../../router/navigation';
import { projectPath } from '../../router/paths';
import { missingPermission, type ReviewRights, useReviewRights } from './change-request-permissions';
import type { ChangeRequest } from './change-request-types';
import { changeCount } from './change-request-types';
import { StepDialog } from './StepDialog';
import { isMine, ONLINE_ONLY_REASON, useMe, useReviewStep } from './use-change-requests';

type Dialog = 'reject' | 'schedule' | 'cancel' | null;

/** Applied, Cancelled and Rejected are final: no step is left, so the card says what happened. */
const FINAL_WORDS: Partial<Record<ChangeRequest['state'], string>> = {
  Applied: 'Applied: the changes are live for SDKs.',
  Cancelled: 'Cancelled: nothing of it was applied.',
  Rejected: 'Rejected: nothing of it was applied.',
};

/** An approved request is applied or scheduled; a scheduled one applied now or rescheduled. */
const LATER_STEP_WORDS = {
  Approved: { applyKey: 'apply', apply: 'Apply changes', scheduleKey: 'schedule', schedule: 'Schedule' },
  Scheduled: { applyKey: 'apply-now', apply: 'Apply now', scheduleKey: 'reschedule', schedule: 'Reschedule' },
} as const;

/**
 * Why the caller may not approve this request, or null. Admins approve their own requests too
 * (Unleash docs, "Change request permissions"); any other author needs another reviewer.
 */
function approveReason(rights: ReviewRights, request: ChangeRequest, mine: boolean, approvedByMe: boolean) {
  if (mine && rights.admin !== true) return 'You cannot approve your own change request.';
  if (approvedByMe) return 'You already approved this change request.';
  return rights.approve === false ? missingPermission('approve', request.environment) : null;
}

/**
 * A reviewer rejects; a scheduled request is also rejected by its author or an admin, which drops
 * its schedule (Unleash's docs: a scheduled request is rescheduled, applied now or rejected).
 */
function rejectReason(rights: ReviewRights, request: ChangeRequest, mine: boolean) {
  if (request.state === 'Scheduled' && (mine || rights.admin)) return null;
  if (mine) return 'Cancel your own request instead.';
  return rights.approve === false ? missingPermission('approve', request.environment) : null;
}

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
  const rights = useReviewRights(request.project, request.environment);
  const applyReason = rights.apply === false ? missingPermission('apply', request.environment) : null;
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
          reason={approveReason(rights, request, mine, approvedByMe)}
          onClick={() => void step.run((api) => api.setState(project, id, { state: 'Approved' }))}
        >
          Approve
        </StepButton>,
      );
      break;
    case 'Approved':
    case 'Scheduled': {
      const words = LATER_STEP_WORDS[request.state];
      add(
        words.applyKey,
        <StepButton
          {...common}
          reason={applyReason}
          onClick={() => void step.run((api) => api.setState(project, id, { state: 'Applied' }))}
        >
          {words.apply}
        </StepButton>,
      );
      add(
        words.scheduleKey,
        <StepButton {...common} variant="light" reason={applyReason} onClick={() => setDialog('schedule')}>
          {words.schedule}
        </StepButton>,
      );
      break;
    }
    default:
      break;
  }
  // A reviewer rejects a request in review, and (Unleash's way back) an approved or scheduled one.
  if (request.state === 'In review' || request.state === 'Approved' || request.state === 'Scheduled')
    add(
      'reject',
      <StepButton
        {...common}
        color="red"
        variant="light"
        reason={rejectReason(rights, request, mine)}
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
    </Stack>
  );
}
