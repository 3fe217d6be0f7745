import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * Personal access tokens and service-account tokens (shared/unleash/SCHEMAS.md patSchema,
 * patsSchema, createPatSchema; API.md §4.1). The secret (`user:<hex>`) is in the creation
 * answer only.
 */

export const PatSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  secret: Type.Optional(Type.String()),
  createdAt: DateTimeSchema,
  seenAt: Type.Optional(Nullable(DateTimeSchema)),
  userId: Type.Optional(Type.Integer()),
  expiryWarning: Type.Optional(Type.Union([Type.Literal('expires-soon'), Type.Literal('expired')])),
  description: Type.String(),
  expiresAt: DateTimeSchema,
});
export type Pat = Static<typeof PatSchema>;

export const PatsSchema = Type.Object({ pats: Type.Array(PatSchema) });
export type Pats = Static<typeof PatsSchema>;

export const CreatePatSchema = Type.Object(
  { description: Type.String({ minLength: 1 }), expiresAt: DateTimeSchema },
  { additionalProperties: false },
);
export type CreatePat = Static<typeof CreatePatSchema>;

export const PatIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 0 }) });
