import type { ErrorBody } from '../../../server/contract/errors';

export interface ApiErrorDetail {
  message: string;
  /** JSON pointer into the request, e.g. `/body/name` (shared/unleash/API.md §1). */
  path?: string;
}

/**
 * An error answer of the server, parsed from Unleash's body `{id, name, message, details}`.
 * Code matches on `errorName` (stable), never on `message` (for people).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly errorName: string;
  readonly id: string | undefined;
  readonly details: ApiErrorDetail[];
  /** The whole error body, for fields beyond Unleash's four (a 401's sign-in `options`). */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(init: {
    status: number;
    errorName: string;
    message: string;
    id?: string;
    details?: ApiErrorDetail[];
    body?: Record<string, unknown>;
  }) {
    super(init.message);
    this.status = init.status;
    this.errorName = init.errorName;
    this.id = init.id;
    this.details = init.details ?? [];
    this.body = init.body ?? {};
  }

  /** Messages by form field: `/body/name` → `name`, `/body/constraints/0/values` → `constraints.0.values`. */
  fieldErrors(): Record<string, string> {
    return fieldErrorsFrom(this.details);
  }

  /** Details that name no field of the body: shown above the form rather than next to a field. */
  generalDetails(): ApiErrorDetail[] {
    return this.details.filter((detail) => fieldOf(detail.path) === null && detail.message !== this.message);
  }
}

/** The server could not be reached at all (offline, DNS, refused, CORS). */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/** HTTP status to a name when the body is not Unleash's error shape (a proxy's HTML page, say). */
function fallbackName(status: number): string {
  if (status === 401) return 'AuthenticationRequired';
  if (status === 403) return 'ForbiddenError';
  if (status === 404) return 'NotFoundError';
  if (status === 409) return 'ConflictError';
  if (status === 415) return 'ContentTypeError';
  if (status === 429) return 'RateLimitError';
  if (status >= 500) return 'InternalError';
  return 'BadDataError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseDetails(raw: unknown): ApiErrorDetail[] {
  if (!Array.isArray(raw)) return [];
  const details: ApiErrorDetail[] = [];
  for (const item of raw) {
    if (!isRecord(item)) continue;
    const message =
      typeof item.message === 'string'
        ? item.message
        : typeof item.description === 'string'
          ? item.description
          : null;
    if (message === null) continue;
    details.push(typeof item.path === 'string' ? { message, path: item.path } : { message });
  }
  return details;
}

/** Builds an ApiError from a status and whatever body came with it (parsed JSON, text or nothing). */
export function parseErrorBody(status: number, body: unknown): ApiError {
  if (isRecord(body)) {
    const shaped = body as Partial<ErrorBody> & Record<string, unknown>;
    const message =
      typeof shaped.message === 'string' && shaped.message
        ? shaped.message
        : typeof shaped.error === 'string'
          ? shaped.error
          : `The server answered ${status}`;
    return new ApiError({
      status,
      errorName: typeof shaped.name === 'string' && shaped.name ? shaped.name : fallbackName(status),
      message,
      ...(typeof shaped.id === 'string' ? { id: shaped.id } : {}),
      details: parseDetails(shaped.details),
      body,
    });
  }
  const text = typeof body === 'string' ? body.trim() : '';
  const looksLikeHtml = text.startsWith('<');
  return new ApiError({
    status,
    errorName: fallbackName(status),
    message: text && !looksLikeHtml && text.length < 300 ? text : `The server answered ${status}`,
  });
}

/** `/body/name` → `name`; `/body` or no path → null (a detail about the whole request). */
export function fieldOf(path: string | undefined): string | null {
  if (!path) return null;
  const match = /^\/body\/(.+)$/.exec(path);
  if (!match?.[1]) return null;
  return match[1]
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export function fieldErrorsFrom(details: readonly ApiErrorDetail[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details) {
    const field = fieldOf(detail.path);
    if (field === null) continue;
    errors[field] = errors[field] ? `${errors[field]} ${detail.message}` : detail.message;
  }
  return errors;
}

/** A sentence for any error the console may meet, for alerts and notices. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
