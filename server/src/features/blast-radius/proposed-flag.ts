import type {
  BlastRadiusSingleProposal,
  ClientFeature,
  ClientSegment,
  ClientStrategy,
  Constraint,
  StrategyParameters,
  StrategyVariant,
} from '../../../contract';
import type { FlagRepository } from '../../evaluation';
import { ApiError } from '../../lib/errors';
import { stringifyParameters, withFlexibleRolloutDefaults } from '../feature-toggles';
import type { PreviewSide } from './blast-radius-preview';

/** A strategy of the flag in the environment, as the admin API holds it. */
export interface EnvironmentStrategy {
  id: string;
  strategyName: string;
  title: string | null;
  parameters: StrategyParameters;
  constraints: Constraint[];
  variants: StrategyVariant[];
  sortOrder: number;
  disabled: boolean;
  segments: number[];
  milestoneId?: string | null;
}

/** The flag in one environment: the SDK payload's flag, its toggle and its strategies. */
export interface FlagEnvironmentState {
  /** As the SDK APIs serve it (variants, dependencies…); `enabled` and `strategies` are replaced. */
  flag: ClientFeature;
  enabled: boolean;
  /** In the client order (milestone strategies first, then sortOrder). */
  strategies: EnvironmentStrategy[];
}

export const PROPOSED_STRATEGY_KEY = 'proposed';

function strategyNotFound(id: string): ApiError {
  return new ApiError('NotFoundError', `Could not find strategy with id ${id}.`);
}

/**
 * The state after a proposal, without writing anything: the same defaults the write would fill in.
 * `addedKey` names an added strategy (several adds applied together need distinct keys).
 */
export function applyProposal(
  state: FlagEnvironmentState,
  proposal: BlastRadiusSingleProposal,
  defaults: { stickiness: string; addedKey?: string },
): FlagEnvironmentState {
  const toStrategy = (
    id: string,
    input: Extract<BlastRadiusSingleProposal, { strategy: unknown }>['strategy'],
    previous?: EnvironmentStrategy,
  ): EnvironmentStrategy => ({
    id,
    strategyName: input.name,
    title: input.title ?? null,
    parameters: withFlexibleRolloutDefaults(input.name, stringifyParameters(input.parameters), {
      featureName: state.flag.name,
      stickiness: defaults.stickiness,
    }),
    constraints: input.constraints ?? [],
    variants: input.variants ?? [],
    sortOrder: input.sortOrder ?? previous?.sortOrder ?? Number.MAX_SAFE_INTEGER,
    disabled: input.disabled ?? false,
    segments: input.segments ?? previous?.segments ?? [],
    milestoneId: previous?.milestoneId ?? null,
  });
  switch (proposal.kind) {
    case 'toggle':
      return { ...state, enabled: proposal.enabled };
    case 'strategy-add':
      return {
        ...state,
        strategies: sortStrategies([
          ...state.strategies,
          toStrategy(defaults.addedKey ?? PROPOSED_STRATEGY_KEY, proposal.strategy),
        ]),
      };
    case 'strategy-update': {
      const previous = state.strategies.find((strategy) => strategy.id === proposal.strategyId);
      if (!previous) throw strategyNotFound(proposal.strategyId);
      return {
        ...state,
        strategies: sortStrategies(
          state.strategies.map((strategy) =>
            strategy === previous ? toStrategy(previous.id, proposal.strategy, previous) : strategy,
          ),
        ),
      };
    }
    case 'strategy-delete': {
      if (!state.strategies.some((strategy) => strategy.id === proposal.strategyId)) {
        throw strategyNotFound(proposal.strategyId);
      }
      return {
        ...state,
        strategies: state.strategies.filter((strategy) => strategy.id !== proposal.strategyId),
      };
    }
  }
}

/** Milestone strategies first, then sortOrder; stable, so equal sort orders keep their id order. */
export function sortStrategies(strategies: EnvironmentStrategy[]): EnvironmentStrategy[] {
  return [...strategies].sort(
    (a, b) => Number(!a.milestoneId) - Number(!b.milestoneId) || a.sortOrder - b.sortOrder,
  );
}

function toClientStrategy(strategy: EnvironmentStrategy): ClientStrategy {
  return {
    name: strategy.strategyName,
    constraints: [...strategy.constraints],
    parameters: { ...strategy.parameters },
    variants: [...strategy.variants],
    ...(strategy.segments.length ? { segments: [...strategy.segments] } : {}),
  };
}

function labelOf(strategy: EnvironmentStrategy): string {
  return strategy.title ? `${strategy.strategyName} "${strategy.title}"` : strategy.strategyName;
}

/**
 * One side of the preview as the SDK APIs would serve it: disabled strategies left out, segments
 * looked up among all segments (a proposal may use one no served strategy uses yet).
 */
export function toPreviewSide(
  state: FlagEnvironmentState,
  repository: FlagRepository,
  segments: readonly ClientSegment[],
): PreviewSide {
  const served = state.strategies.filter((strategy) => !strategy.disabled);
  const byId = new Map(segments.map((segment) => [segment.id, segment]));
  return {
    flag: { ...state.flag, enabled: state.enabled, strategies: served.map(toClientStrategy) },
    strategies: served.map((strategy) => ({ key: strategy.id, label: labelOf(strategy) })),
    repository: {
      getFlag: (name) => repository.getFlag(name),
      getSegment: (id) => byId.get(id) ?? repository.getSegment(id),
      listFlags: () => repository.listFlags(),
    },
  };
}
