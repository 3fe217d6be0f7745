import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import {
  CreateSafeguardSchema,
  ReleasePlanMilestoneSchema,
  ReleasePlanSafeguardSchema,
  ReleasePlanSchema,
  ReleasePlanTemplateIdSchema,
  UpdateMilestoneStrategySchema,
} from './release-plans';

/**
 * A release plan as the console reads it (issue 14): Unleash's releasePlanSchema plus what the
 * flag page shows at a glance, computed by the server so every client agrees: each milestone's
 * progression target, each safeguard's last trigger, whether automatic progression is paused
 * and when the next one comes due. Only additions: an Unleash client ignores them.
 */
export const ReleasePlanProgressMilestoneSchema = Type.Object({
  ...ReleasePlanMilestoneSchema.properties,
  /** Where the progression out of this milestone leads; null when it has none. */
  targetMilestone: Type.Optional(Nullable(Type.String())),
});

// Spelled out: the template-wide schemas build these unions from arrays, which types them as never.
const TimeRangeSchema = Type.Union([
  Type.Literal('hour'),
  Type.Literal('day'),
  Type.Literal('week'),
  Type.Literal('month'),
]);
const AggregationModeSchema = Type.Union([
  Type.Literal('rps'),
  Type.Literal('count'),
  Type.Literal('avg'),
  Type.Literal('sum'),
  Type.Literal('p95'),
  Type.Literal('p99'),
  Type.Literal('p50'),
]);

export const ReleasePlanProgressSafeguardSchema = Type.Object({
  ...ReleasePlanSafeguardSchema.properties,
  impactMetric: Type.Object({
    ...ReleasePlanSafeguardSchema.properties.impactMetric.properties,
    timeRange: TimeRangeSchema,
    aggregationMode: AggregationModeSchema,
  }),
  /** When the safeguard last paused the plan; cleared by a resume or a change. */
  triggeredAt: Type.Optional(Nullable(DateTimeSchema)),
});

export const ReleasePlanProgressSchema = Type.Object({
  ...ReleasePlanSchema.properties,
  milestones: Type.Array(ReleasePlanProgressMilestoneSchema),
  safeguards: Type.Optional(Type.Array(ReleasePlanProgressSafeguardSchema)),
  progressionsPaused: Type.Optional(Type.Boolean()),
  /** When the active milestone's progression comes due; null when none is pending. */
  nextProgressionAt: Type.Optional(Nullable(DateTimeSchema)),
});
export type ReleasePlanProgress = Static<typeof ReleasePlanProgressSchema>;

export const ReleasePlansProgressSchema = Type.Array(ReleasePlanProgressSchema);

/**
 * The body of changeMilestoneProgression: after an interval (the default type), or once the flag
 * has been evaluated `minimumExposures` times in the environment since the milestone started.
 */
export const ChangeTimedProgressionSchema = Type.Object({
  targetMilestone: Type.String({ minLength: 1, maxLength: 100 }),
  transitionCondition: Type.Union([
    Type.Object({
      type: Type.Optional(Type.Literal('time')),
      // Up to a year: longer intervals are a mistake, and the bound keeps the due-time arithmetic in range.
      intervalMinutes: Type.Integer({ minimum: 1, maximum: 525_600 }),
    }),
    Type.Object({
      type: Type.Literal('exposure'),
      // Within a double's exact integers, so the comparison with summed counts stays exact.
      minimumExposures: Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 }),
    }),
  ]),
});

// ---- Change-request actions on release plans (changeRequestCreateSchema) --------------------

const id = Type.String({ minLength: 1, maxLength: 100 });

/** The payload of each release-plan change action this server applies (Unleash's names and shapes). */
export const RELEASE_PLAN_CHANGE_PAYLOAD_SCHEMAS = {
  // The strategy to change is named by `id` (as in updateStrategy); `milestoneId` is optional.
  updateMilestoneStrategy: Type.Intersect([
    Type.Object({ id, milestoneId: Type.Optional(id) }),
    UpdateMilestoneStrategySchema,
  ]),
  addReleasePlan: ReleasePlanTemplateIdSchema,
  startMilestone: Type.Object({ planId: id, milestoneId: id }),
  deleteReleasePlan: Type.Object({ planId: id }),
  changeMilestoneProgression: Type.Object({
    sourceMilestone: id,
    targetMilestone: ChangeTimedProgressionSchema.properties.targetMilestone,
    transitionCondition: ChangeTimedProgressionSchema.properties.transitionCondition,
  }),
  deleteMilestoneProgression: Type.Object({ sourceMilestone: id }),
  resumeMilestoneProgression: Type.Object({ planId: id }),
  changeSafeguard: Type.Object({ planId: id, safeguard: CreateSafeguardSchema }),
  deleteSafeguard: Type.Object({ planId: id, safeguardId: id }),
} as const;
export type ReleasePlanChangeAction = keyof typeof RELEASE_PLAN_CHANGE_PAYLOAD_SCHEMAS;
