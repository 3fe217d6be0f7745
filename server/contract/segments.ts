import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { ConstraintSchema } from './client-features';
import { StrategyUsageSchema } from './strategies';

/** Segments (shared/unleash/SCHEMAS.md: adminSegmentSchema, upsertSegmentSchema...). */

export const AdminSegmentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  constraints: Type.Array(ConstraintSchema),
  usedInFeatures: Type.Optional(Nullable(Type.Integer())),
  usedInProjects: Type.Optional(Nullable(Type.Integer())),
  project: Type.Optional(Nullable(Type.String())),
  createdBy: Nullable(Type.String()),
  createdAt: DateTimeSchema,
});
export type AdminSegment = Static<typeof AdminSegmentSchema>;

export const SegmentsSchema = Type.Object({ segments: Type.Array(AdminSegmentSchema) });

export const UpsertSegmentSchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Type.Optional(Nullable(Type.String())),
  project: Type.Optional(Nullable(Type.String())),
  constraints: Type.Array(ConstraintSchema),
});
export type UpsertSegment = Static<typeof UpsertSegmentSchema>;

export const SegmentStrategiesSchema = Type.Object({
  strategies: Type.Array(StrategyUsageSchema),
  changeRequestStrategies: Type.Optional(Type.Array(StrategyUsageSchema)),
});

export const UpdateFeatureStrategySegmentsSchema = Type.Object({
  projectId: Type.String(),
  strategyId: Type.String(),
  environmentId: Type.String(),
  segmentIds: Type.Array(Type.Integer({ minimum: 0 })),
});
export type UpdateFeatureStrategySegments = Static<typeof UpdateFeatureStrategySegmentsSchema>;
