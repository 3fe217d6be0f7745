import { type Static, Type } from 'typebox';
import { DateTimeSchema, Nullable } from './admin-common';
import {
  AnalysisMethodSchema,
  AnalysisResultSchema,
  EXPERIMENT_LIMITS,
  ExperimentDecisionSchema,
  ExperimentMetricSchema,
  ExperimentSchema,
  ExperimentStatusSchema,
} from './experiments';

/**
 * The admin API of experiments on a flag (issue 35 §3; our own API, no Unleash counterpart):
 * `/api/admin/projects/{projectId}/features/{featureName}/experiments…` and the instance-wide
 * list `GET /api/admin/experiments`. The experiment itself is `ExperimentSchema` (experiments.ts).
 */

const name = Type.String({ minLength: 1, maxLength: EXPERIMENT_LIMITS.nameLength });
const variantName = Type.String({ minLength: 1, maxLength: EXPERIMENT_LIMITS.nameLength });
const metrics = Type.Array(ExperimentMetricSchema, {
  minItems: 1,
  maxItems: EXPERIMENT_LIMITS.metricsPerExperiment,
});
const alpha = Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 0.5 });

/** POST …/experiments: a draft experiment; exactly one metric has the role `primary`. */
export const CreateExperimentSchema = Type.Object(
  {
    name,
    environment: Type.String({ minLength: 1, maxLength: 100 }),
    hypothesis: Type.Optional(Type.String({ maxLength: EXPERIMENT_LIMITS.hypothesisLength })),
    controlVariant: variantName,
    metrics,
    method: Type.Optional(AnalysisMethodSchema),
    alpha: Type.Optional(alpha),
  },
  { additionalProperties: false },
);
export type CreateExperiment = Static<typeof CreateExperimentSchema>;

/** PUT …/experiments/{id}: the whole definition again (drafts only); the environment stays. */
export const UpdateExperimentSchema = Type.Object(
  {
    name,
    hypothesis: Type.Optional(Type.String({ maxLength: EXPERIMENT_LIMITS.hypothesisLength })),
    controlVariant: variantName,
    metrics,
    method: Type.Optional(AnalysisMethodSchema),
    alpha: Type.Optional(alpha),
  },
  { additionalProperties: false },
);
export type UpdateExperiment = Static<typeof UpdateExperimentSchema>;

/** POST …/experiments/{id}/decision: `ship` names one of the experiment's variants. */
export const ExperimentDecisionBodySchema = Type.Object(
  {
    decision: ExperimentDecisionSchema,
    variant: Type.Optional(variantName),
    reason: Type.Optional(Type.String({ maxLength: EXPERIMENT_LIMITS.hypothesisLength })),
  },
  { additionalProperties: false },
);
export type ExperimentDecisionBody = Static<typeof ExperimentDecisionBodySchema>;

export const ExperimentsSchema = Type.Object({ experiments: Type.Array(ExperimentSchema) });
export type Experiments = Static<typeof ExperimentsSchema>;

export const FlagExperimentsParamsSchema = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
});
export const ExperimentParamsSchema = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type ExperimentParams = Static<typeof ExperimentParamsSchema>;

/** GET /api/admin/experiments: every visible experiment, optionally of one status or project. */
export const ExperimentListQuerySchema = Type.Object({
  status: Type.Optional(ExperimentStatusSchema),
  project: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ExperimentListQuery = Static<typeof ExperimentListQuerySchema>;

// ---- The readout ------------------------------------------------------------------------------

/** One metric's readout: the engine's answer, a sentence saying what it means, and power. */
export const MetricReadoutSchema = Type.Object({
  metric: ExperimentMetricSchema,
  result: AnalysisResultSchema,
  /** Plain language: "B beats control on checkout (97% chance to win)", "No detectable difference yet"… */
  verdict: Type.String(),
  /**
   * Users per variant an 80%-power test at `alpha` needs to detect the observed lift of the best
   * treatment; null while it cannot be said (no users, no lift, no variance).
   */
  usersNeededFor80Power: Nullable(Type.Integer()),
});
export type MetricReadout = Static<typeof MetricReadoutSchema>;

/** One point of cumulative lift over time: the hourly snapshot's lift per treatment. */
export const LiftPointSchema = Type.Object({
  takenAt: DateTimeSchema,
  /** The primary metric's lift of each treatment variant (null when the snapshot had none). */
  lifts: Type.Record(Type.String(), Nullable(Type.Number())),
});
export type LiftPoint = Static<typeof LiftPointSchema>;

export const ExperimentResultsSchema = Type.Object({
  experiment: ExperimentSchema,
  metrics: Type.Array(MetricReadoutSchema),
  liftOverTime: Type.Array(LiftPointSchema),
});
export type ExperimentResults = Static<typeof ExperimentResultsSchema>;

// ---- Events and change requests ---------------------------------------------------------------

/** The audit events of experiments; each names the flag, so it shows in the flag's history. */
export const EXPERIMENT_EVENT_TYPES = [
  'experiment-created',
  'experiment-updated',
  'experiment-deleted',
  'experiment-started',
  'experiment-stopped',
  'experiment-decided',
] as const;
export type ExperimentEventType = (typeof EXPERIMENT_EVENT_TYPES)[number];

/**
 * Change-request actions of experiments (our own, beside Unleash's): starting and stopping change
 * what a flag environment does, so an environment that requires change requests governs them.
 */
export const EXPERIMENT_CHANGE_PAYLOAD_SCHEMAS = {
  startExperiment: Type.Object(
    { experimentId: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
    { additionalProperties: false },
  ),
  stopExperiment: Type.Object(
    { experimentId: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
    { additionalProperties: false },
  ),
} as const;
export type ExperimentChangeAction = keyof typeof EXPERIMENT_CHANGE_PAYLOAD_SCHEMAS;
