import { type Static, Type } from 'typebox';
import { Nullable } from './admin-common';

/** Feature types and their expected lifetime (shared/unleash/API.md §7.2). */

export const FeatureTypeSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  lifetimeDays: Nullable(Type.Integer({ minimum: 0 })),
});
export type FeatureType = Static<typeof FeatureTypeSchema>;

export const FeatureTypesSchema = Type.Object({
  version: Type.Integer(),
  types: Type.Array(FeatureTypeSchema),
});

export const UpdateFeatureTypeLifetimeSchema = Type.Object({
  lifetimeDays: Nullable(Type.Integer({ minimum: 0, maximum: 2147483647 })),
});
