import type { ClientFeature, ClientStrategy, Context, Dependency } from '../../contract';
import { checkConstraints } from './constraints';
import type { FlagRepository } from './flag-repository';
import { BUILT_IN_STRATEGIES, type StrategyImplementation } from './strategies';
import {
  disabledVariant,
  enabledVariant,
  selectVariant,
  type VariantDefinition,
  type VariantResult,
} from './variants';

/** Everything evaluation reads besides the flag and the context; all of it injectable for tests. */
export interface EvaluationDeps {
  /** Parents (dependencies) and segments are looked up here. */
  repository: FlagRepository;
  /** This server's hostname, for applicationHostname; without it that strategy is false. */
  hostname?: string;
  /**
   * Uniform in [0, 1); defaults to Math.random. Read only when no stickiness field applies,
   * and by gradualRolloutRandom.
   */
  random?: () => number;
  /** The clock for DATE_* constraints when the context has no currentTime; defaults to the system clock. */
  now?: () => Date;
  /** Custom strategies, or replacements of built-in ones, by name. */
  strategies?: ReadonlyMap<string, StrategyImplementation>;
}

export interface FlagEvaluation {
  enabled: boolean;
  /** Always set: the strategy or flag variant, or the `disabled` variant. */
  variant: VariantResult;
}

/** EvaluationDeps with its defaults applied, once per batch of evaluations. */
export interface ResolvedDeps {
  repository: FlagRepository;
  hostname: string | undefined;
  random: () => number;
  now: () => Date;
  strategies: ReadonlyMap<string, StrategyImplementation> | undefined;
}

export function resolveDeps(deps: EvaluationDeps): ResolvedDeps {
  return {
    repository: deps.repository,
    hostname: deps.hostname,
    random: deps.random ?? Math.random,
    now: deps.now ?? (() => new Date()),
    strategies: deps.strategies,
  };
}

export interface StrategyOutcome {
  enabled: boolean;
  /** Set when the winning strategy carries variants with a positive total weight. */
  variant?: VariantDefinition | null;
}

// Shared outcomes, so the common answers allocate nothing.
const OFF: StrategyOutcome & FlagOutcome = Object.freeze({ enabled: false, variant: null });
const ON: StrategyOutcome = Object.freeze({ enabled: true });

/**
 * A strategy's own constraints, then its segments' constraints; a segment missing from the
 * repository makes the strategy false. Plain loops: this runs for every strategy of every flag
 * on each frontend API request.
 */
function strategyConstraintsHold(strategy: ClientStrategy, context: Context, deps: ResolvedDeps): boolean {
  if (strategy.constraints && !checkConstraints(strategy.constraints, context, deps)) return false;
  const segments = strategy.segments;
  if (!segments) return true;
  for (const id of segments) {
    const segment = deps.repository.getSegment(id);
    if (!segment || !checkConstraints(segment.constraints, context, deps)) return false;
  }
  return true;
}

/** One strategy's outcome; exported for the explaining evaluator (explain.ts), which must agree with it. */
export function evaluateStrategy(
  flag: Pick<ClientFeature, 'name'>,
  strategy: ClientStrategy,
  context: Context,
  deps: ResolvedDeps,
): StrategyOutcome {
  const implementation = deps.strategies?.get(strategy.name) ?? BUILT_IN_STRATEGIES.get(strategy.name);
  // Unknown strategies are off, as in every SDK; the flag may still match a later strategy.
  if (!implementation) return OFF;
  const parameters = strategy.parameters ?? {};
  const enabled =
    strategyConstraintsHold(strategy, context, deps) &&
    implementation(parameters, context, {
      featureName: flag.name,
      hostname: deps.hostname,
      random: deps.random,
    });
  if (!enabled) return OFF;
  const variants = strategy.variants;
  if (!variants || variants.length === 0) return ON;
  // The Node SDK interpolates a missing groupId as "undefined"; kept for parity with Unleash's frontend API.
  const groupId = parameters.groupId ?? 'undefined';
  const stickiness = variants[0]?.stickiness || parameters.stickiness;
  const variant = selectVariant(variants, groupId, stickiness, context, deps.random);
  return variant ? { enabled: true, variant } : ON;
}

