import { type Static, Type } from 'typebox';

/** Dependencies between flags (shared/unleash/API.md §5.6; createDependentFeatureSchema). */

export const CreateDependentFeatureSchema = Type.Object({
  feature: Type.String(),
  enabled: Type.Optional(Type.Boolean()),
  variants: Type.Optional(Type.Array(Type.String())),
});
export type CreateDependentFeature = Static<typeof CreateDependentFeatureSchema>;

export const ParentFeatureOptionsSchema = Type.Array(Type.String());
export const DependenciesExistSchema = Type.Boolean();
