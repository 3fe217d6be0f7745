import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import { ConstraintSchema, StrategyParametersSchema, StrategyVariantSchema } from './client-features';

/**
 * Release templates, release plans, milestones, progressions and safeguards (issue 14;
 * shared/unleash/API.md "Release Templates (21)" and §10.2, SCHEMAS.md `releasePlan*`,
 * `releasePlanTemplate*`, `releasePlanMilestone*`, `milestoneProgression*`, `createSafeguardSchema`,
 * `transitionConditionSchema`): the wire types of all 21 operations, shared by server and console.
 */

/** Bounds that keep a template small enough to edit and to copy onto a flag in one transaction. */
export const RELEASE_PLAN_LIMITS = {
  nameLength: 255,
  descriptionLength: 2000,
  milestonesPerDefinition: 20,
  strategiesPerMilestone: 30,
  strategyTitleLength: 255,
} as const;

// ---- Milestone strategies ------------------------------------------------------------------

/** releasePlanMilestoneStrategySchema: a strategy a milestone puts on the flag when it starts. */
export const ReleasePlanMilestoneStrategySchema = Type.Object({
  id: Type.String(),
  milestoneId: Type.String(),
  sortOrder: Type.Number(),
  title: Type.Optional(Nullable(Type.String())),
  /** The strategy definition's name; the same value as `strategyName` (Unleash sends both). */
  name: Type.String(),
  strategyName: Type.String(),
  parameters: Type.Optional(StrategyParametersSchema),
  constraints: Type.Optional(Type.Array(ConstraintSchema)),
  variants: Type.Optional(Type.Array(StrategyVariantSchema)),
  segments: Type.Optional(Type.Array(Type.Number())),
  disabled: Type.Optional(Nullable(Type.Boolean())),
});
export type ReleasePlanMilestoneStrategy = Static<typeof ReleasePlanMilestoneStrategySchema>;

/**
 * A milestone strategy as sent to create one: the fields of createFeatureStrategySchema, naming
 * the strategy by `name` or `strategyName` (Unleash's console sends `strategyName`). Parameters are
 * coerced to strings and validated against the strategy definition by the server, as for flags.
 */
export const MilestoneStrategyInputSchema = Type.Object({
  name: Type.Optional(Type.String()),
  strategyName: Type.Optional(Type.String()),
  title: Type.Optional(Nullable(Type.String())),
  disabled: Type.Optional(Nullable(Type.Boolean())),
  sortOrder: Type.Optional(Type.Number()),
  constraints: Type.Optional(Type.Array(ConstraintSchema)),
  variants: Type.Optional(Type.Array(StrategyVariantSchema)),
  parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  segments: Type.Optional(Type.Array(Type.Number())),
  /** Ignored on create; on a template update it keeps an existing strategy's id. */
  id: Type.Optional(Type.String()),
  milestoneId: Type.Optional(Type.String()),
});
export type MilestoneStrategyInput = Static<typeof MilestoneStrategyInputSchema>;

/** updateMilestoneStrategySchema (the body of updateMilestoneStrategy). */
export const UpdateMilestoneStrategySchema = Type.Object({
  name: Type.Optional(Type.String()),
  strategyName: Type.Optional(Type.String()),
  sortOrder: Type.Optional(Type.Number()),
  constraints: Type.Optional(Type.Array(ConstraintSchema)),
  title: Type.Optional(Nullable(Type.String())),
  disabled: Type.Optional(Nullable(Type.Boolean())),
  variants: Type.Optional(Type.Array(StrategyVariantSchema)),
  segments: Type.Optional(Type.Array(Type.Number())),
  parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  id: Type.Optional(Type.String()),
  milestoneId: Type.Optional(Type.String()),
});
export type UpdateMilestoneStrategy = Static<typeof UpdateMilestoneStrategySchema>;

// ---- Progressions ----------------------------------------------------------------------------

/** transitionConditionSchema: after an interval (the default type) or after enough exposures. */
export const TimeTransitionConditionSchema = Type.Object({
  type: Type.Optional(Type.Literal('time')),
  intervalMinutes: Type.Integer({ minimum: 1 }),
});
export const ExposureTransitionConditionSchema = Type.Object({
  type: Type.Literal('exposure'),
  minimumExposures: Type.Integer({ minimum: 1 }),
});
export const TransitionConditionSchema = Type.Union([
  TimeTransitionConditionSchema,
  ExposureTransitionConditionSchema,
]);
export type TransitionCondition = Static<typeof TransitionConditionSchema>;

/** changeMilestoneProgressionSchema (the body of changeMilestoneProgression). */
export const ChangeMilestoneProgressionSchema = Type.Object({
  targetMilestone: Type.String(),
  transitionCondition: TransitionConditionSchema,
});
export type ChangeMilestoneProgression = Static<typeof ChangeMilestoneProgressionSchema>;

/** milestoneProgressionSchema. */
export const MilestoneProgressionSchema = Type.Object({
  sourceMilestone: Type.String(),
  targetMilestone: Type.String(),
  transitionCondition: TransitionConditionSchema,
});
export type MilestoneProgression = Static<typeof MilestoneProgressionSchema>;

