import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorName } from '../../contract';
import { ERROR_STATUS } from '../../contract';
import { isDatabaseUnavailable, isValueRefused } from '../db/pg-errors';
import { ApiError, type ErrorDetail } from '../lib/errors';

interface AjvError {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/**
 * A union of constants (TypeBox's `Union([Literal…])`, Unleash's `enum`) fails as one `const`
 * error per member and an `anyOf` error; Unleash reports one `enum` detail listing the allowed
 * values. Answers the allowed values when `failures[index]` starts such a group, and its length.
 */
function constGroupAt(
  failures: AjvError[],
  index: number,
): { allowed: unknown[]; length: number } | undefined {
  const at = failures[index]?.instancePath;
  let end = index;
  while (failures[end]?.keyword === 'const' && failures[end]?.instancePath === at) end += 1;
  const closing = failures[end];
  if (end === index || closing?.keyword !== 'anyOf' || closing.instancePath !== at) return undefined;
  return {
    allowed: failures.slice(index, end).map((failure) => failure.params?.allowedValue),
    length: end - index + 1,
  };
}

function allowedValuesDetail(path: string, allowed: readonly unknown[]): ErrorDetail {
  const values = allowed.map((value) => JSON.stringify(value)).join(', ');
  return { path, message: `The ${path} property must be one of the allowed values: ${values}` };
}

/**
 * Fastify's validation errors become Unleash's BadDataError. Ajv stops at the first failing
 * field (AJV_OPTIONS.allErrors is false, as Unleash's validator), so there is one detail, or one
 * per branch of a union that failed. A detail's path points at the failing property: the missing
 * one for `required`, the extra one for `additionalProperties` (as Unleash's paths do).
 */
function validationDetails(error: FastifyError): ErrorDetail[] {
  const context = (error as FastifyError & { validationContext?: string }).validationContext ?? 'body';
  const failures = (error.validation ?? []) as AjvError[];
  const details: ErrorDetail[] = [];
  for (let index = 0; index < failures.length; index += 1) {
    const failure = failures[index] as AjvError;
    const path = `/${context}${failure.instancePath ?? ''}`;
    const group = constGroupAt(failures, index);
    if (group) {
      details.push(allowedValuesDetail(path, group.allowed));
      index += group.length - 1;
    } else if (failure.keyword === 'enum' && Array.isArray(failure.params?.allowedValues)) {
      details.push(allowedValuesDetail(path, failure.params.allowedValues));
    } else if (failure.keyword === 'const') {
      details.push(allowedValuesDetail(path, [failure.params?.allowedValue]));
    } else if (failure.keyword === 'required' && typeof failure.params?.missingProperty === 'string') {
      const missing = `${path}/${failure.params.missingProperty}`;
      details.push({ path: missing, message: `The ${missing} property is required` });
    } else if (
      failure.keyword === 'additionalProperties' &&
      typeof failure.params?.additionalProperty === 'string'
    ) {
      details.push({
        path: `${path}/${failure.params.additionalProperty}`,
        message: `The ${path} object does not allow additional properties, but "${failure.params.additionalProperty}" was present`,
      });
    } else {
      details.push({ path, message: `The ${path} property ${failure.message ?? 'is invalid'}` });
    }
  }
  return details;
}

export function toErrorBody(error: ApiError): ErrorBody {
  return {
    id: randomUUID(),
    name: error.errorName,
    message: error.message,
    details: error.details,
    ...error.extra,
  };
}

/**
 * PostgreSQL stopped, frozen or restarting: a retryable 503 with a message that says so (SDKs
 * and the console back off on 503), where a 500 would suggest a bug.
 */
export function databaseUnavailable(cause?: unknown): ApiError {
  return new ApiError(
    'ServiceUnavailableError',
    'The database is unavailable or not responding; the request was not carried out. Retry shortly.',
    { cause },
  );
}

/** Maps anything thrown to an ApiError; unknown errors become a 500 that reveals nothing internal. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const details = validationDetails(fastifyError);
    return new ApiError(
      'BadDataError',
      'Request validation failed: your request body or params contain invalid data. Refer to the `details` list for more information.',
      { details },
    );
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('ContentTypeError', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('BadDataError', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // Unleash (express.json) answers 413 too, though with a bare {message}.
      return new ApiError('PayloadTooLargeError', 'The request body is too large');
  }
  if (isDatabaseUnavailable(error)) return databaseUnavailable(error);
  if (isValueRefused(error)) {
    // The safety net behind the schemas' limits: a value PostgreSQL cannot take is the caller's
    // mistake (400), and the database's message (it may quote SQL) is not passed on.
    return new ApiError('BadDataError', 'The request contains a value that cannot be stored', {
      details: [{ message: 'A value is too long, out of range or not valid for its field' }],
    });
  }
  if (fastifyError.statusCode === 429) return new ApiError('RateLimitError', fastifyError.message);
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const name = (Object.keys(ERROR_STATUS) as ErrorName[]).find(
      (n) => ERROR_STATUS[n] === fastifyError.statusCode,
    );
    return new ApiError(name ?? 'BadDataError', fastifyError.message);
  }
  return new ApiError('InternalError', 'Unexpected error', { cause: error });
}

/**
 * Answers requests no route matched with a page instead of the JSON 404: the console's
 * index.html for a browser navigating to a console path (shared/unleash/API.md §1).
 */
export interface PageFallback {
  isPageRequest(request: FastifyRequest): boolean;
  sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** Fastify's `frameworkErrors`: errors met before routing (a malformed URL) get Unleash's body. */
export function sendFrameworkError(error: unknown, _request: FastifyRequest, reply: FastifyReply): void {
  const apiError = toApiError(error);
  reply.status(apiError.statusCode).type('application/json').send(toErrorBody(apiError));
}

export function registerErrorHandling(
  app: FastifyInstance,
  baseUriPath: string,
  options: { pageFallback?: PageFallback } = {},
): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError.errorName === 'ServiceUnavailableError') {
      request.log.warn({ err: (error as Error).message }, 'request failed: database unavailable');
    } else if (apiError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    reply.headers(apiError.headers);
    reply.status(apiError.statusCode).type('application/json').send(toErrorBody(apiError));
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.pageFallback?.isPageRequest(request)) return options.pageFallback.sendPage(request, reply);
    const path = request.url.split('?')[0] ?? request.url;
    const relative = path.startsWith(baseUriPath) ? path.slice(baseUriPath.length) : path;
    const message = relative.startsWith('/api/')
      ? `The path you were looking for (${path}) is not available.`
      : `The page you were looking for (${path}) does not exist.`;
    const error = new ApiError('NotFoundError', message);
    reply.status(404).type('application/json').send(toErrorBody(error));
  });
}
