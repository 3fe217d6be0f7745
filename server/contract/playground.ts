import { type Static, Type } from 'typebox';
import {
  ConstraintOperatorSchema,
  StrategyParametersSchema,
  StrategyVariantSchema,
  VariantPayloadSchema,
  VariantSchema,
} from './client-features';

/**
 * The playground (shared/unleash/API.md §6 "Playground"; SCHEMAS.md playground*Schema and
 * advancedPlayground*Schema): evaluate every flag for a context and explain each result.
 */

/** Context values may be comma-separated lists in the advanced playground; bounded like the frontend API's. */
const ContextValueSchema = Type.String({ maxLength: 10_000 });

/**
 * sdkContextSchema: appName required, the root fields as strings, `properties` a string map.
 * Other root keys are accepted (Unleash treats them as properties; non-strings become warnings).
 */
export const SdkContextSchema = Type.Object(
  {
    appName: Type.String({ minLength: 1, maxLength: 10_000 }),
    currentTime: Type.Optional(ContextValueSchema),
    environment: Type.Optional(ContextValueSchema),
    properties: Type.Optional(Type.Record(Type.String(), ContextValueSchema, { maxProperties: 100 })),
    remoteAddress: Type.Optional(ContextValueSchema),
    sessionId: Type.Optional(ContextValueSchema),
    userId: Type.Optional(ContextValueSchema),
  },
  { additionalProperties: true, maxProperties: 100 },
);
export type SdkContext = Static<typeof SdkContextSchema>;

/** The flattened context an advanced answer was evaluated for (properties merged into the root). */
export const SdkFlatContextSchema = Type.Record(Type.String(), Type.String());
export type SdkFlatContext = Static<typeof SdkFlatContextSchema>;

// '*' first, so that it is read as the literal and not tried as a list first.
const ProjectsSelectionSchema = Type.Union([
  Type.Literal('*'),
  Type.Array(Type.String({ maxLength: 255 }), { maxItems: 1_000 }),
]);

export const PlaygroundRequestSchema = Type.Object({
  environment: Type.String({ maxLength: 255 }),
  projects: Type.Optional(ProjectsSelectionSchema),
  context: SdkContextSchema,
});
export type PlaygroundRequest = Static<typeof PlaygroundRequestSchema>;

export const AdvancedPlaygroundRequestSchema = Type.Object({
  environments: Type.Array(Type.String({ minLength: 1, maxLength: 255, pattern: '^[a-zA-Z0-9~_.-]+$' }), {
    minItems: 1,
    maxItems: 100,
  }),
  projects: Type.Optional(ProjectsSelectionSchema),
  context: SdkContextSchema,
});
export type AdvancedPlaygroundRequest = Static<typeof AdvancedPlaygroundRequestSchema>;

export const ChangeRequestPlaygroundRequestSchema = Type.Object({ context: SdkContextSchema });
export type ChangeRequestPlaygroundRequest = Static<typeof ChangeRequestPlaygroundRequestSchema>;

export const PlaygroundConstraintSchema = Type.Object({
  contextName: Type.String(),
  operator: ConstraintOperatorSchema,
  caseInsensitive: Type.Optional(Type.Boolean()),
  inverted: Type.Optional(Type.Boolean()),
  values: Type.Optional(Type.Array(Type.String())),
  value: Type.Optional(Type.String()),
  result: Type.Boolean(),
});
export type PlaygroundConstraint = Static<typeof PlaygroundConstraintSchema>;

export const PlaygroundSegmentSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  result: Type.Boolean(),
  constraints: Type.Array(PlaygroundConstraintSchema),
});
export type PlaygroundSegment = Static<typeof PlaygroundSegmentSchema>;

/** A variant as the playground shows it; `null` where a strategy has no variants. */
export const PlaygroundVariantSchema = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  payload: Type.Optional(VariantPayloadSchema),
  feature_enabled: Type.Optional(Type.Boolean()),
  featureEnabled: Type.Optional(Type.Boolean()),
});
export type PlaygroundVariant = Static<typeof PlaygroundVariantSchema>;

