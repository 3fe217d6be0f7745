import { type Static, Type } from 'typebox';

/** Unleash's error body (shared/unleash/API.md §1): clients match on `name`, never on `message`. */
export const ErrorDetailSchema = Type.Object(
  {
    message: Type.String(),
    path: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const ErrorBodySchema = Type.Object(
  {
    id: Type.Optional(Type.String()),
    name: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Array(ErrorDetailSchema)),
  },
  { $id: 'ErrorBody', additionalProperties: true },
);
export type ErrorBody = Static<typeof ErrorBodySchema>;

/** Error names used on the wire, mapped to their HTTP status as Unleash does. */
export const ERROR_STATUS = {
  BadDataError: 400,
  ValidationError: 400,
  OwaspValidationError: 400,
  PatternError: 400,
  RoleInUseError: 400,
  MinimumOneEnvironmentError: 400,
  ArchivedFeatureError: 400,
  ExceedsLimitError: 400,
  AuthenticationRequired: 401,
  UnauthorizedError: 401,
  InvalidTokenError: 401,
  PasswordMismatch: 401,
  ForbiddenError: 403,
  NoAccessError: 403,
  PermissionError: 403,
  IncompatibleProjectError: 403,
  InvalidOperationError: 403,
  OperationDeniedError: 403,
  NotFoundError: 404,
  NotImplementedError: 405,
  NameExistsError: 409,
  ConflictError: 409,
  FeatureHasTagError: 409,
  PayloadTooLargeError: 413,
  ContentTypeError: 415,
  DisabledError: 422,
  RateLimitError: 429,
  InternalError: 500,
  ServiceUnavailableError: 503,
  // Switchyard's name for Unleash's maintenance refusal (API.md §1 "Maintenance mode").
  MaintenanceModeError: 503,
} as const;
export type ErrorName = keyof typeof ERROR_STATUS;
