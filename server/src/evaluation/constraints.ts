import semver from 'semver';
import type { Constraint, Context } from '../../contract';
import { resolveContextValue } from './context';
import { ipInRange } from './ip-address';
import { type CompiledPattern, compileRe2 } from './regex';

/** What a constraint needs besides the context: the clock, for DATE_* without `currentTime`. */
export interface ConstraintEnvironment {
  now: () => Date;
}

type OperatorCheck = (constraint: Constraint, context: Context, env: ConstraintEnvironment) => boolean;

/** List operators ignore empty entries and surrounding whitespace in the constraint's values. */
function cleanValues(values: readonly string[] | undefined): string[] {
  return (values ?? []).filter((value) => Boolean(value)).map((value) => value.trim());
}

// Constraints come from a snapshot that lives for many evaluations: clean their lists once.
const cleanedLists = new WeakMap<Constraint, readonly string[]>();
const memberSets = new WeakMap<Constraint, ReadonlySet<string>>();

function cleanedValues(constraint: Constraint): readonly string[] {
  let cleaned = cleanedLists.get(constraint);
  if (!cleaned) {
    cleaned = cleanValues(constraint.values);
    cleanedLists.set(constraint, cleaned);
  }
  return cleaned;
}

const inList: OperatorCheck = (constraint, context) => {
  const value = resolveContextValue(context, constraint.contextName);
  if (value === undefined) return false;
  let members = memberSets.get(constraint);
  if (!members) {
    members = new Set(cleanedValues(constraint));
    memberSets.set(constraint, members);
  }
  return members.has(value);
};

function stringCheck(test: (value: string, candidate: string) => boolean): OperatorCheck {
  return (constraint, context) => {
    const raw = resolveContextValue(context, constraint.contextName);
    if (raw === undefined) return false;
    const fold = (text: string) => (constraint.caseInsensitive ? text.toLowerCase() : text);
    const value = fold(raw);
    return cleanedValues(constraint).some((candidate) => test(value, fold(candidate)));
  };
}

/** Both sides go through Number(), as in the Node SDK: "12.0" equals "12", NaN never matches. */
function numberCheck(compare: (value: number, target: number) => boolean): OperatorCheck {
  return (constraint, context) => {
    const target = Number(constraint.value);
    const value = Number(resolveContextValue(context, constraint.contextName));
    return !Number.isNaN(target) && !Number.isNaN(value) && compare(value, target);
  };
}

/**
 * Dates compare the context's currentTime (now when absent), whatever the constraint's
 * contextName says; strictly after or before, so equal instants are false.
 */
function dateCheck(compare: (current: number, target: number) => boolean): OperatorCheck {
  return (constraint, context, env) => {
    const target = new Date(constraint.value ?? Number.NaN).getTime();
    const current = context.currentTime ? new Date(context.currentTime).getTime() : env.now().getTime();
    return !Number.isNaN(target) && !Number.isNaN(current) && compare(current, target);
  };
}

/**
 * The context value must be strict semver without a leading "v"; an invalid constraint value
 * makes the comparison false rather than an error.
 */
function semverCheck(compare: (value: string, target: string) => boolean): OperatorCheck {
  return (constraint, context) => {
    const value = resolveContextValue(context, constraint.contextName);
    const target = constraint.value;
    if (!value || value.startsWith('v') || !semver.valid(value)) return false;
    if (target === undefined || !semver.valid(target)) return false;
    return compare(value, target);
  };
}

// Kept per constraint as well as in regex.ts's bounded cache: a snapshot with more patterns than
// that cache holds must not recompile them (and lose their DFA states) on every request.
const compiledPatterns = new WeakMap<Constraint, CompiledPattern | null>();

const regexMatch: OperatorCheck = (constraint, context) => {
  const value = resolveContextValue(context, constraint.contextName);
  if (value === undefined || typeof constraint.value !== 'string') return false;
  let compiled = compiledPatterns.get(constraint);
  if (compiled === undefined) {
    compiled = compileRe2(constraint.value, constraint.caseInsensitive === true) ?? null;
    compiledPatterns.set(constraint, compiled);
  }
  // A pattern RE2 refuses (stored before validation, or over the bounds) is false.
  return compiled?.test(value) ?? false;
};

const inCidr: OperatorCheck = (constraint, context) => {
  const value = resolveContextValue(context, constraint.contextName);
  if (value === undefined) return false;
  return cleanedValues(constraint).some((range) => ipInRange(value, range));
};

const OPERATORS: ReadonlyMap<string, OperatorCheck> = new Map<string, OperatorCheck>([
  ['IN', inList],
  ['NOT_IN', (constraint, context, env) => !inList(constraint, context, env)],
  ['STR_STARTS_WITH', stringCheck((value, candidate) => value.startsWith(candidate))],
  ['STR_ENDS_WITH', stringCheck((value, candidate) => value.endsWith(candidate))],
  ['STR_CONTAINS', stringCheck((value, candidate) => value.includes(candidate))],
  ['NUM_EQ', numberCheck((value, target) => value === target)],
  ['NUM_GT', numberCheck((value, target) => value > target)],
  ['NUM_GTE', numberCheck((value, target) => value >= target)],
  ['NUM_LT', numberCheck((value, target) => value < target)],
  ['NUM_LTE', numberCheck((value, target) => value <= target)],
  ['DATE_AFTER', dateCheck((current, target) => current > target)],
  ['DATE_BEFORE', dateCheck((current, target) => current < target)],
  ['SEMVER_EQ', semverCheck((value, target) => semver.eq(value, target))],
  ['SEMVER_GT', semverCheck((value, target) => semver.gt(value, target))],
  ['SEMVER_GTE', semverCheck((value, target) => semver.gte(value, target))],
  ['SEMVER_LT', semverCheck((value, target) => semver.lt(value, target))],
  ['SEMVER_LTE', semverCheck((value, target) => semver.lte(value, target))],
  ['REGEX', regexMatch],
  // Known to the SDKs and the client specification, not yet to the server's operator enum.
  ['IN_CIDR', inCidr],
]);

/** Operators this engine evaluates, including the client-only IN_CIDR. */
export const SUPPORTED_OPERATORS: readonly string[] = [...OPERATORS.keys()];

/** One constraint; an unknown operator is false, and `inverted` negates every outcome, missing fields included. */
export function checkConstraint(
  constraint: Constraint,
  context: Context,
  env: ConstraintEnvironment,
): boolean {
  const check = OPERATORS.get(constraint.operator);
  if (!check) return false;
  const result = check(constraint, context, env);
  return constraint.inverted ? !result : result;
}

/**
 * All constraints must hold. An `undefined` entry stands for a segment the strategy references
 * but the payload lacks, which makes the strategy false.
 */
export function checkConstraints(
  constraints: Iterable<Constraint | undefined>,
  context: Context,
  env: ConstraintEnvironment,
): boolean {
  for (const constraint of constraints) {
    if (!constraint || !checkConstraint(constraint, context, env)) return false;
  }
  return true;
}
