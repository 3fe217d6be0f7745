import { type Static, Type } from 'typebox';

/**
 * The client API payload (`GET /api/client/features`, shared/unleash/API.md §2.2) and the
 * evaluation context (§5.1). Field names follow Unleash's clientFeaturesSchema family
 * (shared/unleash/SCHEMAS.md). Objects the server emits are closed so that serialisation
 * drops internal fields such as a strategy's id, which old Go SDKs choke on.
 */

/**
 * The operators a constraint may use when saved (§5.4): Unleash 8.2's eighteen plus IN_CIDR,
 * which the client specification defines and Switchyard accepts beyond Unleash 8.2 (issue 5).
 */
export const CONSTRAINT_OPERATORS = [
  'NOT_IN',
  'IN',
  'STR_ENDS_WITH',
  'STR_STARTS_WITH',
  'STR_CONTAINS',
  'NUM_EQ',
  'NUM_GT',
  'NUM_GTE',
  'NUM_LT',
  'NUM_LTE',
  'DATE_AFTER',
  'DATE_BEFORE',
  'SEMVER_EQ',
  'SEMVER_GT',
  'SEMVER_LT',
  'SEMVER_GTE',
  'SEMVER_LTE',
  'REGEX',
  'IN_CIDR',
] as const;

export const ConstraintOperatorSchema = Type.Enum(CONSTRAINT_OPERATORS);
export type ConstraintOperator = Static<typeof ConstraintOperatorSchema>;