// ---- Milestones ------------------------------------------------------------------------------

/** releasePlanMilestoneSchema. On a plan, the progression out of the milestone rides along. */
export const ReleasePlanMilestoneSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sortOrder: Type.Integer(),
  releasePlanDefinitionId: Type.String(),
  startedAt: Type.Optional(Nullable(DateTimeSchema)),
  transitionCondition: Type.Optional(Nullable(TransitionConditionSchema)),
  progressionExecutedAt: Type.Optional(Nullable(DateTimeSchema)),
  pausedAt: Type.Optional(Nullable(DateTimeSchema)),
  strategies: Type.Optional(Type.Array(ReleasePlanMilestoneStrategySchema)),
});
export type ReleasePlanMilestone = Static<typeof ReleasePlanMilestoneSchema>;

/** A milestone as sent to create one (addMilestoneToReleaseTemplate, or inside a template body). */
export const MilestoneInputSchema = Type.Object({
  name: Type.String(),
  sortOrder: Type.Optional(Type.Integer()),
  strategies: Type.Optional(Type.Array(MilestoneStrategyInputSchema)),
  /** On a template update, keeps an existing milestone's id; ignored otherwise. */
  id: Type.Optional(Type.String()),
  releasePlanDefinitionId: Type.Optional(Type.String()),
});
export type MilestoneInput = Static<typeof MilestoneInputSchema>;

/** The body of updateReleaseTemplateMilestone: rename or reorder. */
export const UpdateMilestoneSchema = Type.Object({
  name: Type.Optional(Type.String()),
  sortOrder: Type.Optional(Type.Integer()),
  id: Type.Optional(Type.String()),
  releasePlanDefinitionId: Type.Optional(Type.String()),
});
export type UpdateMilestone = Static<typeof UpdateMilestoneSchema>;

// ---- Templates -------------------------------------------------------------------------------

/** releasePlanTemplateSchema. */
export const ReleasePlanTemplateSchema = Type.Object({
  id: Type.String(),
  discriminator: Type.Literal('template'),
  name: Type.String(),
  description: Type.Optional(Nullable(Type.String())),
  project: Type.Optional(Nullable(Type.String())),
  createdByUserId: Type.Number(),
  createdAt: DateTimeSchema,
  milestones: Type.Optional(Type.Array(ReleasePlanMilestoneSchema)),
  archivedAt: Type.Optional(Nullable(DateTimeSchema)),
});
export type ReleasePlanTemplate = Static<typeof ReleasePlanTemplateSchema>;

/** getReleaseTemplates answers the list of templates not archived. */
export const ReleasePlanTemplatesSchema = Type.Array(ReleasePlanTemplateSchema);

/**
 * The body of createReleaseTemplate and updateReleaseTemplate (Unleash's console sends the whole
 * template). On update, milestones present replace the template's: an item with a known `id`
 * keeps it, one without is new, and milestones left out are removed.
 */
export const ReleasePlanTemplateInputSchema = Type.Object({
  name: Type.String(),
  description: Type.Optional(Nullable(Type.String())),
  milestones: Type.Optional(Type.Array(MilestoneInputSchema)),
  id: Type.Optional(Type.String()),
  discriminator: Type.Optional(Type.Literal('template')),
});
export type ReleasePlanTemplateInput = Static<typeof ReleasePlanTemplateInputSchema>;

// ---- Safeguards ------------------------------------------------------------------------------

export const SAFEGUARD_TIME_RANGES = ['hour', 'day', 'week', 'month'] as const;
export const SAFEGUARD_AGGREGATION_MODES = ['rps', 'count', 'avg', 'sum', 'p95', 'p99', 'p50'] as const;

export const SafeguardTimeRangeSchema = Type.Union([
  Type.Literal('hour'),
  Type.Literal('day'),
  Type.Literal('week'),
  Type.Literal('month'),
]);
export const SafeguardAggregationModeSchema = Type.Union([
  Type.Literal('rps'),
  Type.Literal('count'),
  Type.Literal('avg'),
  Type.Literal('sum'),
  Type.Literal('p95'),
  Type.Literal('p99'),
  Type.Literal('p50'),
]);

/** safeguardTriggerConditionSchema. */
export const SafeguardTriggerConditionSchema = Type.Object({
  operator: Type.Union([Type.Literal('>'), Type.Literal('<')]),
  threshold: Type.Number(),
});
export type SafeguardTriggerCondition = Static<typeof SafeguardTriggerConditionSchema>;

const labelSelectors = Type.Record(Type.String(), Type.Array(Type.String()));

/** createSafeguardSchema (the body of changeSafeguard). */
export const CreateSafeguardSchema = Type.Object({
  impactMetric: Type.Object({
    metricName: Type.String(),
    timeRange: SafeguardTimeRangeSchema,
    aggregationMode: SafeguardAggregationModeSchema,
    labelSelectors,
  }),
  triggerCondition: SafeguardTriggerConditionSchema,
});
export type CreateSafeguard = Static<typeof CreateSafeguardSchema>;

