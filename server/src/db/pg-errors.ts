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

/**
 * PostgreSQL's refusals of a value itself (issue 12): class 22 "data exception" (NUL 22021/22P05,
 * out of int4 range 22003, too long 22001, bad date 22007/22008, bad text representation
 * 22P02, bad JSON 22032) and class 54 "program limit exceeded" (an index row too large,
 * 54000). They mean a request carried a value the schema should have refused: a 400, not a 500.
 */
export function isValueRefused(error: unknown): boolean {
  const sqlState = code(error);
  return sqlState !== undefined && /^(22|54)[0-9A-Z]{3}$/.test(sqlState);
}

/** Node's socket errors when PostgreSQL is stopped, unreachable or drops the connection. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/**
 * PostgreSQL codes meaning "not now" rather than "wrong request": class 08 (connection
 * exception), 57P01-57P03 (shutting down, crashed, starting up), 57014 (statement timeout),
 * 25P03 (idle-in-transaction timeout), 53300 (too many connections).
 */
const UNAVAILABLE_CODES = /^(08...|57P0[1-3]|57014|25P03|53300)$/;
/** pg's own messages for a connection or query that timed out or broke (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/**
 * Whether an error says the database is unavailable or unresponsive (stopped, frozen, restarting,
 * too slow), as opposed to refusing this particular query: such errors answer 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const errorCode = code(error);
  if (errorCode && (SOCKET_ERRORS.has(errorCode) || UNAVAILABLE_CODES.test(errorCode))) return true;
  const message = error instanceof Error ? error.message : '';
  if (UNAVAILABLE_MESSAGES.some((known) => message.includes(known))) return true;
  // AggregateError (a host resolving to several addresses) and wrapped causes.
  const nested = error as { errors?: unknown[]; cause?: unknown } | null;
  if (Array.isArray(nested?.errors) && nested.errors.some(isDatabaseUnavailable)) return true;
  return nested?.cause !== undefined && nested.cause !== error && isDatabaseUnavailable(nested.cause);
}
