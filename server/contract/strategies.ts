import { type Static, Type } from 'typebox';
import { Nullable } from './admin-common';

/** Strategy definitions (`/api/admin/strategies`; shared/unleash/SCHEMAS.md: strategySchema). */

export const StrategyParameterTypeSchema = Type.Union([
  Type.Literal('string'),
  Type.Literal('percentage'),
  Type.Literal('list'),
  Type.Literal('number'),
  Type.Literal('boolean'),
]);

export const StrategyParameterDefinitionSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  type: StrategyParameterTypeSchema,
  description: Type.Optional(Type.String()),
  required: Type.Optional(Type.Boolean()),
});
export type StrategyParameterDefinition = Static<typeof StrategyParameterDefinitionSchema>;

export const StrategyDefinitionSchema = Type.Object({
  name: Type.String(),
  title: Nullable(Type.String()),
  displayName: Nullable(Type.String()),
  description: Nullable(Type.String()),
  editable: Type.Boolean(),
  deprecated: Type.Boolean(),
  parameters: Type.Array(
    Type.Object({
      name: Type.String(),
      type: Type.String(),
      description: Type.String(),
      required: Type.Boolean(),
    }),
  ),
});
export type StrategyDefinition = Static<typeof StrategyDefinitionSchema>;

export const StrategyDefinitionsSchema = Type.Object({
  version: Type.Integer(),
  strategies: Type.Array(StrategyDefinitionSchema),
});

export const CreateStrategySchema = Type.Object({
  name: Type.String(),
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  editable: Type.Optional(Type.Boolean()),
  deprecated: Type.Optional(Type.Boolean()),
  parameters: Type.Array(StrategyParameterDefinitionSchema),
});
export type CreateStrategy = Static<typeof CreateStrategySchema>;

export const UpdateStrategySchema = Type.Object({
  name: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  parameters: Type.Array(StrategyParameterDefinitionSchema),
});
export type UpdateStrategy = Static<typeof UpdateStrategySchema>;

/** Where a segment or context field is used: one row per strategy. */
export const StrategyUsageSchema = Type.Object({
  id: Type.String(),
  featureName: Type.String(),
  projectId: Type.String(),
  environment: Type.String(),
  strategyName: Type.String(),
});
export const ContextFieldStrategiesSchema = Type.Object({ strategies: Type.Array(StrategyUsageSchema) });
