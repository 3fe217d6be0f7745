import { ApiError } from '../../api/api-error';
import type { ApiClient } from '../../api/client';
import { type Constraint, normaliseConstraint } from './constraint-operators';

/** Server messages by constraint index. */
export type ConstraintErrors = Record<number, string>;

/**
 * Server messages that name a constraint by path, `/body/constraints/2/values` (schema
 * failures), keyed by that constraint's index.
 */
export function constraintErrorsFromPaths(
  fieldErrors: Record<string, string>,
  prefix = 'constraints',
): ConstraintErrors {
  const errors: ConstraintErrors = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    const match = new RegExp(`^${prefix}\\.(\\d+)(\\.|$)`).exec(field);
    if (!match?.[1]) continue;
    const index = Number(match[1]);
    errors[index] = errors[index] ? `${errors[index]} ${message}` : message;
  }
  return errors;
}

/**
 * The server's rule checks (legal values, number and semver formats...) name no constraint, so
 * after a refused save each constraint is checked alone (`POST /api/admin/constraints/validate`,
 * shared/unleash/API.md §6) to put the message next to the one it concerns.
 */
export async function locateConstraintErrors(
  client: ApiClient,
  constraints: readonly Constraint[],
): Promise<ConstraintErrors> {
  const errors: ConstraintErrors = {};
  await Promise.all(
    constraints.map(async (constraint, index) => {
      try {
        await client.post<unknown>('/api/admin/constraints/validate', normaliseConstraint(constraint));
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          const detail = error.details[0]?.message;
          errors[index] = detail ?? error.message;
        }
      }
    }),
  );
  return errors;
}

/** Whether a refused save may be about a constraint: a 400 that names no other field of the body. */
export function mayConcernConstraints(error: unknown, otherFields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const named = Object.keys(error.fieldErrors());
  return !named.some((field) =>
    otherFields.some((other) => field === other || field.startsWith(`${other}.`)),
  );
}