/** releasePlanSafeguardSchema. */
export const ReleasePlanSafeguardSchema = Type.Object({
  id: Type.String(),
  action: Type.Object({ type: Type.String(), id: Type.String() }),
  triggerCondition: SafeguardTriggerConditionSchema,
  impactMetric: Type.Object({
    id: Type.String(),
    metricName: Type.String(),
    timeRange: SafeguardTimeRangeSchema,
    aggregationMode: SafeguardAggregationModeSchema,
    labelSelectors,
    source: Type.Optional(Type.Union([Type.Literal('internal'), Type.Literal('external')])),
  }),
});
export type ReleasePlanSafeguard = Static<typeof ReleasePlanSafeguardSchema>;

// ---- Plans -----------------------------------------------------------------------------------

/** releasePlanSchema: a template's copy attached to one flag environment. */
export const ReleasePlanSchema = Type.Object({
  id: Type.String(),
  discriminator: Type.Literal('plan'),
  name: Type.String(),
  description: Type.Optional(Nullable(Type.String())),
  featureName: Type.String(),
  environment: Type.String(),
  createdByUserId: Type.Number(),
  createdAt: DateTimeSchema,
  activeMilestoneId: Type.Optional(Nullable(Type.String())),
  milestones: Type.Array(ReleasePlanMilestoneSchema),
  releasePlanTemplateId: Type.String(),
  safeguards: Type.Optional(Type.Array(ReleasePlanSafeguardSchema)),
});
export type ReleasePlan = Static<typeof ReleasePlanSchema>;

/** getReleasePlans answers the plans of one flag environment (at most one today). */
export const ReleasePlansSchema = Type.Array(ReleasePlanSchema);

/** releasePlanTemplateIdSchema (the body of addReleasePlan). */
export const ReleasePlanTemplateIdSchema = Type.Object({ templateId: Type.String() });
export type ReleasePlanTemplateId = Static<typeof ReleasePlanTemplateIdSchema>;

// ---- Path parameters -------------------------------------------------------------------------

export const TemplateParamsSchema = Type.Object({ templateId: Type.String() });
export type TemplateParams = Static<typeof TemplateParamsSchema>;
export const TemplateMilestoneParamsSchema = Type.Object({
  templateId: Type.String(),
  milestoneId: Type.String(),
});
export type TemplateMilestoneParams = Static<typeof TemplateMilestoneParamsSchema>;
export const TemplateMilestoneStrategyParamsSchema = Type.Object({
  templateId: Type.String(),
  milestoneId: Type.String(),
  strategyId: Type.String(),
});
export type TemplateMilestoneStrategyParams = Static<typeof TemplateMilestoneStrategyParamsSchema>;

/** The flag environment a plan hangs off (Unleash names the project parameter `project` here). */
export const PlanEnvironmentParamsSchema = Type.Object({
  project: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
});
export type PlanEnvironmentParams = Static<typeof PlanEnvironmentParamsSchema>;
export const PlanParamsSchema = Type.Object({
  project: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
  planId: Type.String(),
});
export type PlanParams = Static<typeof PlanParamsSchema>;
/** updateProjectMilestoneStrategy: a plan's milestone strategy, named by id within the flag environment. */
export const PlanMilestoneStrategyParamsSchema = Type.Object({
  project: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
  strategyId: Type.String(),
});
export type PlanMilestoneStrategyParams = Static<typeof PlanMilestoneStrategyParamsSchema>;
export const PlanMilestoneParamsSchema = Type.Object({
  project: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
  planId: Type.String(),
  milestoneId: Type.String(),
});
export type PlanMilestoneParams = Static<typeof PlanMilestoneParamsSchema>;
/** changeMilestoneProgression / deleteMilestoneProgression: `id` is the source milestone. */
export const ProgressionParamsSchema = Type.Object({
  project: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
  id: Type.String(),
});
export type ProgressionParams = Static<typeof ProgressionParamsSchema>;
export const SafeguardParamsSchema = Type.Object({
  project: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
  planId: Type.String(),
  safeguardId: Type.String(),
});
export type SafeguardParams = Static<typeof SafeguardParamsSchema>;

// ---- Events ----------------------------------------------------------------------------------

export const RELEASE_PLAN_EVENT_TYPES = [
  'release-plan-template-created',
  'release-plan-template-updated',
  'release-plan-template-deleted',
  'release-plan-template-archived',
  'release-plan-added',
  'release-plan-removed',
  'release-plan-milestone-started',
  'milestone-progression-created',
  'milestone-progression-updated',
  'milestone-progression-deleted',
  'milestone-progression-changed',
  'release-plan-progressions-paused',
  'release-plan-progressions-resumed',
  'safeguard-changed',
  'safeguard-deleted',
  'safeguard-triggered',
] as const;
export type ReleasePlanEventType = (typeof RELEASE_PLAN_EVENT_TYPES)[number];
