import semver from 'semver';
import type { ClientFeature, ClientStrategy, Constraint, Context } from '../../contract';
import { type ConstraintEnvironment, checkConstraint } from './constraints';
import { resolveContextValue } from './context';
import {
  type EvaluationDeps,
  evaluateOutcome,
  type FlagOutcome,
  type ResolvedDeps,
  resolveDeps,
} from './evaluate';
import type { FlagRepository } from './flag-repository';
import { prefixedHash32, STRATEGY_SEED } from './hashing';
import { BUILT_IN_STRATEGIES } from './strategies';
import { selectVariant, type VariantDefinition } from './variants';

/**
 * Compiled evaluation (issue 21): each flag of a repository turned, once per repository (that is,
 * once per revision and token scope), into a closure that does only per-user work. Segments are
 * resolved to their constraints, constraint values cleaned and parsed (sets, numbers, dates,
 * semver), strategy implementations looked up, and rollout hashes seeded with their group prefix.
 * It answers exactly what evaluate.ts answers (the client specification runs through both);
 * flags with dependencies and custom strategies keep the interpreted path.
 */

type Check = (context: Context, env: ConstraintEnvironment) => boolean;
type StrategyRule = (context: Context, deps: ResolvedDeps) => StrategyResult;
type StrategyResult = false | true | VariantDefinition;

export interface CompiledFlag {
  flag: ClientFeature;
  /** The flag's outcome for one context. */
  evaluate(context: Context, deps: ResolvedDeps): FlagOutcome;
}

const OFF: FlagOutcome = Object.freeze({ enabled: false, variant: null });
const never: Check = () => false;

const cleaned = (values: readonly string[] | undefined): string[] =>
  (values ?? []).filter((value) => Boolean(value)).map((value) => value.trim());

const ROOT_FIELDS = new Set([
  'appName',
  'environment',
  'userId',
  'sessionId',
  'remoteAddress',
  'currentTime',
]);

/**
 * resolveContextValue specialised for one field: a root field set to a string (the frontend API's
 * common case) is read directly; everything else takes the general path, so answers are the same.
 */
function fieldReader(field: string): (context: Context) => string | undefined {
  if (!ROOT_FIELDS.has(field)) return (context) => resolveContextValue(context, field);
  const key = field as keyof Context;
  return (context) => {
    const root = context[key];
    return typeof root === 'string' ? root : resolveContextValue(context, field);
  };
}

/** The check of one constraint without `inverted`; null delegates to constraints.ts. */
function compileOperator(constraint: Constraint): Check | null {
  const field = constraint.contextName;
  const read = fieldReader(field);
  switch (constraint.operator) {
    case 'IN':
    case 'NOT_IN': {
      const members = new Set(cleaned(constraint.values));
      const included: Check = (context) => {
        const value = read(context);
        return value !== undefined && members.has(value);
      };
      return constraint.operator === 'IN' ? included : (context, env) => !included(context, env);
    }
    case 'NUM_EQ':
    case 'NUM_GT':
    case 'NUM_GTE':
    case 'NUM_LT':
    case 'NUM_LTE': {
      const target = Number(constraint.value);
      if (Number.isNaN(target)) return never;
      const compare = NUMBER_COMPARISONS[constraint.operator]!;
      return (context) => {
        const value = Number(read(context));
        return !Number.isNaN(value) && compare(value, target);
      };
    }
    case 'DATE_AFTER':
    case 'DATE_BEFORE': {
      const target = new Date(constraint.value ?? Number.NaN).getTime();
      if (Number.isNaN(target)) return never;
      const after = constraint.operator === 'DATE_AFTER';
      return (context, env) => {
        const current = context.currentTime ? new Date(context.currentTime).getTime() : env.now().getTime();
        return !Number.isNaN(current) && (after ? current > target : current < target);
      };
    }
    case 'SEMVER_EQ':
    case 'SEMVER_GT':
    case 'SEMVER_GTE':
    case 'SEMVER_LT':
    case 'SEMVER_LTE': {
      const target = constraint.value === undefined ? null : semver.parse(constraint.value);
      if (!target) return never;
      const compare = SEMVER_COMPARISONS[constraint.operator]!;
      return (context) => {
        const value = read(context);
        if (!value || value.startsWith('v') || !semver.valid(value)) return false;
        return compare(value, target);
      };
    }
    default:
      return null;
  }
}

const NUMBER_COMPARISONS: Record<string, (value: number, target: number) => boolean> = {
  NUM_EQ: (value, target) => value === target,
  NUM_GT: (value, target) => value > target,
  NUM_GTE: (value, target) => value >= target,
  NUM_LT: (value, target) => value < target,
  NUM_LTE: (value, target) => value <= target,
};

const SEMVER_COMPARISONS: Record<string, (value: string, target: semver.SemVer) => boolean> = {
  SEMVER_EQ: (value, target) => semver.eq(value, target),
  SEMVER_GT: (value, target) => semver.gt(value, target),
  SEMVER_GTE: (value, target) => semver.gte(value, target),
  SEMVER_LT: (value, target) => semver.lt(value, target),
  SEMVER_LTE: (value, target) => semver.lte(value, target),
};

