import type { ClientFeature, ClientStrategy, Context, Dependency } from '../../contract';
import { type Check, compileConstraint } from './compiled-constraints';
import { resolveContextValue } from './context';
import { type EvaluationDeps, type FlagOutcome, type ResolvedDeps, resolveDeps } from './evaluate';
import type { FlagRepository } from './flag-repository';
import { prefixedHash32, STRATEGY_SEED } from './hashing';
import { parseAddressCached, parseRange, type Subnet } from './ip-address';
import { BUILT_IN_STRATEGIES, splitList } from './strategies';
import { compileVariantSelection, type VariantDefinition } from './variants';

/**
 * Compiled evaluation (issue 21): each flag of a repository turned, once per repository (that is,
 * once per revision and token scope), into a closure that does only per-user work. Segments are
 * resolved to their constraints, constraint values cleaned and parsed (sets, numbers, dates,
 * semver), strategy implementations looked up, and rollout hashes seeded with their group prefix.
 * It answers exactly what evaluate.ts answers (the client specification runs through both);
 * flags with dependencies and custom strategies keep the interpreted path.
 */

type StrategyRule = (context: Context, deps: ResolvedDeps) => StrategyResult;
type StrategyResult = false | true | VariantDefinition;

export interface CompiledFlag {
  flag: ClientFeature;
  /** The flag's outcome for one context. */
  evaluate(context: Context, deps: ResolvedDeps): FlagOutcome;
}

const OFF: FlagOutcome = Object.freeze({ enabled: false, variant: null });

export { compileConstraint } from './compiled-constraints';

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

/**
 * The built-in strategies whose parameters can be parsed ahead of time, answering what
 * strategies.ts answers; null for the others (their implementation runs as is).
 */
function compileBuiltIn(name: string, parameters: Readonly<Record<string, string>>): StrategyRuleBase | null {
  switch (name) {
    case 'default':
      return () => true;
    case 'flexibleRollout':
      return compileFlexibleRollout(parameters);
    case 'userWithId': {
      if (!parameters.userIds) return () => false;
      const ids = new Set(splitList(parameters.userIds));
      return (context) => context.userId !== undefined && ids.has(context.userId);
    }
    case 'remoteAddress':
      return parameters.IPs ? compileRemoteAddress(parameters.IPs) : () => false;
    case 'applicationHostname': {
      if (!parameters.hostNames) return () => false;
      const names = new Set(splitList(parameters.hostNames.toLowerCase()));
      return (_context, deps) => deps.hostname !== undefined && names.has(deps.hostname.toLowerCase());
    }
    default:
      return null;
  }
}

/** remoteAddress: an exact match of any entry, or (IPv4 only) containment in an entry's range. */
function compileRemoteAddress(list: string): StrategyRuleBase {
  const entries = splitList(list);
  const exact = new Set(entries);
  const ranges = entries
    .map(parseRange)
    .filter((subnet): subnet is Subnet => subnet !== undefined && subnet[0].kind() === 'ipv4');
  return (context) => {
    const address = context.remoteAddress;
    if (address === undefined) return false;
    if (exact.has(address)) return true;
    if (ranges.length === 0) return false;
    const parsed = parseAddressCached(address);
    if (parsed?.kind() !== 'ipv4') return false;
    for (const range of ranges) if (parsed.match(range)) return true;
    return false;
  };
}

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
    compileBuiltIn(strategy.name, parameters) ??
    ((context, deps) =>
      implementation(parameters, context, {
        featureName: flagName,
        hostname: deps.hostname,
        random: deps.random,
      }));
  const variants = strategy.variants && strategy.variants.length > 0 ? strategy.variants : null;
  const groupId = parameters.groupId ?? 'undefined';
  const stickiness = variants?.[0]?.stickiness || parameters.stickiness;
  const count = checks.length;
  const pick = variants && compileVariantSelection(variants, groupId, stickiness);
  return (context, deps) => {
    for (let i = 0; i < count; i++) if (!checks[i]!(context, deps)) return false;
    if (!rule(context, deps)) return false;
    if (!variants) return true;
    return pick!(context, deps.random) ?? true;
  };
}

type DependencyCheck = (context: Context, deps: ResolvedDeps) => boolean;

/** One parent requirement, as evaluate.ts's isDependencySatisfied decides it, on the compiled parent. */
function compileDependency(dependency: Dependency, repository: FlagRepository): DependencyCheck {
  const parent = repository.getFlag(dependency.feature);
  // A missing parent, or a parent that itself has parents (no transitive chains), fails.
  if (!parent || (parent.dependencies?.length ?? 0) > 0) return () => false;
  const { evaluate } = compileFlag(parent, repository);
  if (dependency.enabled === false) return (context, deps) => !evaluate(context, deps).enabled;
  const names = dependency.variants && dependency.variants.length > 0 ? dependency.variants : null;
  if (!names) return (context, deps) => evaluate(context, deps).enabled;
  return (context, deps) => {
    const result = evaluate(context, deps);
    return result.enabled && names.includes(result.variant?.name ?? 'disabled');
  };
}

/** A flag with parents: every parent requirement first, then the flag's own evaluation. */
function compileDependent(flag: ClientFeature, repository: FlagRepository): CompiledFlag {
  const checks = (flag.dependencies ?? []).map((dependency) => compileDependency(dependency, repository));
  const own = compileFlag({ ...flag, dependencies: undefined }, repository).evaluate;
  return {
    flag,
    evaluate(context, deps) {
      for (const check of checks) if (!check(context, deps)) return OFF;
      return own(context, deps);
    },
  };
}

export function compileFlag(flag: ClientFeature, repository: FlagRepository): CompiledFlag {
  if ((flag.dependencies?.length ?? 0) > 0) return compileDependent(flag, repository);
  if (!flag.enabled || !Array.isArray(flag.strategies)) return { flag, evaluate: () => OFF };
  const strategies = flag.strategies.map((strategy) => compileStrategy(flag.name, strategy, repository));
  const flagVariants = flag.variants && flag.variants.length > 0 ? flag.variants : null;
  const pickFlagVariant =
    flagVariants && compileVariantSelection(flagVariants, flag.name, flagVariants[0]?.stickiness);
  const withFlagVariant = (context: Context, deps: ResolvedDeps): FlagOutcome => ({
    enabled: true,
    variant: flagVariants ? pickFlagVariant!(context, deps.random) : null,
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
