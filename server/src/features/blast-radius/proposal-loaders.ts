import type { BlastRadiusProposal, BlastRadiusSingleProposal } from '../../../contract';
import type { Db } from '../../db/database';
import { ApiError } from '../../lib/errors';
import { getChangeRequestRecord } from '../change-requests';
import { checkStrategyContent } from '../feature-toggles';
import { readReleasePlanRecord, readReleasePlanRecords } from '../release-plans';
import { applyMilestoneStart, proposalsOfChanges } from './combined-proposals';
import type { FlagEnvironmentState } from './proposed-flag';

/** The flag environment a preview is about. */
export interface PreviewTarget {
  projectId: string;
  featureName: string;
  environment: string;
}

const notFound = (message: string) => new ApiError('NotFoundError', message);

/**
 * A strategy the write would refuse (unknown type, bad constraint, foreign segment) is refused
 * here too, with the same 400, and its variants normalised as the write does.
 */
export async function checkedProposal<P extends BlastRadiusSingleProposal>(
  db: Db,
  feature: { project: string | null },
  proposal: P,
): Promise<P> {
  if (proposal.kind !== 'strategy-add' && proposal.kind !== 'strategy-update') return proposal;
  const { strategy } = proposal;
  const variants = await checkStrategyContent(db, feature, {
    name: strategy.name,
    constraints: strategy.constraints ?? [],
    variants: strategy.variants ?? [],
    segments: strategy.segments ?? [],
  });
  return { ...proposal, strategy: { ...strategy, variants } };
}

/** The state once the milestone starts; 404 unless the plan is on this flag environment and holds it. */
export async function milestoneStarted(
  db: Db,
  current: FlagEnvironmentState,
  target: PreviewTarget,
  proposal: Extract<BlastRadiusProposal, { kind: 'start-milestone' }>,
): Promise<FlagEnvironmentState> {
  const plan = await readReleasePlanRecord(db, proposal.planId);
  if (
    !plan ||
    plan.archivedAt ||
    plan.project !== target.projectId ||
    plan.featureName !== target.featureName ||
    plan.environment !== target.environment
  ) {
    throw notFound(`Could not find release plan with id ${proposal.planId}.`);
  }
  const milestone = plan.milestones.find((m) => m.id === proposal.milestoneId);
  if (!milestone) throw notFound(`Could not find milestone with id ${proposal.milestoneId}.`);
  return applyMilestoneStart(
    current,
    plan.milestones.map((m) => m.id),
    milestone,
  );
}

/**
 * Switching an environment on starts the first milestone of each plan waiting for it (issue 31
 * §3; release-plans/plan-activation.ts), so the preview counts with those strategies serving.
 */
export async function waitingPlansStarted(
  db: Db,
  state: FlagEnvironmentState,
  target: PreviewTarget,
): Promise<FlagEnvironmentState> {
  let next = state;
  for (const plan of await readReleasePlanRecords(db, target.featureName, target.environment)) {
    // Milestones come in sort order: the first is the one that starts.
    const [first] = plan.milestones;
    if (plan.activeMilestoneId === null && first) {
      next = applyMilestoneStart(
        next,
        plan.milestones.map((m) => m.id),
        first,
      );
    }
  }
  return next;
}

/**
 * The request's changes to this flag environment as checked proposals; 404 unless the request is
 * in this project. A request for another environment changes nothing here.
 */
export async function requestProposals(
  db: Db,
  feature: { project: string | null },
  target: PreviewTarget,
  changeRequestId: number,
): Promise<{ changeId: number; proposal: BlastRadiusSingleProposal }[]> {
  const request = await getChangeRequestRecord(db, changeRequestId);
  if (!request || request.request.project !== target.projectId) {
    throw notFound(`Could not find change request with id ${changeRequestId}.`);
  }
  if (request.request.environment !== target.environment) return [];
  const proposals = proposalsOfChanges(request.changes, target.featureName);
  return Promise.all(
    proposals.map(async ({ changeId, proposal }) => ({
      changeId,
      proposal: await checkedProposal(db, feature, proposal),
    })),
  );
}
