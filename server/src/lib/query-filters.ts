/**
 * The operator-prefixed filters of Unleash's search endpoints (shared/unleash/API.md §6.2, §8.2):
 * `project=IS:default`, `type=IS_ANY_OF:release,experiment`, `tag=INCLUDE:simple:v1`,
 * `createdAt=IS_ON_OR_AFTER:2024-01-01`. A value without an operator counts as `IS:`.
 */
export const FILTER_OPERATORS = [
  'IS',
  'IS_NOT',
  'IS_ANY_OF',
  'IS_NONE_OF',
  'INCLUDE',
  'DO_NOT_INCLUDE',
  'INCLUDE_ALL_OF',
  'INCLUDE_ANY_OF',
  'EXCLUDE_IF_ANY_OF',
  'EXCLUDE_ALL',
  'IS_BEFORE',
  'IS_ON_OR_AFTER',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface QueryFilter {
  operator: FilterOperator;
  values: string[];
}

/** Parses one filter parameter; undefined for an absent or empty one. */
export function parseFilter(raw: string | undefined): QueryFilter | undefined {
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  if (trimmed === '') return undefined;
  const colon = trimmed.indexOf(':');
  const prefix = colon > 0 ? trimmed.slice(0, colon) : '';
  const known = (FILTER_OPERATORS as readonly string[]).includes(prefix);
  const operator = (known ? prefix : 'IS') as FilterOperator;
  const rest = known ? trimmed.slice(colon + 1) : trimmed;
  const values = rest
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
  if (values.length === 0) return undefined;
  return { operator, values };
}

/** True for the operators that keep rows matching the values; false for the negated ones. */
export function isPositive(operator: FilterOperator): boolean {
  return !['IS_NOT', 'IS_NONE_OF', 'DO_NOT_INCLUDE', 'EXCLUDE_IF_ANY_OF', 'EXCLUDE_ALL'].includes(operator);
}

/** Whether all the values must match (rather than any of them). */
export function requiresAll(operator: FilterOperator): boolean {
  return operator === 'INCLUDE_ALL_OF' || operator === 'EXCLUDE_ALL';
}

/** A non-negative integer query parameter, clamped; the fallback when absent or invalid. */
export function parseCount(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return fallback;
  return Math.min(Number(raw.trim()), max);
}
