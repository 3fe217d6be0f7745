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

/** Fastify's validation errors become Unleash's BadDataError with one detail per failing field. */
function validationDetails(error: FastifyError): ErrorDetail[] {
  const context = (error as FastifyError & { validationContext?: string }).validationContext ?? 'body';
  const failures = (error.validation ?? []) as AjvError[];
  return failures.map((failure) => {
    let path = `/${context}${failure.instancePath ?? ''}`;
    if (failure.keyword === 'required' && typeof failure.params?.missingProperty === 'string') {
      path = `${path}/${failure.params.missingProperty}`;
    }
    if (
      failure.keyword === 'additionalProperties' &&
      typeof failure.params?.additionalProperty === 'string'
    ) {
      return {
        path,
        message: `The ${path} object does not allow additional properties, but "${failure.params.additionalProperty}" was present`,
      };
    }
    return { path, message: `The ${path} property ${failure.message ?? 'is invalid'}` };
  });
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
