import semver from 'semver';
import { type Constraint, type Context, isRootContextField } from '../../contract';
import { type ConstraintEnvironment, checkConstraint } from './constraints';
import { resolveContextValue } from './context';
import { parseAddressCached, parseRange, type Subnet } from './ip-address';
import { compileRe2 } from './regex';

/**
 * Constraints compiled once per repository (issue 21, issue 34): values cleaned, lowered, parsed
 * (sets, numbers, dates, semver targets, CIDR ranges, RE2 programs) ahead of time, so a check does
 * only per-user work. Each check answers exactly what constraints.ts answers for the same
 * constraint (compiled.test.ts runs both over every operator). Context values that many
 * constraints of one request parse alike (a version, an address, a time) go through one-entry
 * caches keyed by the string: every constraint after the first reads the parsed value.
 */

export type Check = (context: Context, env: ConstraintEnvironment) => boolean;

const never: Check = () => false;

export const cleaned = (values: readonly string[] | undefined): string[] =>
  (values ?? []).filter((value) => Boolean(value)).map((value) => value.trim());

/**
 * resolveContextValue specialised for one field: a root field set to a string (the frontend API's
 * common case) is read directly, a property set to a string likewise; everything else takes the
 * general path, so answers are the same.
 */
function fieldReader(field: string): (context: Context) => string | undefined {
  if (!isRootContextField(field)) {
    return (context) => {
      const properties = context.properties;
      const value = properties && Object.hasOwn(properties, field) ? properties[field] : undefined;
      return typeof value === 'string' ? value : resolveContextValue(context, field);
    };
  }
  const key = field as keyof Context;
  return (context) => {
    const root = context[key];
    return typeof root === 'string' ? root : resolveContextValue(context, field);
  };
}

let lastVersionText: string | undefined;
let lastVersion: semver.SemVer | null = null;
/** semver.parse, remembering the last string (one request's constraints share its version). */
function versionOf(text: string): semver.SemVer | null {
  if (text !== lastVersionText) {
    lastVersion = semver.parse(text);
    lastVersionText = text;
  }
  return lastVersion;
}

let lastTimeText: string | undefined;
let lastTime = Number.NaN;
function timeOf(text: string): number {
  if (text !== lastTimeText) {
    lastTime = new Date(text).getTime();
    lastTimeText = text;
  }
  return lastTime;
}

function listCheck(constraint: Constraint, read: (context: Context) => string | undefined): Check {
  const members = new Set(cleaned(constraint.values));
  if (constraint.operator === 'IN') {
    return (context) => {
      const value = read(context);
      return value !== undefined && members.has(value);
    };
  }
  return (context) => {
    const value = read(context);
    return value === undefined || !members.has(value);
  };
}

function stringCheck(constraint: Constraint, read: (context: Context) => string | undefined): Check {
  const fold = constraint.caseInsensitive ? (text: string) => text.toLowerCase() : (text: string) => text;
  const candidates = cleaned(constraint.values).map(fold);
  const count = candidates.length;
  const test =
    constraint.operator === 'STR_STARTS_WITH'
      ? (value: string, candidate: string) => value.startsWith(candidate)
      : constraint.operator === 'STR_ENDS_WITH'
        ? (value: string, candidate: string) => value.endsWith(candidate)
        : (value: string, candidate: string) => value.includes(candidate);
  return (context) => {
    const raw = read(context);
    if (raw === undefined || count === 0) return false;
    const value = fold(raw);
    for (let i = 0; i < count; i++) if (test(value, candidates[i]!)) return true;
    return false;
  };
}

function numberCheck(constraint: Constraint, read: (context: Context) => string | undefined): Check {
  const target = Number(constraint.value);
  if (Number.isNaN(target)) return never;
  const compare = NUMBER_COMPARISONS[constraint.operator]!;
  return (context) => {
    const value = Number(read(context));
    return !Number.isNaN(value) && compare(value, target);
  };
}

function dateCheck(constraint: Constraint): Check {
  const target = new Date(constraint.value ?? Number.NaN).getTime();
  if (Number.isNaN(target)) return never;
  const after = constraint.operator === 'DATE_AFTER';
  return (context, env) => {
    const current = context.currentTime ? timeOf(context.currentTime) : env.now().getTime();
    return !Number.isNaN(current) && (after ? current > target : current < target);
  };
}

function semverCheck(constraint: Constraint, read: (context: Context) => string | undefined): Check {
  const target = constraint.value === undefined ? null : semver.parse(constraint.value);
  if (!target) return never;
  const holds = SEMVER_COMPARISONS[constraint.operator]!;
  return (context) => {
    const value = read(context);
    if (!value || value.startsWith('v')) return false;
    const parsed = versionOf(value);
    return parsed !== null && holds(parsed.compare(target));
  };
}

function regexCheck(constraint: Constraint, read: (context: Context) => string | undefined): Check {
  const pattern =
    typeof constraint.value === 'string'
      ? compileRe2(constraint.value, constraint.caseInsensitive === true)
      : undefined;
  if (!pattern) return never;
  return (context) => {
    const value = read(context);
    return value !== undefined && pattern.test(value);
  };
}

function cidrCheck(constraint: Constraint, read: (context: Context) => string | undefined): Check {
  const subnets = cleaned(constraint.values)
    .map(parseRange)
    .filter((subnet): subnet is Subnet => subnet !== undefined);
  return (context) => {
    const value = read(context);
    const address = value === undefined ? undefined : parseAddressCached(value);
    if (!address) return false;
    for (const subnet of subnets)
      if (subnet[0].kind() === address.kind() && address.match(subnet)) return true;
    return false;
  };
}

/** The check of one constraint without `inverted`; null delegates to constraints.ts. */
function compileOperator(constraint: Constraint): Check | null {
  const read = fieldReader(constraint.contextName);
  switch (constraint.operator) {
    case 'IN':
    case 'NOT_IN':
      return listCheck(constraint, read);
    case 'STR_STARTS_WITH':
    case 'STR_ENDS_WITH':
    case 'STR_CONTAINS':
      return stringCheck(constraint, read);
    case 'NUM_EQ':
    case 'NUM_GT':
    case 'NUM_GTE':
    case 'NUM_LT':
    case 'NUM_LTE':
      return numberCheck(constraint, read);
    case 'DATE_AFTER':
    case 'DATE_BEFORE':
      return dateCheck(constraint);
    case 'SEMVER_EQ':
    case 'SEMVER_GT':
    case 'SEMVER_GTE':
    case 'SEMVER_LT':
    case 'SEMVER_LTE':
      return semverCheck(constraint, read);
    case 'REGEX':
      return regexCheck(constraint, read);
    case 'IN_CIDR':
      return cidrCheck(constraint, read);
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

/** On the sign of `value.compare(target)`, as semver.eq/gt/gte/lt/lte decide. */
const SEMVER_COMPARISONS: Record<string, (order: number) => boolean> = {
  SEMVER_EQ: (order) => order === 0,
  SEMVER_GT: (order) => order > 0,
  SEMVER_GTE: (order) => order >= 0,
  SEMVER_LT: (order) => order < 0,
  SEMVER_LTE: (order) => order <= 0,
};

export function compileConstraint(constraint: Constraint): Check {
  const compiled = compileOperator(constraint);
  // Unknown operators: constraints.ts (false, then `inverted`).
  if (!compiled) return (context, env) => checkConstraint(constraint, context, env);
  return constraint.inverted ? (context, env) => !compiled(context, env) : compiled;
}
