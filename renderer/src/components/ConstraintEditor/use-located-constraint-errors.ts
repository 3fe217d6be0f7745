import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useConsole, useConsoleState } from '../../stores/console-context';
import { checkQueryKey } from '../../stores/server-queries';
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
 * of the form (`otherFields`). The checks are a query of the console's client (a check, not kept in
 * IndexedDB): the same constraints sent twice are asked about once.
 */
export function useLocatedConstraintErrors(otherFields: readonly string[]) {
  const consoleApi = useConsole();
  const queryClient = useQueryClient();
  const profileId = useConsoleState((state) => state.activeProfileId);
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
      const answer = await queryClient
        .fetchQuery({
          queryKey: checkQueryKey(profileId, `constraints/validate ${JSON.stringify(constraints)}`),
          queryFn: () => locateConstraintErrors(consoleApi.api().client, constraints),
          // The refused save may have changed what the server accepts; a fresh answer each time.
          staleTime: 0,
          gcTime: 60_000,
        })
        .catch(() => ({}));
      setLocated(answer);
    },
  };
}
