import type {
  ClientFeature,
  ClientStrategy,
  Constraint,
  Context,
  PlaygroundConstraint,
  PlaygroundSegment,
  PlaygroundStrategyResult,
  PlaygroundVariant,
  StrategyVariant,
  Variant,
} from '../../contract';
import { checkConstraint } from './constraints';
import {
  type EvaluationDeps,
  evaluateStrategy,
  isDependencySatisfied,
  type ResolvedDeps,
  resolveDeps,
  type StrategyOutcome,
} from './evaluate';
import { BUILT_IN_STRATEGIES } from './strategies';
import { selectVariant, type VariantDefinition } from './variants';

/**
 * The explaining evaluator (the playground, issue 15): the same strategies, constraints,
 * segments, variants and dependencies as `evaluate.ts`, but answering why. A separate module so
 * the SDK APIs' plain path stays as it is: nothing here runs for them.
 */

/** A strategy as the admin API knows it: with its id, title and disabled flag, which the SDKs never see. */
export interface ExplainableStrategy extends ClientStrategy {
  id: string;
  title?: string | null | undefined;
  disabled?: boolean | undefined;
}

/** A flag in one environment with every strategy, disabled ones included. */
export interface ExplainableFlag extends Omit<ClientFeature, 'strategies'> {
  strategies: readonly ExplainableStrategy[];
}

export interface StrategyExplanation {
  name: string;
  title?: string;
  id: string;
  result: PlaygroundStrategyResult;
  disabled: boolean;
  segments: PlaygroundSegment[];
  constraints: PlaygroundConstraint[];
  parameters: Record<string, string>;
}

export interface FlagExplanation {
  isEnabled: boolean;
  isEnabledInCurrentEnvironment: boolean;
  hasUnsatisfiedDependency: boolean;
  strategies: { result: boolean | 'unknown'; data: StrategyExplanation[] };
  variant: PlaygroundVariant;
  /** The winning strategy's variants when it has some, otherwise the flag's. */
  variants: Array<Variant | StrategyVariant>;
}

export interface ExplainOptions extends EvaluationDeps {
  /**
   * Strategies that depend on where they run rather than on the context (applicationHostname):
   * answered `unknown`, as Unleash's playground does.
   */
  unevaluable?: ReadonlySet<string>;
}

/** Strategies whose answer depends on the evaluating machine, not on the context. */
export const HOST_DEPENDENT_STRATEGIES: ReadonlySet<string> = new Set(['applicationHostname']);

/**
 * Constraints with their results, in Unleash 8.2's playground shape: `values` always present; a
 * strategy's own constraints also always carry `inverted`, a segment's do not.
 */
function explainConstraints(
  constraints: readonly Constraint[] | undefined,
  context: Context,
  deps: ResolvedDeps,
  of: 'strategy' | 'segment',
): PlaygroundConstraint[] {
  return (constraints ?? []).map((constraint) => ({
    ...constraint,
    values: constraint.values ?? [],
    ...(of === 'strategy' ? { inverted: constraint.inverted ?? false } : {}),
    result: checkConstraint(constraint, context, deps),
  }));
}

function explainSegments(ids: readonly number[] | undefined, context: Context, deps: ResolvedDeps) {
  return (ids ?? []).map((id): PlaygroundSegment => {
    const segment = deps.repository.getSegment(id);
    // A segment missing from the payload makes the strategy false in the engine: show it failing.
    if (!segment) return { id, name: '', result: false, constraints: [] };
    const constraints = explainConstraints(segment.constraints, context, deps, 'segment');
    return {
      id,
      name: segment.name ?? '',
      result: constraints.every((constraint) => constraint.result),
      constraints,
    };
  });
}

/** The variant a strategy would hand out, shown even when the strategy itself is false (as Unleash does). */
function strategyVariant(
  strategy: ClientStrategy,
  context: Context,
  deps: ResolvedDeps,
): PlaygroundVariant | null {
  const variants = strategy.variants ?? [];
  const groupId = strategy.parameters?.groupId ?? 'undefined';
  const stickiness = variants[0]?.stickiness || strategy.parameters?.stickiness;
  const definition = selectVariant(variants, groupId, stickiness, context, deps.random);
  if (!definition) return null;
  return {
    name: definition.name,
    enabled: true,
    ...(definition.payload ? { payload: definition.payload } : {}),
  };
}

/**
 * The flag's variant in the playground's shape (observed on Unleash 8.2): `featureEnabled` on an
 * enabled flag's own variants (flag-level, and the "disabled" variant when it has none), not on a
 * strategy's variant.
 */
function flagVariant(
  enabled: boolean,
  definition: VariantDefinition | null,
  fromStrategy = false,
): PlaygroundVariant {
  if (!enabled) return { name: 'disabled', enabled: false, feature_enabled: false };
  if (!definition) return { name: 'disabled', enabled: false, feature_enabled: true, featureEnabled: true };
  return {
    name: definition.name,
    enabled: true,
    ...(definition.payload ? { payload: definition.payload } : {}),
    feature_enabled: true,
    ...(fromStrategy ? {} : { featureEnabled: true }),
  };
}

