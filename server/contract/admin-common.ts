import { type Static, type TSchema, Type } from 'typebox';

/**
 * Building blocks shared by the admin API schemas (shared/unleash/SCHEMAS.md): error responses,
 * empty bodies, `nameSchema`, JSON Patch and the `IS:`/`IS_ANY_OF:` query filters.
 */

/** The error body as a response schema; without an `$id`, so a route may list it under many codes. */
export const ErrorResponseSchema = Type.Object(
  {
    id: Type.Optional(Type.String()),
    name: Type.String(),
    message: Type.String(),
    details: Type.Optional(
      Type.Array(
        Type.Object(
          { message: Type.String(), path: Type.Optional(Type.String()) },
          { additionalProperties: true },
        ),
      ),
    ),
  },
  { additionalProperties: true, description: 'Unleash error body' },
);

/** Response schemas for the error statuses a route can answer. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema]));
}

/**
 * A success without a body (Unleash answers 200/202/204 with nothing). Typed `void` so that
 * handlers end with `reply.send()`, which Fastify sends as an empty body.
 */
export const EmptyResponseSchema = Type.Unsafe<void>({ type: 'null', description: 'No content' });

export const NameSchema = Type.Object({ name: Type.String() }, { additionalProperties: false });
export type NameBody = Static<typeof NameSchema>;

export const PatchOperationSchema = Type.Object(
  {
    path: Type.String(),
    op: Type.Union([
      Type.Literal('add'),
      Type.Literal('remove'),
      Type.Literal('replace'),
      Type.Literal('copy'),
      Type.Literal('move'),
      Type.Literal('test'),
    ]),
    from: Type.Optional(Type.String()),
    value: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);
export const PatchesSchema = Type.Array(PatchOperationSchema);
export type Patches = Static<typeof PatchesSchema>;

/** A nullable value, as Unleash's OpenAPI writes `type|null`. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

export const DateTimeSchema = Type.String({ format: 'date-time' });

/** Who created something, as the admin UI shows it. */
export const CreatedBySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  imageUrl: Type.String(),
});
export type CreatedBy = Static<typeof CreatedBySchema>;

/** A URL path segment parameter. */
export const ProjectParamsSchema = Type.Object({ projectId: Type.String() });
export type ProjectParams = Static<typeof ProjectParamsSchema>;
