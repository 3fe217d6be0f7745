import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';

/**
 * Experiments (issue 35): the wire types of the stateless analysis endpoint
 * (`POST /api/admin/experiments/analysis`), of experiments on a flag's variants, and of the
 * tracking endpoints SDKs send events to. Shared by server and console.
 */

/** Bounds on everything the analysis and the experiment definitions accept. */
export const EXPERIMENT_LIMITS = {
  nameLength: 255,
  hypothesisLength: 2000,
  variantsPerAnalysis: 20,
  metricsPerExperiment: 10,
  eventNameLength: 100,
  /** Conversion window after first exposure, in hours (at most a year). */
  maxWindowHours: 24 * 365,
} as const;

export const MetricTypeSchema = Type.Union([Type.Literal('binomial'), Type.Literal('mean')]);
export type MetricType = Static<typeof MetricTypeSchema>;

export const AnalysisMethodSchema = Type.Union([
  Type.Literal('frequentist'),
  Type.Literal('bayesian'),
  Type.Literal('sequential'),
]);
export type AnalysisMethod = Static<typeof AnalysisMethodSchema>;

/** Pre-exposure covariate sums of one variant, for CUPED. */
export const CovariateSumsSchema = Type.Object(
  {
    sum: Type.Number(),
    sumSquares: Type.Number(),
    /** Σ x·y over users, x the covariate and y the metric. */
    sumProducts: Type.Number(),
  },
  { additionalProperties: false },
);

/** One variant's sufficient statistics: users, Σ y and Σ y² of the per-user metric. */
export const AnalysisVariantInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: EXPERIMENT_LIMITS.nameLength }),
    /** The configured share of traffic (any positive scale; normalised for the sample-ratio check). */
    weight: Type.Number({ minimum: 0 }),
    users: Type.Integer({ minimum: 0 }),
    sum: Type.Number(),
    sumSquares: Type.Number({ minimum: 0 }),
    covariate: Type.Optional(CovariateSumsSchema),
  },
  { additionalProperties: false },
);
export type AnalysisVariantInput = Static<typeof AnalysisVariantInputSchema>;

export const AnalysisRequestSchema = Type.Object(
  {
    metric: Type.Object(
      { type: MetricTypeSchema, higherIsBetter: Type.Boolean() },
      { additionalProperties: false },
    ),
    method: AnalysisMethodSchema,
    alpha: Type.Optional(Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 0.5, default: 0.05 })),
    control: Type.String({ minLength: 1 }),
    variants: Type.Array(AnalysisVariantInputSchema, {
      minItems: 2,
      maxItems: EXPERIMENT_LIMITS.variantsPerAnalysis,
    }),
  },
  { additionalProperties: false },
);
export type AnalysisRequest = Static<typeof AnalysisRequestSchema>;

/** One variant's readout; the control's lift fields are null. */
export const AnalysisVariantResultSchema = Type.Object({
  name: Type.String(),
  users: Type.Integer(),
  mean: Nullable(Type.Number()),
  lift: Nullable(Type.Number()),
  liftInterval: Nullable(Type.Tuple([Type.Number(), Type.Number()])),
  pValue: Nullable(Type.Number()),
  adjustedPValue: Nullable(Type.Number()),
  chanceToWin: Nullable(Type.Number()),
  risk: Nullable(Type.Number()),
});
export type AnalysisVariantResult = Static<typeof AnalysisVariantResultSchema>;

export const AnalysisResultSchema = Type.Object({
  /** Pearson χ² p-value of users per variant against the weights; under 0.001 = untrustworthy. */
  srmPValue: Nullable(Type.Number()),
  variants: Type.Array(AnalysisVariantResultSchema),
});
export type AnalysisResult = Static<typeof AnalysisResultSchema>;

// ---- Experiments on a flag ---------------------------------------------------------------------

export const MetricRoleSchema = Type.Union([
  Type.Literal('primary'),
  Type.Literal('secondary'),
  Type.Literal('guardrail'),
]);

/** A metric read from tracked events: `eventName` sent to /api/{client,frontend}/track. */
export const ExperimentMetricSchema = Type.Object(
  {
    eventName: Type.String({ minLength: 1, maxLength: EXPERIMENT_LIMITS.eventNameLength }),
    role: MetricRoleSchema,
    type: MetricTypeSchema,
    higherIsBetter: Type.Boolean(),
    /** Events count for a user within this many hours after their first exposure. */
    windowHours: Type.Integer({ minimum: 1, maximum: EXPERIMENT_LIMITS.maxWindowHours }),
  },
  { additionalProperties: false },
);
export type ExperimentMetric = Static<typeof ExperimentMetricSchema>;

export const ExperimentVariantWeightSchema = Type.Object(
  { name: Type.String({ minLength: 1 }), weight: Type.Number({ minimum: 0 }) },
  { additionalProperties: false },
);

export const ExperimentStatusSchema = Type.Union([
  Type.Literal('draft'),
  Type.Literal('running'),
  Type.Literal('stopped'),
]);
export type ExperimentStatus = Static<typeof ExperimentStatusSchema>;

export const ExperimentDecisionSchema = Type.Union([
  Type.Literal('ship'),
  Type.Literal('rollback'),
  Type.Literal('inconclusive'),
]);

export const ExperimentSchema = Type.Object({
  id: Type.Integer(),
  project: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
  name: Type.String(),
  hypothesis: Type.String(),
  controlVariant: Type.String(),
  variants: Type.Array(ExperimentVariantWeightSchema),
  metrics: Type.Array(ExperimentMetricSchema),
  method: AnalysisMethodSchema,
  alpha: Type.Number(),
  status: ExperimentStatusSchema,
  startedAt: Nullable(DateTimeSchema),
  stoppedAt: Nullable(DateTimeSchema),
  decision: Nullable(ExperimentDecisionSchema),
  decisionVariant: Nullable(Type.String()),
  decisionReason: Nullable(Type.String()),
  createdByUserId: Nullable(Type.Integer()),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Experiment = Static<typeof ExperimentSchema>;

// ---- Tracking (SDKs) ----------------------------------------------------------------------------

/** Bounds on what one caller of the tracking endpoints may send and make the server keep. */
export const TRACK_LIMITS = {
  eventNameLength: 100,
  eventsPerRequest: 100,
  /** Distinct event names kept per environment; further names are refused (429) until old ones age out. */
  distinctEventNamesPerEnvironment: 500,
  userKeyLength: 255,
  /** |value| above this is refused: a per-user sum must stay a finite double. */
  maxAbsValue: 1e9,
} as const;
