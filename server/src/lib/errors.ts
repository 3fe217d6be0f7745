import { ERROR_STATUS, type ErrorName } from '../../contract';

export interface ErrorDetail {
  message: string;
  path?: string;
  [key: string]: unknown;
}

/**
 * Every error meant for a client. The HTTP error handler turns it into Unleash's
 * body `{id, name, message, details}`; the status follows from the name.
 */
export class ApiError extends Error {
  readonly errorName: ErrorName;
  readonly details: ErrorDetail[];
  /** Extra top-level fields of the body (e.g. `permissions` on a PermissionError). */
  readonly extra: Record<string, unknown>;
  /** Response headers sent with the error (e.g. Retry-After on a 429). */
  readonly headers: Record<string, string>;

  constructor(
    name: ErrorName,
    message: string,
    options: {
      details?: ErrorDetail[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = name;
    this.errorName = name;
    this.details = options.details ?? [{ message }];
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  get statusCode(): number {
    return ERROR_STATUS[this.errorName];
  }
}

export const badData = (message: string, details?: ErrorDetail[]) =>
  new ApiError('BadDataError', message, details ? { details } : {});
export const notFound = (message: string) => new ApiError('NotFoundError', message);
export const nameExists = (message: string) => new ApiError('NameExistsError', message);
export const conflict = (message: string) => new ApiError('ConflictError', message);
export const invalidOperation = (message: string) => new ApiError('InvalidOperationError', message);
