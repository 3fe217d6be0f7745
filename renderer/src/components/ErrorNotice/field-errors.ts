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
