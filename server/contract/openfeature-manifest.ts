import { type Static, Type } from 'typebox';

/**
 * OpenFeature's Manifest Management API (issue 36 §3; open-feature/cli `api/v0/sync.yaml`): a
 * manifest-friendly view of one project's flags for `openfeature pull`/`push`, so `openfeature
 * generate` writes typed accessors for a codebase. Wire types shared by server and console.
 */

export const MANIFEST_LIMITS = {
  keyLength: 100,
  nameLength: 255,
  descriptionLength: 2000,
  /** A default value is code's fallback: a string or object default stays small. */
  defaultValueBytes: 8192,
} as const;

export const ManifestFlagTypeSchema = Type.Union([
  Type.Literal('boolean'),
  Type.Literal('string'),
  Type.Literal('integer'),
  Type.Literal('object'),
]);
export type ManifestFlagType = Static<typeof ManifestFlagTypeSchema>;

/** FlagDefaultValue: boolean, string, integer or object (checked against `type` by the server). */
export const ManifestDefaultValueSchema = Type.Union([
  Type.Boolean(),
  Type.String(),
  Type.Integer(),
  Type.Record(Type.String(), Type.Unknown()),
]);
export type ManifestDefaultValue = Static<typeof ManifestDefaultValueSchema>;

export const ManifestFlagSchema = Type.Object({
  key: Type.String(),
  name: Type.Optional(Type.String()),
  type: ManifestFlagTypeSchema,
  description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  defaultValue: ManifestDefaultValueSchema,
});
export type ManifestFlag = Static<typeof ManifestFlagSchema>;

export const ManifestEnvelopeSchema = Type.Object({ flags: Type.Array(ManifestFlagSchema) });
export type ManifestEnvelope = Static<typeof ManifestEnvelopeSchema>;

export const ManifestFlagResponseSchema = Type.Object({
  flag: ManifestFlagSchema,
  updatedAt: Type.String({ format: 'date-time' }),
});
export type ManifestFlagResponse = Static<typeof ManifestFlagResponseSchema>;

export const ManifestArchiveResponseSchema = Type.Object({
  message: Type.String(),
  archivedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/**
 * A default value as sent: any JSON, checked against the flag's `type` by the server without
 * coercion (bodies are coerced as Unleash coerces them, which would read `3` as `"3"` or `1` as
 * `true` in a union of types).
 */
const SentDefaultValueSchema = Type.Unknown({
  description: 'boolean, string, integer or object, as `type` says',
});

/** The body of POST …/manifest/flags. */
export const ManifestCreateFlagSchema = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: MANIFEST_LIMITS.keyLength }),
    type: ManifestFlagTypeSchema,
    name: Type.Optional(Type.String({ maxLength: MANIFEST_LIMITS.nameLength })),
    description: Type.Optional(
      Type.Union([Type.String({ maxLength: MANIFEST_LIMITS.descriptionLength }), Type.Null()]),
    ),
    defaultValue: SentDefaultValueSchema,
  },
  { additionalProperties: false },
);
export type ManifestCreateFlag = Static<typeof ManifestCreateFlagSchema>;

/** The body of PUT …/manifest/flags/{key}: defaultValue may be left out (kept as it is). */
export const ManifestUpdateFlagSchema = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: MANIFEST_LIMITS.keyLength }),
    type: ManifestFlagTypeSchema,
    name: Type.Optional(Type.String({ maxLength: MANIFEST_LIMITS.nameLength })),
    description: Type.Optional(
      Type.Union([Type.String({ maxLength: MANIFEST_LIMITS.descriptionLength }), Type.Null()]),
    ),
    defaultValue: Type.Optional(SentDefaultValueSchema),
  },
  { additionalProperties: false },
);
export type ManifestUpdateFlag = Static<typeof ManifestUpdateFlagSchema>;

export const ManifestErrorSchema = Type.Object({
  error: Type.Object({
    message: Type.String(),
    status: Type.Integer(),
    /** Unleash's error name (`PermissionError`, `NotFoundError`…): a Switchyard addition. */
    name: Type.Optional(Type.String()),
    details: Type.Optional(
      Type.Array(
        Type.Object({
          field: Type.Optional(Type.String()),
          code: Type.Optional(Type.String()),
          message: Type.Optional(Type.String()),
        }),
      ),
    ),
  }),
});
export type ManifestError = Static<typeof ManifestErrorSchema>;
