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
 * A statement refused for the data it carried (SQLSTATE classes 22 data exception, 23 integrity
 * constraint, 54 program limit): sending the same rows again fails again. Anything else (a lost
 * connection, a database starting up, a missing table) may pass on a later attempt.
 */
export function isDataError(error: unknown): boolean {
  const sqlState = code(error);
  return sqlState !== undefined && /^(22|23|54)[0-9A-Z]{3}$/.test(sqlState);
}
