import type { Constraint } from '../../../contract';
import type { Queryable } from '../../db/queryable';
import { getContextFields } from '../context-fields';
import { CONSTRAINT_LIMITS, exceedsLimit, validateConstraint } from './constraint-rules';

/** Validates constraints against the context fields in the database (the rules are pure). */
export async function validateConstraints(
  db: Queryable,
  constraints: readonly Constraint[],
  options: { limit?: number } = {},
): Promise<void> {
  const limit = options.limit ?? CONSTRAINT_LIMITS.constraintsPerStrategy;
  if (constraints.length > limit) throw exceedsLimit('constraints', limit);
  const fields = await getContextFields(
    db,
    constraints.map((constraint) => constraint.contextName),
  );
  for (const constraint of constraints) {
    validateConstraint(constraint, fields.get(constraint.contextName) ?? null);
  }
}