export function isDependencySatisfied(dependency: Dependency, context: Context, deps: ResolvedDeps): boolean {
  const parent = deps.repository.getFlag(dependency.feature);
  // A missing parent, or a parent that itself has parents (no transitive chains), fails.
  if (!parent || (parent.dependencies?.length ?? 0) > 0) return false;
  const result = evaluateOutcome(parent, context, deps);
  if (dependency.enabled === false) return !result.enabled;
  if (dependency.variants && dependency.variants.length > 0) {
    return result.enabled && dependency.variants.includes(result.variant?.name ?? 'disabled');
  }
  return result.enabled;
}

/** Whether the flag is on and which strategy variant (if any) won, per shared/unleash/API.md §5.2. */
function resolveEnabled(flag: ClientFeature, context: Context, deps: ResolvedDeps): StrategyOutcome {
  const dependencies = flag.dependencies;
  if (dependencies) {
    for (const dependency of dependencies) {
      if (!isDependencySatisfied(dependency, context, deps)) return OFF;
    }
  }
  if (!flag.enabled) return OFF;
  // A payload without a strategies array is malformed; the SDKs treat it as off.
  if (!Array.isArray(flag.strategies)) return OFF;
  if (flag.strategies.length === 0) return ON;
  for (const strategy of flag.strategies) {
    const outcome = evaluateStrategy(flag, strategy, context, deps);
    if (outcome.enabled) return outcome;
  }
  return OFF;
}

/**
 * A flag's outcome with the chosen variant's definition (null for the `disabled` variant), so
 * callers that render many flags can cache one serialisation per definition.
 */
export interface FlagOutcome {
  enabled: boolean;
  variant: VariantDefinition | null;
}

export function evaluateOutcome(flag: ClientFeature, context: Context, deps: ResolvedDeps): FlagOutcome {
  const outcome = resolveEnabled(flag, context, deps);
  if (!outcome.enabled) return OFF;
  if (outcome.variant) return { enabled: true, variant: outcome.variant };
  const variants = flag.variants;
  if (!variants || variants.length === 0) return { enabled: true, variant: null };
  return {
    enabled: true,
    variant: selectVariant(variants, flag.name, variants[0]?.stickiness, context, deps.random),
  };
}

function evaluateResolved(flag: ClientFeature, context: Context, deps: ResolvedDeps): FlagEvaluation {
  const outcome = evaluateOutcome(flag, context, deps);
  return {
    enabled: outcome.enabled,
    variant: outcome.variant ? enabledVariant(outcome.variant) : disabledVariant(outcome.enabled),
  };
}

/**
 * Evaluates one flag in a single pass, so that `enabled` and `variant` agree even under random
 * stickiness (the SDKs' separate isEnabled and getVariant calls may disagree there).
 */
export function evaluateFlag(flag: ClientFeature, context: Context, deps: EvaluationDeps): FlagEvaluation {
  return evaluateResolved(flag, context, resolveDeps(deps));
}

/** Evaluates the named flag from the repository; an unknown flag is off with the disabled variant. */
export function evaluateFlagByName(name: string, context: Context, deps: EvaluationDeps): FlagEvaluation {
  const flag = deps.repository.getFlag(name);
  return flag ? evaluateFlag(flag, context, deps) : { enabled: false, variant: disabledVariant(false) };
}

/** The SDKs' `isEnabled(name, context)`. */
export function isEnabled(name: string, context: Context, deps: EvaluationDeps): boolean {
  return evaluateFlagByName(name, context, deps).enabled;
}

/** The SDKs' `getVariant(name, context)`. */
export function getVariant(name: string, context: Context, deps: EvaluationDeps): VariantResult {
  return evaluateFlagByName(name, context, deps).variant;
}
