import { useState } from 'react';
import { useConsole } from '../../stores/console-context';
import {
  type ConstraintErrors,
  constraintErrorsFromPaths,
  locateConstraintErrors,
  mayConcernConstraints,
} from './constraint-errors';
import type { Constraint } from './constraint-operators';

/**
 * The server's messages about a form's constraints, by constraint index: those its refusal names by
 * path, and those found by checking each constraint alone after a refusal that names no other field
 * of the form (`otherFields`).
 */
export function useLocatedConstraintErrors(otherFields: readonly string[]) {
  const consoleApi = useConsole();
  const [located, setLocated] = useState<ConstraintErrors>({});
  return {
    /** All messages by index, given the refusal's messages by field path. */
    errorsFrom: (serverFields: Record<string, string>): ConstraintErrors => ({
      ...constraintErrorsFromPaths(serverFields),
      ...located,
    }),
    /** Forgets what the last refusal located, before the form is sent again. */
    reset: () => setLocated({}),
    /** After a refused save: asks the server about each constraint sent when the refusal may concern them. */
    locate: async (refusal: unknown, constraints: readonly Constraint[]) => {
      if (constraints.length === 0 || !mayConcernConstraints(refusal, otherFields)) return;
      setLocated(await locateConstraintErrors(consoleApi.api().client, constraints).catch(() => ({})));
    },
  };
}
