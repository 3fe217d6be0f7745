import type { Constraint, ConstraintOperator } from '../../../../server/contract';

export type { Constraint, ConstraintOperator };

/** Which value editor an operator needs: a list of values, or one number, date, version or pattern. */
export type ValueKind = 'list' | 'number' | 'date' | 'semver' | 'regex';

export interface OperatorInfo {
  operator: ConstraintOperator;
  /** What it does, for people: "is one of". */
  label: string;
  group: 'Lists' | 'Text' | 'Numbers' | 'Dates' | 'Versions';
  kind: ValueKind;
  /** Whether `caseInsensitive` changes how it matches (the STR_* operators and REGEX). */
  caseSensitivity: boolean;
  /** REGEX cannot be inverted: the server refuses it. */
  invertible: boolean;
}

const info = (
  operator: ConstraintOperator,
  label: string,
  group: OperatorInfo['group'],
  kind: ValueKind,
  caseSensitivity = false,
): OperatorInfo => ({ operator, label, group, kind, caseSensitivity, invertible: operator !== 'REGEX' });

/**
 * Every operator a constraint may use when saved (server/contract CONSTRAINT_OPERATORS; Unleash's
 * semantics in shared/unleash/API.md §5.4), in the order the operator picker shows them.
 */
export const OPERATORS: readonly OperatorInfo[] = [
  info('IN', 'is one of', 'Lists', 'list'),
  info('NOT_IN', 'is not one of', 'Lists', 'list'),
  info('IN_CIDR', 'is an IP address in', 'Lists', 'list'),
  info('STR_CONTAINS', 'contains', 'Text', 'list', true),
  info('STR_STARTS_WITH', 'starts with', 'Text', 'list', true),
  info('STR_ENDS_WITH', 'ends with', 'Text', 'list', true),
  info('REGEX', 'matches the regular expression', 'Text', 'regex', true),
  info('NUM_EQ', '=', 'Numbers', 'number'),
  info('NUM_GT', '>', 'Numbers', 'number'),
  info('NUM_GTE', '≥', 'Numbers', 'number'),
  info('NUM_LT', '<', 'Numbers', 'number'),
  info('NUM_LTE', '≤', 'Numbers', 'number'),
  info('DATE_AFTER', 'is after', 'Dates', 'date'),
  info('DATE_BEFORE', 'is before', 'Dates', 'date'),
  info('SEMVER_EQ', 'is version', 'Versions', 'semver'),
  info('SEMVER_GT', 'is a version after', 'Versions', 'semver'),
  info('SEMVER_GTE', 'is the version or after', 'Versions', 'semver'),
  info('SEMVER_LT', 'is a version before', 'Versions', 'semver'),
  info('SEMVER_LTE', 'is the version or before', 'Versions', 'semver'),
];

// Fails to compile when the contract gains an operator this list does not describe.
type Missing = Exclude<ConstraintOperator, (typeof OPERATORS)[number]['operator']>;
const everyOperatorListed: [Missing] extends [never] ? true : Missing = true;
void everyOperatorListed;

export function operatorInfo(operator: ConstraintOperator): OperatorInfo {
  const found = OPERATORS.find((candidate) => candidate.operator === operator);
  if (!found) throw new Error(`Unknown constraint operator ${operator}`);
  return found;
}

/** The limit of values per constraint the server enforces (API.md §5.4). */
export const MAX_VALUES = 250;

/** Strict semantic versions (semver.org 2.0.0), as the server checks them: no leading `v`. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

export function isSemver(value: string): boolean {
  return SEMVER.test(value);
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An IPv4 or IPv6 address, optionally with a /prefix: a first check before the server's. */
export function isIpOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const v4 = IPV4.test(address);
  const v6 = !v4 && address.includes(':') && /^[0-9a-fA-F:.]+$/.test(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (v4 ? 32 : 128);
}

export function isDateTime(value: string): boolean {
  return value.trim() !== '' && !Number.isNaN(new Date(value).getTime());
}

/** A constraint as the console saves it: `values` for list operators, `value` for the others. */
export function normaliseConstraint(constraint: Constraint): Constraint {
  const base = {
    contextName: constraint.contextName,
    operator: constraint.operator,
    inverted: constraint.inverted === true,
    caseInsensitive: constraint.caseInsensitive === true,
  };
  return operatorInfo(constraint.operator).kind === 'list'
    ? { ...base, values: [...(constraint.values ?? [])] }
    : { ...base, value: constraint.value ?? '' };
}

