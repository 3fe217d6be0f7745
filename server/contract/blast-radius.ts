import { type Static, Type } from 'typebox';
import { CreateFeatureStrategySchema } from './features';

/**
 * Blast-radius preview (issue 15): how many recently seen real contexts a proposed change would
 * flip, computed over contexts the frontend API sampled. Our own API, beyond Unleash.
 */

/** Context fields hashed or dropped before a sampled context is stored. */
export const DEFAULT_SENSITIVE_FIELDS = ['userId', 'sessionId', 'remoteAddress'];

export const BlastRadiusSettingsSchema = Type.Object(
  {
    /** The off switch: no sampling, and stored contexts are deleted when turned off. */
    enabled: Type.Boolean(),
    retentionDays: Type.Integer({ minimum: 1, maximum: 90 }),
    /** Context field names (top-level or properties) treated as sensitive. */
    sensitiveFields: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 50 }),
    /** `hash`: HMAC-SHA256 with a per-instance secret (rollouts keep their spread); `drop`: removed. */
    sensitiveMode: Type.Union([Type.Literal('hash'), Type.Literal('drop')]),
  },
  { additionalProperties: false },
);
export type BlastRadiusSettings = Static<typeof BlastRadiusSettingsSchema>;

/** What the settings screen shows beside the settings. */
export const BlastRadiusSettingsViewSchema = Type.Object({
  settings: BlastRadiusSettingsSchema,
  /** Sampled contexts per environment right now. */
  sampled: Type.Array(Type.Object({ environment: Type.String(), contexts: Type.Integer() })),
  /** The bound per environment, across all instances. */
  maxContextsPerEnvironment: Type.Integer(),
});
export type BlastRadiusSettingsView = Static<typeof BlastRadiusSettingsViewSchema>;

/** The proposed state of one flag in one environment. */
export const BlastRadiusProposalSchema = Type.Union([
  Type.Object(
    { kind: Type.Literal('strategy-add'), strategy: CreateFeatureStrategySchema },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('strategy-update'),
      strategyId: Type.String({ minLength: 1, maxLength: 255 }),
      strategy: CreateFeatureStrategySchema,
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { kind: Type.Literal('strategy-delete'), strategyId: Type.String({ minLength: 1, maxLength: 255 }) },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('toggle'), enabled: Type.Boolean() }, { additionalProperties: false }),
  // Starting a milestone of a release plan on this flag environment (issue 14 and 15).
  Type.Object(
    {
      kind: Type.Literal('start-milestone'),
      planId: Type.String({ minLength: 1, maxLength: 255 }),
      milestoneId: Type.String({ minLength: 1, maxLength: 255 }),
    },
    { additionalProperties: false },
  ),
  // All of a change request's changes to this flag environment, applied together.
  Type.Object(
    {
      kind: Type.Literal('change-request'),
      changeRequestId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    },
    { additionalProperties: false },
  ),
]);
export type BlastRadiusProposal = Static<typeof BlastRadiusProposalSchema>;
/** A proposal of one change, previewed on its own against the flag as it is. */
export type BlastRadiusSingleProposal = Exclude<
  BlastRadiusProposal,
  { kind: 'start-milestone' } | { kind: 'change-request' }
>;

export const BlastRadiusReasonSchema = Type.Object({
  kind: Type.Union([
    Type.Literal('flag'),
    Type.Literal('dependency'),
    Type.Literal('strategy'),
    Type.Literal('constraint'),
    Type.Literal('segment'),
    Type.Literal('rollout'),
  ]),
  /** Human-readable, e.g. `country IN [NO, SE]` or `flexibleRollout "Beta"`. */
  label: Type.String(),
  offToOn: Type.Integer(),
  onToOff: Type.Integer(),
});
export type BlastRadiusReason = Static<typeof BlastRadiusReasonSchema>;

export const BlastRadiusExampleSchema = Type.Object({
  change: Type.Union([Type.Literal('offToOn'), Type.Literal('onToOff')]),
  /** The context as stored: sensitive fields hashed (shown shortened) or absent. */
  context: Type.Record(Type.String(), Type.Unknown()),
});

export const BlastRadiusPreviewSchema = Type.Object({
  /** Contexts sampled for the environment (all of them, even beyond `evaluated`). */
  sampled: Type.Integer(),
  /** Contexts evaluated: the most recently seen, at most the per-request bound. */
  evaluated: Type.Integer(),
  offToOn: Type.Integer(),
  onToOff: Type.Integer(),
  unchanged: Type.Integer(),
  enabledBefore: Type.Integer(),
  enabledAfter: Type.Integer(),
  reasons: Type.Array(BlastRadiusReasonSchema),
  examples: Type.Array(BlastRadiusExampleSchema),
  /** False when sampling is switched off; counts are then over what is left (nothing). */
  samplingEnabled: Type.Boolean(),
});
export type BlastRadiusPreview = Static<typeof BlastRadiusPreviewSchema>;
