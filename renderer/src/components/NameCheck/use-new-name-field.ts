import { useServerNameCheck } from './use-server-name-check';

export interface NewNameField {
  /** The message under the name field, if any. */
  error: string | undefined;
  /** True while the server is asked about the name as it is now. */
  checking: boolean;
  /** Whether the name keeps the form from being sent. */
  blocked: boolean;
}

/**
 * The name field of a form that creates something the operator names: the form's own check
 * (`localProblem`, null when the name is fine or cannot be changed), then the server's check as the
 * name is typed, which only runs once the form's own check passes. The server's refusal of the save
 * itself (`refusal`) comes first; the form's check shows once something is typed or sending was tried.
 */
export function useNewNameField(
  validatePath: string,
  name: string,
  options: {
    creating: boolean;
    localProblem: string | null;
    refusal: string | undefined;
    showErrors: boolean;
  },
): NewNameField {
  const { creating, localProblem, refusal, showErrors } = options;
  const serverCheck = useServerNameCheck(validatePath, name, creating && localProblem === null);
  return {
    error:
      refusal ??
      (localProblem && (showErrors || name) ? localProblem : null) ??
      serverCheck.problem ??
      undefined,
    checking: serverCheck.checking,
    blocked: localProblem !== null || serverCheck.problem !== null,
  };
}
