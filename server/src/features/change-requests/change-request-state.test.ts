import { describe, expect, it } from 'vitest';
import { CHANGE_REQUEST_STATES, type ChangeRequestState } from '../../../contract';
import { ApiError } from '../../lib/errors';
import { planTransition, type TransitionCaller } from './change-request-state';

/**
 * Every (from, to, who) triple of the change-request state machine (issue 13), with the
 * expectation written out here as a table, independently of the implementation.
 */

const WHO: Record<string, TransitionCaller> = {
  author: { isAuthor: true, isAdmin: false, isUser: true, canApprove: false, canApply: false },
  'author with approve+apply': {
    isAuthor: true,
    isAdmin: false,
    isUser: true,
    canApprove: true,
    canApply: true,
  },
  approver: { isAuthor: false, isAdmin: false, isUser: true, canApprove: true, canApply: true },
  'approve-only': { isAuthor: false, isAdmin: false, isUser: true, canApprove: true, canApply: false },
  outsider: { isAuthor: false, isAdmin: false, isUser: true, canApprove: false, canApply: false },
  admin: { isAuthor: false, isAdmin: true, isUser: true, canApprove: true, canApply: true },
  'admin author': { isAuthor: true, isAdmin: true, isUser: true, canApprove: true, canApply: true },
  'admin token': { isAuthor: false, isAdmin: true, isUser: false, canApprove: true, canApply: true },
};
type Who = keyof typeof WHO;
type Verdict = 'ok' | 'ConflictError' | 'PermissionError' | 'NoAccessError' | 'BadDataError';

/** The moves each state allows, and who may make them. */
const MOVES: Partial<Record<ChangeRequestState, Partial<Record<ChangeRequestState, (who: Who) => Verdict>>>> =
  {
    Draft: {
      'In review': authorOrAdmin,
      Cancelled: authorOrAdmin,
    },
    'In review': {
      Approved: reviewer,
      Rejected: rejecter,
      Cancelled: authorOrAdmin,
    },
    Approved: {
      Applied: applier,
      Scheduled: applier,
      Rejected: rejecter,
      Cancelled: authorOrAdmin,
    },
    Scheduled: {
      Applied: applier,
      Scheduled: applier,
      Rejected: scheduledRejecter,
      Cancelled: authorOrAdmin,
    },
  };

/** Only the author (or an admin) sends a request to review or cancels it. */
function authorOrAdmin(who: Who): Verdict {
  return ['author', 'author with approve+apply', 'admin', 'admin author', 'admin token'].includes(who)
    ? 'ok'
    : 'NoAccessError';
}
/** Approves: a reviewer other than the author, or an admin even of their own request (Unleash docs). */
function reviewer(who: Who): Verdict {
  if (['author', 'outsider'].includes(who)) return 'PermissionError';
  if (who === 'author with approve+apply') return 'NoAccessError';
  if (who === 'admin token') return 'NoAccessError';
  return 'ok';
}
/** Rejects an open request: a reviewer other than the author; an admin author cancels instead. */
function rejecter(who: Who): Verdict {
  return who === 'admin author' ? 'NoAccessError' : reviewer(who);
}
/**
 * A scheduled request is rejected by a reviewer, or by its author or an admin to stop the
 * schedule (Unleash docs, "Scheduled change requests"); a token still cannot, rejections being
 * counted per user.
 */
function scheduledRejecter(who: Who): Verdict {
  if (who === 'outsider') return 'PermissionError';
  if (who === 'admin token') return 'NoAccessError';
  return 'ok';
}
function applier(who: Who): Verdict {
  return ['author', 'outsider', 'approve-only'].includes(who) ? 'PermissionError' : 'ok';
}

const NOW = new Date('2030-01-01T00:00:00.000Z');
const FUTURE = new Date('2030-01-02T00:00:00.000Z');

function verdict(from: ChangeRequestState, to: ChangeRequestState, who: Who): Verdict | string {
  try {
    const plan = planTransition(
      { from, to, changeCount: 1, scheduledAt: FUTURE, now: NOW },
      WHO[who] as TransitionCaller,
    );
    return plan ? 'ok' : 'no plan';
  } catch (error) {
    return error instanceof ApiError ? error.errorName : String(error);
  }
}

describe('change-request state machine', () => {
  for (const from of CHANGE_REQUEST_STATES) {
    for (const to of CHANGE_REQUEST_STATES) {
      it(`${from} → ${to}`, () => {
        const rule = MOVES[from]?.[to];
        for (const who of Object.keys(WHO) as Who[]) {
          expect({ who, verdict: verdict(from, to, who) }).toEqual({
            who,
            verdict: rule ? rule(who) : 'ConflictError',
          });
        }
      });
    }
  }

  it('plans the right action for each allowed move', () => {
    const approver = WHO.approver as TransitionCaller;
    const author = WHO.author as TransitionCaller;
    const at = { changeCount: 1, now: NOW, scheduledAt: FUTURE };
    expect(planTransition({ ...at, from: 'Draft', to: 'In review' }, author)).toEqual({
      kind: 'send-to-review',
    });
    expect(planTransition({ ...at, from: 'In review', to: 'Approved' }, approver)).toEqual({
      kind: 'approve',
    });
    expect(planTransition({ ...at, from: 'Approved', to: 'Scheduled' }, approver)).toEqual({
      kind: 'schedule',
      scheduledAt: FUTURE,
      reschedule: false,
    });
    expect(planTransition({ ...at, from: 'Scheduled', to: 'Scheduled' }, approver)).toMatchObject({
      reschedule: true,
    });
    expect(planTransition({ ...at, from: 'Scheduled', to: 'Applied' }, approver)).toEqual({ kind: 'apply' });
  });

  it('refuses an empty request for review and a schedule that is missing or not in the future', () => {
    const author = WHO.author as TransitionCaller;
    const approver = WHO.approver as TransitionCaller;
    const refusal = (run: () => unknown) => {
      try {
        run();
        return 'ok';
      } catch (error) {
        return error instanceof ApiError ? `${error.errorName}: ${error.details[0]?.message}` : String(error);
      }
    };
    expect(
      refusal(() => planTransition({ from: 'Draft', to: 'In review', changeCount: 0, now: NOW }, author)),
    ).toBe('BadDataError: A change request needs at least one change.');
    expect(
      refusal(() =>
        planTransition({ from: 'Approved', to: 'Scheduled', changeCount: 1, now: NOW }, approver),
      ),
    ).toBe('BadDataError: Scheduling a change request needs "scheduledAt".');
    expect(
      refusal(() =>
        planTransition(
          { from: 'Approved', to: 'Scheduled', changeCount: 1, now: NOW, scheduledAt: NOW },
          approver,
        ),
      ),
    ).toBe('BadDataError: "scheduledAt" must be in the future.');
  });
});
