import type { BlastRadiusSingleProposal, Constraint, StrategyVariant } from '../../../contract';
import {
  applyProposal,
  type EnvironmentStrategy,
  type FlagEnvironmentState,
  sortStrategies,
} from './proposed-flag';

/**
 * Proposals made of several steps (issue 15): starting a release-plan milestone, and a whole
 * change request. Pure: the service reads the plan or the request and hands its parts in here.
 */

/** A strategy of a plan's milestone, as the release-plans domain reads it. */
export interface MilestoneStrategyInput {
  id: string;
  strategyName: string;
  title: string | null;
  parameters: Record<string, string>;
  constraints: Constraint[];
  variants: StrategyVariant[];
  sortOrder: number;
  disabled: boolean;
  segments: number[];
}

/**
 * The state once a milestone starts, as plan-operations' startMilestone writes it: every strategy
 * one of the plan's milestones put on the flag leaves, the milestone's strategies come in, copied
 * as they are and marked with the milestone (so they are served first).
 */
export function applyMilestoneStart(
  state: FlagEnvironmentState,
  planMilestoneIds: readonly string[],
  milestone: { id: string; strategies: readonly MilestoneStrategyInput[] },
): FlagEnvironmentState {
  const ofPlan = new Set(planMilestoneIds);
  const kept = state.strategies.filter(
    (strategy) => !strategy.milestoneId || !ofPlan.has(strategy.milestoneId),
  );
  const started: EnvironmentStrategy[] = milestone.strategies.map((strategy) => ({
    id: `milestone:${strategy.id}`,
    strategyName: strategy.strategyName,
    title: strategy.title,
    parameters: { ...strategy.parameters },
    constraints: strategy.constraints,
    variants: strategy.variants,
    sortOrder: strategy.sortOrder,
    disabled: strategy.disabled,
    segments: strategy.segments,
    milestoneId: milestone.id,
  }));
  return { ...state, strategies: sortStrategies([...kept, ...started]) };
}

/** A change of a change request, as the change-requests domain stores it. */
export interface RequestedChange {
  id: number;
  feature: string | null;
  action: string;
  payload: unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};

type StrategyBody = Extract<BlastRadiusSingleProposal, { kind: 'strategy-add' }>['strategy'];

/**
 * The proposals of a request's changes to one flag, in the order they apply. Only what changes
 * evaluation on/off is covered: the toggle and strategy adds, edits and deletes (variants,
 * dependencies and ordering are not). Payloads were checked against their schemas when drafted.
 */
export function proposalsOfChanges(
  changes: readonly RequestedChange[],
  featureName: string,
): { changeId: number; proposal: BlastRadiusSingleProposal }[] {
  const proposals: { changeId: number; proposal: BlastRadiusSingleProposal }[] = [];
  for (const change of changes) {
    if (change.feature !== featureName) continue;
    const { id, ...strategy } = record(change.payload);
    const proposal = ((): BlastRadiusSingleProposal | null => {
      switch (change.action) {
        case 'updateEnabled':
          return { kind: 'toggle', enabled: strategy.enabled === true };
        case 'addStrategy':
          return { kind: 'strategy-add', strategy: strategy as StrategyBody };
        case 'updateStrategy':
          return typeof id === 'string'
            ? { kind: 'strategy-update', strategyId: id, strategy: strategy as StrategyBody }
            : null;
        case 'deleteStrategy':
          return typeof id === 'string' ? { kind: 'strategy-delete', strategyId: id } : null;
        default:
          return null;
      }
    })();
    if (proposal) proposals.push({ changeId: change.id, proposal });
  }
  return proposals;
}

/** The state after every proposal, applied in order; each added strategy keyed by its change. */
export function applyProposals(
  state: FlagEnvironmentState,
  proposals: readonly { changeId: number; proposal: BlastRadiusSingleProposal }[],
  defaults: { stickiness: string },
): FlagEnvironmentState {
  return proposals.reduce(
    (current, { changeId, proposal }) =>
      applyProposal(current, proposal, { ...defaults, addedKey: `change:${changeId}` }),
    state,
  );
}
