import { type Static, Type } from 'typebox';
import { Nullable } from './admin-common';
import { CreateFeatureStrategySchema } from './features';

/** Environments (shared/unleash/SCHEMAS.md: environmentSchema, createEnvironmentSchema...). */

export const ENVIRONMENT_NAME_PATTERN = '^[a-zA-Z0-9~_.-]+$';

export const EnvironmentSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  enabled: Type.Boolean(),
  protected: Type.Boolean(),
  sortOrder: Type.Integer(),
  requiredApprovals: Nullable(Type.Integer()),
  projectCount: Type.Optional(Nullable(Type.Integer())),
  enabledToggleCount: Type.Optional(Nullable(Type.Integer())),
});
export type Environment = Static<typeof EnvironmentSchema>;

export const EnvironmentsSchema = Type.Object({
  version: Type.Integer(),
  environments: Type.Array(EnvironmentSchema),
});

export const EnvironmentProjectSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  enabled: Type.Boolean(),
  protected: Type.Boolean(),
  sortOrder: Type.Integer(),
  requiredApprovals: Nullable(Type.Integer()),
  projectApiTokenCount: Type.Integer(),
  projectEnabledToggleCount: Type.Integer(),
  defaultStrategy: Type.Optional(CreateFeatureStrategySchema),
  visible: Type.Boolean(),
});
export const EnvironmentsProjectSchema = Type.Object({
  version: Type.Integer(),
  environments: Type.Array(EnvironmentProjectSchema),
});

export const CreateEnvironmentSchema = Type.Object({
  name: Type.String({ pattern: ENVIRONMENT_NAME_PATTERN, maxLength: 100 }),
  type: Type.String({ minLength: 1 }),
  enabled: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer()),
  requiredApprovals: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});
export type CreateEnvironment = Static<typeof CreateEnvironmentSchema>;

export const UpdateEnvironmentSchema = Type.Object({
  type: Type.Optional(Type.String({ minLength: 1 })),
  sortOrder: Type.Optional(Type.Integer()),
  requiredApprovals: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});
export type UpdateEnvironment = Static<typeof UpdateEnvironmentSchema>;

export const CloneEnvironmentSchema = Type.Object({
  name: Type.String({ pattern: ENVIRONMENT_NAME_PATTERN, maxLength: 100 }),
  type: Type.String({ minLength: 1 }),
  projects: Type.Optional(Type.Array(Type.String())),
  clonePermissions: Type.Optional(Type.Boolean()),
});
export type CloneEnvironment = Static<typeof CloneEnvironmentSchema>;

/** `{environmentName: sortOrder}`. */
export const SortOrderSchema = Type.Record(Type.String(), Type.Integer());
