import { fieldErrorsOf } from '../../../components/ErrorNotice/field-errors';

/**
 * One message per field: the server's (from `details[].path`) first, then the form's own checks
 * once the operator has tried to submit.
 */
export function fieldErrorLookup(error: unknown, local: Record<string, string>, showLocal: boolean) {
  const server = fieldErrorsOf(error);
  return (field: string): string | undefined => server[field] ?? (showLocal ? local[field] : undefined);
}