export const ConstraintSchema = Type.Object(
  {
    contextName: Type.String(),
    operator: ConstraintOperatorSchema,
    caseInsensitive: Type.Optional(Type.Boolean()),
    inverted: Type.Optional(Type.Boolean()),
    values: Type.Optional(Type.Array(Type.String())),
    value: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type Constraint = Static<typeof ConstraintSchema>;

export const PayloadTypeSchema = Type.Union([
  Type.Literal('json'),
  Type.Literal('csv'),
  Type.Literal('string'),
  Type.Literal('number'),
]);

export const VariantPayloadSchema = Type.Object(
  { type: PayloadTypeSchema, value: Type.String() },
  { additionalProperties: false },
);
export type VariantPayload = Static<typeof VariantPayloadSchema>;

export const WeightTypeSchema = Type.Union([Type.Literal('variable'), Type.Literal('fix')]);

export const OverrideSchema = Type.Object(
  { contextName: Type.String(), values: Type.Array(Type.String()) },
  { additionalProperties: false },
);
export type Override = Static<typeof OverrideSchema>;

/** A flag's (legacy, per-environment) variant. */
export const VariantSchema = Type.Object(
  {
    name: Type.String(),
    weight: Type.Number({ minimum: 0, maximum: 1000 }),
    weightType: Type.Optional(WeightTypeSchema),
    stickiness: Type.Optional(Type.String()),
    payload: Type.Optional(VariantPayloadSchema),
    overrides: Type.Optional(Type.Array(OverrideSchema)),
  },
  { additionalProperties: false },
);
export type Variant = Static<typeof VariantSchema>;

/** A variant attached to a strategy: no overrides, stickiness and weight type always set by the server. */
export const StrategyVariantSchema = Type.Object(
  {
    name: Type.String(),
    weight: Type.Integer({ minimum: 0, maximum: 1000 }),
    weightType: WeightTypeSchema,
    stickiness: Type.String(),
    payload: Type.Optional(VariantPayloadSchema),
  },
  { additionalProperties: false },
);
export type StrategyVariant = Static<typeof StrategyVariantSchema>;

/** Strategy parameters are always strings on the wire. */
export const StrategyParametersSchema = Type.Record(Type.String(), Type.String());
export type StrategyParameters = Static<typeof StrategyParametersSchema>;

export const ClientStrategySchema = Type.Object(
  {
    name: Type.String(),
    constraints: Type.Optional(Type.Array(ConstraintSchema)),
    parameters: Type.Optional(StrategyParametersSchema),
    variants: Type.Optional(Type.Array(StrategyVariantSchema)),
    /** Segment ids, only in "spec mode" (`Unleash-Client-Spec` >= 4.2.0); otherwise inlined into constraints. */
    segments: Type.Optional(Type.Array(Type.Number())),
  },
  { additionalProperties: false },
);
export type ClientStrategy = Static<typeof ClientStrategySchema>;

/** A parent the flag depends on. `variants` is only sent when `enabled` is true. */
export const DependencySchema = Type.Object(
  {
    feature: Type.String(),
    enabled: Type.Optional(Type.Boolean()),
    variants: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);
export type Dependency = Static<typeof DependencySchema>;

export const ClientFeatureSchema = Type.Object(
  {
    name: Type.String(),
    type: Type.Optional(Type.String()),
    description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    enabled: Type.Boolean(),
    stale: Type.Optional(Type.Boolean()),
    impressionData: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    project: Type.Optional(Type.String()),
    strategies: Type.Optional(Type.Array(ClientStrategySchema)),
    variants: Type.Optional(Type.Union([Type.Array(VariantSchema), Type.Null()])),
    dependencies: Type.Optional(Type.Array(DependencySchema)),
  },
  { additionalProperties: false },
);
export type ClientFeature = Static<typeof ClientFeatureSchema>;

export const ClientSegmentSchema = Type.Object(
  {
    id: Type.Number(),
    name: Type.Optional(Type.String()),
    constraints: Type.Array(ConstraintSchema),
  },
  { additionalProperties: false },
);
export type ClientSegment = Static<typeof ClientSegmentSchema>;

/** The normalised query echoed back: `tag` as `[[type, value]]`, `project` as a list. */
export const ClientFeaturesQuerySchema = Type.Object(
  {
    tag: Type.Optional(Type.Array(Type.Array(Type.String()))),
    project: Type.Optional(Type.Array(Type.String())),
    namePrefix: Type.Optional(Type.String()),
    environment: Type.Optional(Type.String()),
    inlineSegmentConstraints: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ClientFeaturesQuery = Static<typeof ClientFeaturesQuerySchema>;

/** Sent by Unleash 8.x although its OpenAPI does not declare it; SDKs ignore it. */
export const ClientFeaturesMetaSchema = Type.Object(
  { revisionId: Type.Number(), etag: Type.String(), queryHash: Type.String() },
  { additionalProperties: false },
);
export type ClientFeaturesMeta = Static<typeof ClientFeaturesMetaSchema>;

export const ClientFeaturesSchema = Type.Object(
  {
    version: Type.Number({ minimum: 0 }),
    features: Type.Array(ClientFeatureSchema),
    query: Type.Optional(ClientFeaturesQuerySchema),
    segments: Type.Optional(Type.Array(ClientSegmentSchema)),
    meta: Type.Optional(ClientFeaturesMetaSchema),
  },
  { $id: 'ClientFeatures', additionalProperties: false },
);
export type ClientFeatures = Static<typeof ClientFeaturesSchema>;

/** Delta events (§2.7): a hydration replaces the whole state, the others patch it. */
export const HydrationEventSchema = Type.Object(
  {
    eventId: Type.Number(),
    type: Type.Literal('hydration'),
    features: Type.Array(ClientFeatureSchema),
    segments: Type.Array(ClientSegmentSchema),
  },
  { additionalProperties: false },
);
export const FeatureUpdatedEventSchema = Type.Object(
  { eventId: Type.Number(), type: Type.Literal('feature-updated'), feature: ClientFeatureSchema },
  { additionalProperties: false },
);
export const FeatureRemovedEventSchema = Type.Object(
  {
    eventId: Type.Number(),
    type: Type.Literal('feature-removed'),
    featureName: Type.String(),
    project: Type.String(),
  },
  { additionalProperties: false },
);
export const SegmentUpdatedEventSchema = Type.Object(
  { eventId: Type.Number(), type: Type.Literal('segment-updated'), segment: ClientSegmentSchema },
  { additionalProperties: false },
);
export const SegmentRemovedEventSchema = Type.Object(
  { eventId: Type.Number(), type: Type.Literal('segment-removed'), segmentId: Type.Number() },
  { additionalProperties: false },
);
export const DeltaEventSchema = Type.Union([
  HydrationEventSchema,
  FeatureUpdatedEventSchema,
  FeatureRemovedEventSchema,
  SegmentUpdatedEventSchema,
  SegmentRemovedEventSchema,
]);
export type DeltaEvent = Static<typeof DeltaEventSchema>;

export const ClientFeaturesDeltaSchema = Type.Object(
  { events: Type.Array(DeltaEventSchema) },
  { $id: 'ClientFeaturesDelta', additionalProperties: false },
);
export type ClientFeaturesDelta = Static<typeof ClientFeaturesDeltaSchema>;

/**
 * The evaluation context (§5.1). A constraint's `contextName` reads the root field of that
 * name when it is set, otherwise `properties[contextName]`.
 */
export const ContextSchema = Type.Object({
  appName: Type.Optional(Type.String()),
  environment: Type.Optional(Type.String()),
  userId: Type.Optional(Type.String()),
  sessionId: Type.Optional(Type.String()),
  remoteAddress: Type.Optional(Type.String()),
  /** ISO 8601; DATE_* operators use "now" when absent. */
  currentTime: Type.Optional(Type.String()),
  properties: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type Context = Static<typeof ContextSchema>;
