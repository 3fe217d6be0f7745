import type { Constraint } from '../../../contract';

/**
 * A constraint in the shape Unleash 8.2 stores and answers: as sent, with `values` defaulting to
 * `[]` (so single-value operators carry `value` and `values: []`). `inverted` and
 * `caseInsensitive` stay absent unless sent. Applied on write and on read, so rows written
 * before this rule answer the same shape.
 */
export function withDefaultValues(constraint: Constraint): Constraint {
  return constraint.values === undefined ? { ...constraint, values: [] } : constraint;
}

/** {@link withDefaultValues} over a stored list (a JSON column that may be null). */
export function constraintsWithDefaultValues(constraints: unknown): Constraint[] {
  return Array.isArray(constraints) ? (constraints as Constraint[]).map(withDefaultValues) : [];
}
