import { ApiError } from '../../api/api-error';

/** Messages by form field from an ApiError's `details[].path`, or none for any other error. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors() : {};
}

/** An error worth an alert above the form: anything but details that all sit next to fields. */
export function needsFormAlert(error: unknown): boolean {
  if (!error) return false;
  if (!(error instanceof ApiError)) return true;
  const fields = Object.keys(error.fieldErrors()).length;
  return fields === 0 || error.generalDetails().length > 0;
}

/**
 * One message per field: the server's (from `details[].path`) first, then the form's own checks
 * once the operator has tried to submit.
 */
export function fieldErrorLookup(error: unknown, local: Record<string, string>, showLocal: boolean) {
  const server = fieldErrorsOf(error);
  return (field: string): string | undefined => server[field] ?? (showLocal ? local[field] : undefined);
}

/** A taken name is refused with a NameExistsError that names no field: its message belongs next to the name. */
export function nameTakenMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.errorName === 'NameExistsError' ? error.message : undefined;
}
