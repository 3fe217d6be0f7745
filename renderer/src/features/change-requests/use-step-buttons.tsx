import type { ReactNode } from 'react';
import { navigate } from '../../router/navigation';
import { projectPath } from '../../router/paths';
import { missingPermission, type ReviewRights, useReviewRights } from './change-request-permissions';
import type { ChangeRequest } from './change-request-types';
import { changeCount } from './change-request-types';
import { StepButton } from './StepButton';
import { approveReason, LATER_STEP_WORDS, rejectReason } from './step-rules';
import { isMine, useMe, type useReviewStep } from './use-change-requests';

export type StepDialogName = 'reject' | 'schedule' | 'cancel';

interface StepContext {
  request: ChangeRequest;
  step: ReturnType<typeof useReviewStep>;
  rights: ReviewRights;
  mine: boolean;
  approvedByMe: boolean;
  openDialog: (dialog: StepDialogName) => void;
  add: (key: string, node: ReactNode) => void;
}

function draftButtons({ request, step, add }: StepContext) {
  const { project, id } = request;
  const common = { offline: step.offline, loading: step.busy };
  add(
    'review',
    <StepButton
      {...common}
      reason={changeCount(request) === 0 ? 'A change request needs at least one change.' : null}
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
}

function laterButtons(
  { request, step, rights, openDialog, add }: StepContext,
  state: 'Approved' | 'Scheduled',
) {
  const { project, id } = request;
  const common = { offline: step.offline, loading: step.busy };
  const applyReason = rights.apply === false ? missingPermission('apply', request.environment) : null;
  const words = LATER_STEP_WORDS[state];
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
    <StepButton {...common} variant="light" reason={applyReason} onClick={() => openDialog('schedule')}>
      {words.schedule}
    </StepButton>,
  );
}

function stateButtons(context: StepContext) {
  const { request, step, rights, mine, approvedByMe, add } = context;
  const common = { offline: step.offline, loading: step.busy };
  switch (request.state) {
    case 'Draft':
      draftButtons(context);
      break;
    case 'In review':
      add(
        'approve',
        <StepButton
          {...common}
          color="teal"
          reason={approveReason(rights, request, mine, approvedByMe)}
          onClick={() =>
            void step.run((api) => api.setState(request.project, request.id, { state: 'Approved' }))
          }
        >
          Approve
        </StepButton>,
      );
      break;
    case 'Approved':
    case 'Scheduled':
      laterButtons(context, request.state);
      break;
    default:
      break;
  }
}

/** Reject and cancel: the ways out of a request that is under review, approved or scheduled. */
function exitButtons({ request, step, rights, mine, openDialog, add }: StepContext) {
  const common = { offline: step.offline, loading: step.busy };
  // A reviewer rejects a request in review, and (Unleash's way back) an approved or scheduled one.
  if (request.state === 'In review' || request.state === 'Approved' || request.state === 'Scheduled')
    add(
      'reject',
      <StepButton
        {...common}
        color="red"
        variant="light"
        reason={rejectReason(rights, request, mine)}
        onClick={() => openDialog('reject')}
      >
        {request.state === 'Scheduled' ? 'Unschedule and reject' : 'Reject'}
      </StepButton>,
    );
  // Only its author (or an admin) cancels a request: the others are never offered it (issue 33).
  const mayCancel = mine || rights.admin !== false;
  if (mayCancel && ['In review', 'Approved', 'Scheduled'].includes(request.state))
    add(
      'cancel',
      <StepButton {...common} variant="subtle" color="red" reason={null} onClick={() => openDialog('cancel')}>
        Cancel request
      </StepButton>,
    );
}

/** The step buttons a change request's state offers the caller, in order, each with its key. */
export function useStepButtons(
  request: ChangeRequest,
  step: ReturnType<typeof useReviewStep>,
  openDialog: (dialog: StepDialogName) => void,
): ReactNode[] {
  const me = useMe();
  const rights = useReviewRights(request.project, request.environment);
  const buttons: ReactNode[] = [];
  const context: StepContext = {
    request,
    step,
    rights,
    mine: isMine(me, request.createdBy),
    approvedByMe: (request.approvals ?? []).some((approval) => isMine(me, approval.createdBy)),
    openDialog,
    add: (key, node) => buttons.push(<span key={key}>{node}</span>),
  };
  stateButtons(context);
  exitButtons(context);
  return buttons;
}