interface ExplainedStrategy {
  strategy: ExplainableStrategy;
  explanation: StrategyExplanation;
  /** The engine's own outcome, for strategies that take part (not disabled, evaluable). */
  outcome: StrategyOutcome | null;
}

function explainStrategy(
  flag: ExplainableFlag,
  strategy: ExplainableStrategy,
  context: Context,
  deps: ResolvedDeps,
  unevaluable: ReadonlySet<string>,
): ExplainedStrategy {
  const constraints = explainConstraints(strategy.constraints, context, deps, 'strategy');
  const segments = explainSegments(strategy.segments, context, deps);
  const preconditionsHold =
    constraints.every((constraint) => constraint.result) && segments.every((segment) => segment.result);
  const known =
    !unevaluable.has(strategy.name) &&
    (deps.strategies?.has(strategy.name) || BUILT_IN_STRATEGIES.has(strategy.name));
  const disabled = strategy.disabled === true;
  let result: PlaygroundStrategyResult;
  let outcome: StrategyOutcome | null = null;
  if (disabled) {
    // SDKs never see a disabled strategy; Unleash's playground leaves it unevaluated.
    result = { evaluationStatus: 'unevaluated', enabled: 'unknown' };
  } else if (!known) {
    result = { evaluationStatus: 'incomplete', enabled: preconditionsHold ? 'unknown' : false };
  } else {
    // The engine decides, so the playground and the SDK APIs cannot disagree.
    outcome = evaluateStrategy(flag, strategy, context, deps);
    const variants = strategy.variants ?? [];
    result =
      variants.length > 0
        ? {
            evaluationStatus: 'complete',
            enabled: outcome.enabled,
            variant: strategyVariant(strategy, context, deps),
            variants: [...variants],
          }
        : { evaluationStatus: 'complete', enabled: outcome.enabled };
  }
  return {
    strategy,
    explanation: {
      name: strategy.name,
      ...(strategy.title ? { title: strategy.title } : {}),
      id: strategy.id,
      result,
      disabled,
      segments,
      constraints,
      parameters: { ...(strategy.parameters ?? {}) },
    },
    outcome,
  };
}

function overallResult(data: readonly StrategyExplanation[], enabledInEnvironment: boolean) {
  if (data.length === 0) return enabledInEnvironment;
  if (data.some((strategy) => strategy.result.enabled === true)) return true;
  if (data.some((strategy) => strategy.result.enabled === 'unknown')) return 'unknown' as const;
  return false;
}

/**
 * Evaluates one flag and explains it: every strategy (disabled and unevaluable ones included)
 * with each constraint's and segment's own result, the dependencies, and the final answer with
 * its variant, in the same order and with the same functions as `evaluateOutcome`.
 */
export function explainFlag(
  flag: ExplainableFlag,
  context: Context,
  options: ExplainOptions,
): FlagExplanation {
  const deps = resolveDeps(options);
  const unevaluable = options.unevaluable ?? HOST_DEPENDENT_STRATEGIES;
  const hasUnsatisfiedDependency = (flag.dependencies ?? []).some(
    (dependency) => !isDependencySatisfied(dependency, context, deps),
  );
  const explained = flag.strategies.map((strategy) =>
    explainStrategy(flag, strategy, context, deps, unevaluable),
  );
  const data = explained.map((entry) => entry.explanation);
  const result = overallResult(data, flag.enabled);
  const active = flag.strategies.filter((strategy) => !strategy.disabled);
  const winner = explained.find((entry) => entry.outcome?.enabled);
  const enabled = flag.enabled && !hasUnsatisfiedDependency && (active.length === 0 || winner !== undefined);
  const flagVariants = flag.variants ?? [];
  // The winning strategy's variants are listed even when the flag is off or its parent blocks it.
  const strategyVariants = winner?.outcome?.variant ? winner.strategy.variants : undefined;
  const variants = strategyVariants ? [...strategyVariants] : [...flagVariants];
  if (!enabled) {
    return {
      isEnabled: false,
      isEnabledInCurrentEnvironment: flag.enabled,
      hasUnsatisfiedDependency,
      strategies: { result, data },
      variant: flagVariant(false, null),
      variants,
    };
  }
  const definition =
    winner?.outcome?.variant ??
    (flagVariants.length > 0
      ? selectVariant(flagVariants, flag.name, flagVariants[0]?.stickiness, context, deps.random)
      : null);
  return {
    isEnabled: true,
    isEnabledInCurrentEnvironment: flag.enabled,
    hasUnsatisfiedDependency,
    strategies: { result, data },
    variant: flagVariant(true, definition, strategyVariants !== undefined),
    variants,
  };
}