export function compileConstraint(constraint: Constraint): Check {
  const compiled = compileOperator(constraint);
  // Unknown operators, strings, regexes and CIDRs: constraints.ts (which caches their parsing
  // per constraint object) applies `inverted` itself.
  if (!compiled) return (context, env) => checkConstraint(constraint, context, env);
  return constraint.inverted ? (context, env) => !compiled(context, env) : compiled;
}

/** All of a strategy's checks, its own constraints first and then its segments'; null: never holds. */
function compileConstraints(strategy: ClientStrategy, repository: FlagRepository): Check[] | null {
  const checks = (strategy.constraints ?? []).map(compileConstraint);
  for (const id of strategy.segments ?? []) {
    const segment = repository.getSegment(id);
    if (!segment) return null;
    for (const constraint of segment.constraints) checks.push(compileConstraint(constraint));
  }
  return checks;
}

/** flexibleRollout with its rollout parsed and its `groupId:` hash prefix precomputed. */
function compileFlexibleRollout(parameters: Readonly<Record<string, string>>): StrategyRuleBase {
  const rollout = Number(parameters.rollout);
  if (!(rollout > 0)) return () => false;
  const stickiness = parameters.stickiness || 'default';
  const bucket = prefixedHash32(`${parameters.groupId || ''}:`, STRATEGY_SEED);
  const inRollout = (id: string) => (bucket(id) % 100) + 1 <= rollout;
  if (stickiness === 'default') {
    return (context, deps) =>
      inRollout(context.userId || context.sessionId || String(Math.round(deps.random() * 10000) + 1));
  }
  if (stickiness === 'random')
    return (_context, deps) => inRollout(String(Math.round(deps.random() * 10000) + 1));
  return (context) => {
    const id = resolveContextValue(context, stickiness);
    return Boolean(id) && inRollout(id!);
  };
}

type StrategyRuleBase = (context: Context, deps: ResolvedDeps) => boolean;

function compileStrategy(
  flagName: string,
  strategy: ClientStrategy,
  repository: FlagRepository,
): StrategyRule {
  const implementation = BUILT_IN_STRATEGIES.get(strategy.name);
  const checks = compileConstraints(strategy, repository);
  if (!implementation || !checks) return () => false;
  const parameters = strategy.parameters ?? {};
  const rule: StrategyRuleBase =
    strategy.name === 'flexibleRollout'
      ? compileFlexibleRollout(parameters)
      : strategy.name === 'default'
        ? () => true
        : (context, deps) =>
            implementation(parameters, context, {
              featureName: flagName,
              hostname: deps.hostname,
              random: deps.random,
            });
  const variants = strategy.variants && strategy.variants.length > 0 ? strategy.variants : null;
  const groupId = parameters.groupId ?? 'undefined';
  const stickiness = variants?.[0]?.stickiness || parameters.stickiness;
  const count = checks.length;
  return (context, deps) => {
    for (let i = 0; i < count; i++) if (!checks[i]!(context, deps)) return false;
    if (!rule(context, deps)) return false;
    if (!variants) return true;
    return selectVariant(variants, groupId, stickiness, context, deps.random) ?? true;
  };
}

export function compileFlag(flag: ClientFeature, repository: FlagRepository): CompiledFlag {
  if ((flag.dependencies?.length ?? 0) > 0) {
    return { flag, evaluate: (context, deps) => evaluateOutcome(flag, context, deps) };
  }
  if (!flag.enabled || !Array.isArray(flag.strategies)) return { flag, evaluate: () => OFF };
  const strategies = flag.strategies.map((strategy) => compileStrategy(flag.name, strategy, repository));
  const flagVariants = flag.variants && flag.variants.length > 0 ? flag.variants : null;
  const flagStickiness = flagVariants?.[0]?.stickiness;
  const withFlagVariant = (context: Context, deps: ResolvedDeps): FlagOutcome => ({
    enabled: true,
    variant: flagVariants
      ? selectVariant(flagVariants, flag.name, flagStickiness, context, deps.random)
      : null,
  });
  if (strategies.length === 0) return { flag, evaluate: withFlagVariant };
  const count = strategies.length;
  return {
    flag,
    evaluate(context, deps) {
      for (let i = 0; i < count; i++) {
        const result = strategies[i]!(context, deps);
        if (result === false) continue;
        if (result === true) return withFlagVariant(context, deps);
        return { enabled: true, variant: result };
      }
      return OFF;
    },
  };
}

const compiledRepositories = new WeakMap<FlagRepository, CompiledFlag[]>();

/**
 * The repository's flags compiled, in payload order, built on first use and kept as long as the
 * repository (one per revision and scope in the client feature cache).
 */
export function compiledFlagsOf(repository: FlagRepository): readonly CompiledFlag[] {
  let compiled = compiledRepositories.get(repository);
  if (!compiled) {
    compiled = repository.listFlags().map((flag) => compileFlag(flag, repository));
    compiledRepositories.set(repository, compiled);
  }
  return compiled;
}

/** Whether compiled evaluation applies: custom strategies need the interpreter's lookup. */
export const compilable = (deps: EvaluationDeps): boolean => !deps.strategies || deps.strategies.size === 0;

/** One flag by name through the compiled path (the client specification runs through it). */
export function evaluateCompiledOutcome(name: string, context: Context, deps: EvaluationDeps): FlagOutcome {
  const compiled = compiledFlagsOf(deps.repository).find((entry) => entry.flag.name === name);
  return compiled ? compiled.evaluate(context, resolveDeps(deps)) : OFF;
}
