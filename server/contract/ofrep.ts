import { type Static, Type } from 'typebox';

/**
 * The OpenFeature Remote Evaluation Protocol (OFREP, github.com/open-feature/protocol,
 * service/openapi.yaml), which Switchyard serves beside Unleash's SDK APIs (issue 17):
 * `POST /ofrep/v1/evaluate/flags/{key}`, `POST /ofrep/v1/evaluate/flags` and
 * `GET /ofrep/v1/configuration`. Field names are the protocol's.
 */

/** OpenFeature reasons Switchyard answers; see server/src/features/ofrep/README.md for the mapping. */
export const OFREP_REASONS = ['TARGETING_MATCH', 'DEFAULT', 'DISABLED'] as const;
export type OfrepReason = (typeof OFREP_REASONS)[number];

export const OfrepEvaluationRequestSchema = Type.Object(
  { context: Type.Optional(Type.Record(Type.String(), Type.Unknown())) },
  { additionalProperties: true },
);
export type OfrepEvaluationRequest = Static<typeof OfrepEvaluationRequestSchema>;

const OfrepMetadataSchema = Type.Record(
  Type.String(),
  Type.Union([Type.Boolean(), Type.String(), Type.Number()]),
);

export const OfrepEvaluationSuccessSchema = Type.Object({
  key: Type.String(),
  reason: Type.Enum(OFREP_REASONS),
  variant: Type.String(),
  value: Type.Union([
    Type.Boolean(),
    Type.String(),
    Type.Number(),
    Type.Record(Type.String(), Type.Unknown()),
    Type.Array(Type.Unknown()),
  ]),
  metadata: OfrepMetadataSchema,
});
export type OfrepEvaluationSuccess = Static<typeof OfrepEvaluationSuccessSchema>;

export const OFREP_ERROR_CODES = [
  'PARSE_ERROR',
  'TARGETING_KEY_MISSING',
  'INVALID_CONTEXT',
  'GENERAL',
  'FLAG_NOT_FOUND',
] as const;
export type OfrepErrorCode = (typeof OFREP_ERROR_CODES)[number];

/** A failed evaluation of one flag (in a 400/404 answer, or as an entry of a bulk answer). */
export const OfrepEvaluationFailureSchema = Type.Object({
  key: Type.String(),
  errorCode: Type.Enum(OFREP_ERROR_CODES),
  errorDetails: Type.Optional(Type.String()),
});
export type OfrepEvaluationFailure = Static<typeof OfrepEvaluationFailureSchema>;

export const OfrepBulkEvaluationSuccessSchema = Type.Object({
  flags: Type.Array(Type.Union([OfrepEvaluationSuccessSchema, OfrepEvaluationFailureSchema])),
});
export type OfrepBulkEvaluationSuccess = Static<typeof OfrepBulkEvaluationSuccessSchema>;

/** A bulk request refused as a whole (400). */
export const OfrepBulkEvaluationFailureSchema = Type.Object({
  errorCode: Type.Enum(OFREP_ERROR_CODES),
  errorDetails: Type.Optional(Type.String()),
});

export const OfrepConfigurationSchema = Type.Object({
  name: Type.String(),
  capabilities: Type.Object({
    cacheInvalidation: Type.Object({
      polling: Type.Object({ enabled: Type.Boolean(), minPollingIntervalMs: Type.Number() }),
    }),
    flagEvaluation: Type.Object({
      supportedTypes: Type.Array(
        Type.Union([
          Type.Literal('boolean'),
          Type.Literal('string'),
          Type.Literal('int'),
          Type.Literal('float'),
          Type.Literal('object'),
        ]),
      ),
    }),
  }),
});
export type OfrepConfiguration = Static<typeof OfrepConfigurationSchema>;
