/** PostgreSQL error codes the stores translate into domain errors (STYLE.md convention 3). */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function code(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return code(error) === UNIQUE_VIOLATION;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return code(error) === FOREIGN_KEY_VIOLATION;
}

/**
 * PostgreSQL's refusals of a value itself (issue 12): class 22 "data exception" (NUL 22021/22P05,
 * out of int4 range 22003, too long 22001, bad date 22007/22008, bad text representation
 * 22P02, bad JSON 22P02/22032) and class 54 "program limit exceeded" (an index row too large,
 * 54000). They mean a request carried a value the schema should have refused: a 400, not a 500.
 */
export function isDataError(error: unknown): boolean {
  const value = code(error);
  return value !== undefined && value.length === 5 && (value.startsWith('22') || value.startsWith('54'));
}
