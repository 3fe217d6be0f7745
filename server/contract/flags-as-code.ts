import { type Static, Type } from 'typebox';
import { ConstraintSchema, StrategyVariantSchema, VariantSchema } from './client-features';

/**
 * Flags as code (issue 36 §2): a project's desired state as a document that `switchyard export`
 * writes, a person edits in a repository, and `switchyard plan|apply` compares with and carries
 * to the server. The YAML file and this JSON body have the same shape; unknown fields are refused.
 * docs/automation.md "Flags as code" documents it; schemas/flags-as-code.schema.json is the
 * editors' copy.
 */

export const FLAGS_AS_CODE_LIMITS = { flags: 2000, strategies: 30, tags: 100, dependencies: 50 } as const;

const Name = Type.String({ minLength: 1, maxLength: 255 });

export const CodeStrategySchema = Type.Object(
  {
    name: Name,
    title: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    parameters: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    constraints: Type.Optional(Type.Array(ConstraintSchema, { maxItems: 100 })),
    segments: Type.Optional(Type.Array(Name, { maxItems: 100 })),
    variants: Type.Optional(Type.Array(StrategyVariantSchema, { maxItems: 100 })),
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CodeStrategy = Static<typeof CodeStrategySchema>;

export const CodeEnvironmentSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    strategies: Type.Optional(Type.Array(CodeStrategySchema, { maxItems: FLAGS_AS_CODE_LIMITS.strategies })),
    variants: Type.Optional(Type.Array(VariantSchema, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type CodeEnvironment = Static<typeof CodeEnvironmentSchema>;

export const CodeDependencySchema = Type.Object(
  {
    feature: Name,
    enabled: Type.Optional(Type.Boolean()),
    variants: Type.Optional(Type.Array(Type.String(), { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type CodeDependency = Static<typeof CodeDependencySchema>;

export const CodeFlagSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.~-]+$' }),
    type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    impressionData: Type.Optional(Type.Boolean()),
    tags: Type.Optional(
      Type.Array(Type.String({ pattern: '^[^:]+:.+$' }), { maxItems: FLAGS_AS_CODE_LIMITS.tags }),
    ),
    environments: Type.Optional(Type.Record(Type.String({ minLength: 1 }), CodeEnvironmentSchema)),
    dependencies: Type.Optional(
      Type.Array(CodeDependencySchema, { maxItems: FLAGS_AS_CODE_LIMITS.dependencies }),
    ),
  },
  { additionalProperties: false },
);
export type CodeFlag = Static<typeof CodeFlagSchema>;

export const FlagsAsCodeDocumentSchema = Type.Object(
  {
    project: Type.String({ minLength: 1, maxLength: 100 }),
    flags: Type.Array(CodeFlagSchema, { maxItems: FLAGS_AS_CODE_LIMITS.flags }),
  },
  { additionalProperties: false },
);
export type FlagsAsCodeDocument = Static<typeof FlagsAsCodeDocumentSchema>;

export const FlagsAsCodeFieldChangeSchema = Type.Object({
  path: Type.String(),
  from: Type.Unknown(),
  to: Type.Unknown(),
});
export type FlagsAsCodeFieldChange = Static<typeof FlagsAsCodeFieldChangeSchema>;

export const FlagsAsCodeChangeSchema = Type.Object({
  flag: Type.String(),
  action: Type.Union([Type.Literal('create'), Type.Literal('change'), Type.Literal('archive')]),
  fields: Type.Array(FlagsAsCodeFieldChangeSchema),
});
export type FlagsAsCodeChange = Static<typeof FlagsAsCodeChangeSchema>;

export const FlagsAsCodePlanSchema = Type.Object({ changes: Type.Array(FlagsAsCodeChangeSchema) });
export type FlagsAsCodePlan = Static<typeof FlagsAsCodePlanSchema>;

export const FlagsAsCodeApplySchema = Type.Object({
  changes: Type.Array(FlagsAsCodeChangeSchema),
  applied: Type.Array(Type.String()),
  refused: Type.Array(Type.Object({ flag: Type.String(), name: Type.String(), message: Type.String() })),
  /** Changes to environments under change requests, submitted as change requests (one per environment). */
  proposed: Type.Array(
    Type.Object({
      flag: Type.String(),
      environment: Type.String(),
      changeRequestId: Type.Integer(),
      state: Type.String(),
    }),
  ),
});
export type FlagsAsCodeApply = Static<typeof FlagsAsCodeApplySchema>;
