import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/** Context fields (shared/unleash/SCHEMAS.md: contextFieldSchema, createContextFieldSchema...). */

export const LegalValueSchema = Type.Object({
  value: Type.String(),
  description: Type.Optional(Type.String()),
});
export type LegalValue = Static<typeof LegalValueSchema>;

export const ContextFieldSchema = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  stickiness: Type.Boolean(),
  sortOrder: Type.Integer(),
  createdAt: Nullable(DateTimeSchema),
  usedInFeatures: Type.Optional(Nullable(Type.Integer())),
  usedInProjects: Type.Optional(Nullable(Type.Integer())),
  legalValues: Type.Array(LegalValueSchema),
  project: Type.Optional(Type.String()),
});
export type ContextField = Static<typeof ContextFieldSchema>;

export const ContextFieldsSchema = Type.Array(ContextFieldSchema);

export const CreateContextFieldSchema = Type.Object({
  name: Type.String(),
  description: Type.Optional(Type.String()),
  stickiness: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer()),
  legalValues: Type.Optional(Type.Array(LegalValueSchema)),
  project: Type.Optional(Type.String()),
});
export type CreateContextField = Static<typeof CreateContextFieldSchema>;

export const UpdateContextFieldSchema = Type.Object({
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  stickiness: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer()),
  legalValues: Type.Optional(Type.Array(LegalValueSchema)),
  project: Type.Optional(Type.String()),
});
export type UpdateContextField = Static<typeof UpdateContextFieldSchema>;