/**
 * `incomplete`: a strategy the server cannot evaluate (custom, applicationHostname), `unknown`
 * unless its constraints or segments already fail. `complete`: a real answer.
 */
export const PlaygroundStrategyResultSchema = Type.Union([
  Type.Object({
    evaluationStatus: Type.Union([Type.Literal('incomplete'), Type.Literal('unevaluated')]),
    enabled: Type.Union([Type.Literal(false), Type.Literal('unknown')]),
  }),
  Type.Object({
    evaluationStatus: Type.Literal('complete'),
    enabled: Type.Boolean(),
    variant: Type.Optional(Type.Union([PlaygroundVariantSchema, Type.Null()])),
    variants: Type.Optional(Type.Array(StrategyVariantSchema)),
  }),
]);
export type PlaygroundStrategyResult = Static<typeof PlaygroundStrategyResultSchema>;

export const PlaygroundStrategySchema = Type.Object({
  name: Type.String(),
  title: Type.Optional(Type.String()),
  id: Type.String(),
  result: PlaygroundStrategyResultSchema,
  disabled: Type.Union([Type.Boolean(), Type.Null()]),
  segments: Type.Array(PlaygroundSegmentSchema),
  constraints: Type.Array(PlaygroundConstraintSchema),
  parameters: StrategyParametersSchema,
  links: Type.Object({ edit: Type.String() }),
});
export type PlaygroundStrategy = Static<typeof PlaygroundStrategySchema>;

export const PlaygroundStrategiesSchema = Type.Object({
  result: Type.Union([Type.Boolean(), Type.Literal('unknown')]),
  data: Type.Array(PlaygroundStrategySchema),
});

export const PlaygroundFeatureSchema = Type.Object({
  name: Type.String(),
  projectId: Type.String(),
  strategies: PlaygroundStrategiesSchema,
  hasUnsatisfiedDependency: Type.Optional(Type.Boolean()),
  isEnabledInCurrentEnvironment: Type.Boolean(),
  isEnabled: Type.Boolean(),
  variant: Type.Union([PlaygroundVariantSchema, Type.Null()]),
  variants: Type.Array(VariantSchema),
});
export type PlaygroundFeature = Static<typeof PlaygroundFeatureSchema>;

export const PlaygroundResponseSchema = Type.Object({
  input: PlaygroundRequestSchema,
  features: Type.Array(PlaygroundFeatureSchema),
});
export type PlaygroundResponse = Static<typeof PlaygroundResponseSchema>;

export const AdvancedPlaygroundEnvironmentFeatureSchema = Type.Object({
  ...PlaygroundFeatureSchema.properties,
  environment: Type.String(),
  context: SdkFlatContextSchema,
});
export type AdvancedPlaygroundEnvironmentFeature = Static<typeof AdvancedPlaygroundEnvironmentFeatureSchema>;

export const AdvancedPlaygroundFeatureSchema = Type.Object({
  name: Type.String(),
  projectId: Type.String(),
  environments: Type.Record(Type.String(), Type.Array(AdvancedPlaygroundEnvironmentFeatureSchema)),
});
export type AdvancedPlaygroundFeature = Static<typeof AdvancedPlaygroundFeatureSchema>;

export const AdvancedPlaygroundResponseSchema = Type.Object({
  input: AdvancedPlaygroundRequestSchema,
  features: Type.Array(AdvancedPlaygroundFeatureSchema),
  warnings: Type.Optional(
    Type.Object({ invalidContextProperties: Type.Optional(Type.Array(Type.String())) }),
  ),
});
export type AdvancedPlaygroundResponse = Static<typeof AdvancedPlaygroundResponseSchema>;

/** Unleash's cap on environments × flags × context combinations in one advanced request. */
export const PLAYGROUND_MAX_EVALUATIONS = 15_000;
