import { ApiError } from './errors';

const PREFIX = 'Request validation failed: your request body or params contain invalid data';

/**
 * A field-level validation failure, worded as Unleash words its schema failures: the message
 * points at `details`, which holds the specific text (e.g. `"name" must be URL friendly...`).
 */
export function invalidField(detail: string): ApiError {
  return new ApiError('BadDataError', `${PREFIX}. Refer to the \`details\` list for more information.`, {
    details: [{ message: detail }],
  });
}

/** A rule the request breaks, worded as Unleash's service-level validation: the rule in both places. */
export function invalidRequest(detail: string): ApiError {
  return new ApiError('BadDataError', `${PREFIX}: ${detail}`, { details: [{ message: detail }] });
}

/** `"<field>" must be URL friendly. You provided "<value>".` */
export function notUrlFriendly(field: string, value: string): ApiError {
  return invalidField(`"${field}" must be URL friendly. You provided "${value}".`);
}