export function newConstraint(contextName: string): Constraint {
  return { contextName, operator: 'IN', values: [], inverted: false, caseInsensitive: false };
}

/**
 * The constraint with another operator: values carry over while the value editor stays the same
 * kind (IN to NOT_IN, NUM_GT to NUM_LT) and are cleared when it changes (a list is no date).
 */
export function withOperator(constraint: Constraint, operator: ConstraintOperator): Constraint {
  const before = operatorInfo(constraint.operator);
  const after = operatorInfo(operator);
  const keep = before.kind === after.kind;
  const next: Constraint = {
    contextName: constraint.contextName,
    operator,
    inverted: after.invertible && constraint.inverted === true,
    caseInsensitive: after.caseSensitivity && constraint.caseInsensitive === true,
  };
  if (after.kind === 'list') next.values = keep ? [...(constraint.values ?? [])] : [];
  else next.value = keep ? (constraint.value ?? '') : '';
  return next;
}

export interface ConstraintProblem {
  field: 'contextName' | 'value';
  message: string;
  /** Nothing entered yet: shown only once the operator tries to save, not while typing. */
  missing: boolean;
}

const problem = (field: ConstraintProblem['field'], message: string, missing = false): ConstraintProblem => ({
  field,
  message,
  missing,
});

/**
 * What the server would refuse in one constraint, checked locally with the same rules
 * (server/src/features/constraints/constraint-rules.ts) so the operator learns it while typing.
 * `legalValues` are the context field's, when it restricts them.
 */
export function constraintProblem(
  constraint: Constraint,
  legalValues: readonly string[] = [],
): ConstraintProblem | null {
  if (!constraint.contextName) return problem('contextName', 'Choose a context field', true);
  const { kind } = operatorInfo(constraint.operator);
  if (kind === 'list') {
    const values = constraint.values ?? [];
    if (values.length === 0) return problem('value', 'Add at least one value', true);
    if (values.length > MAX_VALUES) return problem('value', `At most ${MAX_VALUES} values`);
    if (constraint.operator === 'IN_CIDR') {
      const bad = values.find((value) => !isIpOrCidr(value));
      if (bad !== undefined) return problem('value', `"${bad}" is not an IP address or a CIDR range`);
    }
    const illegal = legalValues.length ? values.find((value) => !legalValues.includes(value)) : undefined;
    if (illegal !== undefined)
      return problem('value', `"${illegal}" is not a legal value of ${constraint.contextName}`);
    return null;
  }
  const value = (constraint.value ?? '').trim();
  const missing = value === '';
  if (kind === 'number' && (missing || Number.isNaN(Number(value))))
    return problem('value', 'Enter a number', missing);
  if (kind === 'date' && !isDateTime(value))
    return problem('value', 'Enter a date and time, e.g. 2026-12-01T09:00:00Z', missing);
  if (kind === 'semver' && !isSemver(value))
    return problem('value', 'Enter a semantic version such as 1.2.3 or 2.0.0-beta.1', missing);
  if (kind === 'regex') {
    if (missing) return problem('value', 'Enter a regular expression', true);
    try {
      new RegExp(value);
    } catch {
      return problem('value', 'This is not a valid regular expression');
    }
  }
  if (legalValues.length && !legalValues.includes(value))
    return problem('value', `"${value}" is not a legal value of ${constraint.contextName}`);
  return null;
}

/** Whether every constraint would pass the local checks. */
export function constraintsAreValid(
  constraints: readonly Constraint[],
  legalValuesOf: (contextName: string) => readonly string[] = () => [],
): boolean {
  return constraints.every(
    (constraint) => !constraintProblem(constraint, legalValuesOf(constraint.contextName)),
  );
}

/** One line for people: `userId is not one of a, b (ignoring case)`. */
export function describeConstraint(constraint: Constraint): string {
  const { label, kind } = operatorInfo(constraint.operator);
  const what = kind === 'list' ? (constraint.values ?? []).join(', ') : (constraint.value ?? '');
  const negated = constraint.inverted ? `NOT ${label}` : label;
  const caseNote =
    constraint.caseInsensitive && operatorInfo(constraint.operator).caseSensitivity ? ' (ignoring case)' : '';
  return `${constraint.contextName} ${negated} ${what}${caseNote}`;
}
