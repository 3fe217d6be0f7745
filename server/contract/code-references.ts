import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * Code references (issue 37 §1): where a flag is used in the operator's repositories, pushed by
 * `switchyard code-refs scan --push` (plain references and a few context lines, never files).
 */
export const CODE_REFERENCE_LIMITS = {
  repositoriesKept: 500,
  referencesPerPush: 10_000,
  referencesPerFlag: 100,
  contextLines: 5,
  contextLineChars: 200,
  pathLength: 1000,
  nameLength: 200,
} as const;

const L = CODE_REFERENCE_LIMITS;

export const CodeReferenceKindSchema = Type.Union([
  Type.Literal('isEnabled'),
  Type.Literal('getVariant'),
  Type.Literal('useFlag'),
  Type.Literal('useVariant'),
  Type.Literal('openfeature'),
  Type.Literal('mention'),
]);

export const CodeReferenceInputSchema = Type.Object(
  {
    flag: Type.String({ minLength: 1, maxLength: L.nameLength }),
    path: Type.String({ minLength: 1, maxLength: L.pathLength }),
    line: Type.Integer({ minimum: 1 }),
    kind: CodeReferenceKindSchema,
    context: Type.Array(Type.String({ maxLength: L.contextLineChars }), { maxItems: L.contextLines }),
    lastChangedAt: Type.Optional(Nullable(DateTimeSchema)),
  },
  { additionalProperties: false },
);

export const CodeReferencePushSchema = Type.Object(
  {
    repository: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: L.nameLength }),
        url: Type.Optional(Nullable(Type.String({ maxLength: L.pathLength }))),
        branch: Type.Optional(Nullable(Type.String({ maxLength: L.nameLength }))),
        commit: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
      },
      { additionalProperties: false },
    ),
    references: Type.Array(CodeReferenceInputSchema, { maxItems: L.referencesPerPush }),
  },
  { additionalProperties: false },
);
export type CodeReferencePush = Static<typeof CodeReferencePushSchema>;

export const CodeReferencePushResultSchema = Type.Object({
  repository: Type.String(),
  stored: Type.Integer(),
  /** References to flags this server does not have, or beyond the per-flag bound: not stored. */
  ignored: Type.Integer(),
});

export const FlagCodeReferencesSchema = Type.Object({
  flag: Type.String(),
  total: Type.Integer(),
  lastSeenInCode: Nullable(DateTimeSchema),
  repositories: Type.Array(
    Type.Object({
      name: Type.String(),
      url: Nullable(Type.String()),
      branch: Nullable(Type.String()),
      commit: Nullable(Type.String()),
      scannedAt: DateTimeSchema,
      references: Type.Array(
        Type.Object({
          path: Type.String(),
          line: Type.Integer(),
          kind: Type.String(),
          context: Type.Array(Type.String()),
          lastChangedAt: Nullable(DateTimeSchema),
          /** A link to the line on the repository's host, when its URL is a known host's. */
          link: Nullable(Type.String()),
        }),
      ),
    }),
  ),
});
export type FlagCodeReferences = Static<typeof FlagCodeReferencesSchema>;

export const CodeReferenceCountsSchema = Type.Object({
  flags: Type.Array(
    Type.Object({ flag: Type.String(), references: Type.Integer(), repositories: Type.Integer() }),
  ),
});
export type CodeReferenceCounts = Static<typeof CodeReferenceCountsSchema>;
