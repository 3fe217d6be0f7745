import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * The flag lifecycle (shared/unleash/API.md lines ~749, ~779-781; featureLifecycleSchema,
 * featureLifecycleCompletedSchema, featureLifecycleCountSchema).
 */

export const LIFECYCLE_STAGES = ['initial', 'pre-live', 'live', 'completed', 'archived'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

export const LifecycleStageSchema = Type.Enum(LIFECYCLE_STAGES);

/** One stage a flag entered; `status` (kept / discarded) only on `completed`. */
export const FeatureLifecycleStageSchema = Type.Object({
  stage: LifecycleStageSchema,
  status: Type.Optional(Type.String()),
  enteredStageAt: DateTimeSchema,
});
export type FeatureLifecycleStage = Static<typeof FeatureLifecycleStageSchema>;

export const FeatureLifecycleSchema = Type.Array(FeatureLifecycleStageSchema);
export type FeatureLifecycle = Static<typeof FeatureLifecycleSchema>;

/** The `lifecycle` field of search results and flags: the stage a flag is in now. */
export const CurrentLifecycleSchema = Type.Object({
  stage: LifecycleStageSchema,
  status: Type.Optional(Nullable(Type.String())),
  enteredStageAt: DateTimeSchema,
});
export type CurrentLifecycle = Static<typeof CurrentLifecycleSchema>;

export const COMPLETION_STATUSES = ['kept', 'discarded'] as const;

export const FeatureLifecycleCompletedSchema = Type.Object({
  status: Type.Enum(COMPLETION_STATUSES),
  statusValue: Type.Optional(Type.String()),
});
export type FeatureLifecycleCompleted = Static<typeof FeatureLifecycleCompletedSchema>;

export const FeatureLifecycleCountSchema = Type.Object({
  initial: Type.Number(),
  preLive: Type.Number(),
  live: Type.Number(),
  completed: Type.Number(),
  archived: Type.Number(),
});
export type FeatureLifecycleCount = Static<typeof FeatureLifecycleCountSchema>;
