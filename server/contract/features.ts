import { type Static, Type } from 'typebox';
import { CreatedBySchema, DateTimeSchema, Nullable } from './admin-common';
import {
  ConstraintSchema,
  StrategyParametersSchema,
  StrategyVariantSchema,
  VariantSchema,
} from './client-features';
import { CurrentLifecycleSchema } from './feature-lifecycle';
import { FeatureEnvironmentSafeguardSchema } from './impact-metrics';
import { ReleasePlanSchema } from './release-plans';
import { TagSchema } from './tags';

/**
 * Flags, their per-environment state, strategies and variants on the admin API
 * (shared/unleash/SCHEMAS.md: createFeatureSchema, featureSchema, featureStrategySchema,
 * featureEnvironmentSchema, variantsSchema...). Constraint and variant shapes are the client
 * API's: the admin payload is the same.
 */

/** The feature types a flag may have (shared/unleash/API.md §7.2); the set is fixed. */
export const FEATURE_TYPE_IDS = [
  'experiment',
  'kill-switch',
  'release',
  'operational',
  'permission',
  'sunset',
] as const;
export const FeatureTypeIdSchema = Type.Union(FEATURE_TYPE_IDS.map((id) => Type.Literal(id)));

export const CreateFeatureSchema = Type.Object(
  {
    name: Type.String(),
    type: Type.Optional(FeatureTypeIdSchema),
    description: Type.Optional(Nullable(Type.String())),
    impressionData: Type.Optional(Type.Boolean()),
    tags: Type.Optional(Type.Array(TagSchema)),
  },
  { additionalProperties: true },
);
export type CreateFeature = Static<typeof CreateFeatureSchema>;

export const UpdateFeatureSchema = Type.Object(
  {
    name: Type.Optional(Type.String()),
    description: Type.Optional(Nullable(Type.String())),
    type: Type.Optional(FeatureTypeIdSchema),
    stale: Type.Optional(Type.Boolean()),
    archived: Type.Optional(Type.Boolean()),
    impressionData: Type.Optional(Type.Boolean()),
    project: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type UpdateFeature = Static<typeof UpdateFeatureSchema>;

export const ValidateFeatureSchema = Type.Object({
  name: Type.String(),
  projectId: Type.Optional(Nullable(Type.String())),
});

export const CloneFeatureSchema = Type.Object(
  { name: Type.String(), replaceGroupId: Type.Optional(Type.Boolean()) },
  { description: 'Unknown properties are ignored, as Unleash does.' },
);
export type CloneFeature = Static<typeof CloneFeatureSchema>;

export const BatchFeaturesSchema = Type.Object({ features: Type.Array(Type.String()) });
export const BatchStaleSchema = Type.Object({ features: Type.Array(Type.String()), stale: Type.Boolean() });

export const ValidateArchiveFeaturesSchema = Type.Object({
  parentsWithChildFeatures: Type.Array(Type.String()),
  hasDeletedDependencies: Type.Boolean(),
});

/** A strategy as stored on a flag in one environment. */
export const FeatureStrategySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  featureName: Type.Optional(Type.String()),
  title: Nullable(Type.String()),
  disabled: Nullable(Type.Boolean()),
  sortOrder: Type.Number(),
  segments: Type.Array(Type.Number()),
  constraints: Type.Array(ConstraintSchema),
  variants: Type.Array(StrategyVariantSchema),
  parameters: StrategyParametersSchema,
});
export type FeatureStrategy = Static<typeof FeatureStrategySchema>;

/**
 * An item of a flag environment's strategy list: Unleash 8.2 adds `milestoneId`, null for the
 * flag's own strategies (the list leaves out those a release-plan milestone put there).
 */
export const FeatureStrategyListItemSchema = Type.Intersect([
  FeatureStrategySchema,
  Type.Object({ milestoneId: Nullable(Type.String()) }),
]);
export type FeatureStrategyListItem = Static<typeof FeatureStrategyListItemSchema>;

export const CreateFeatureStrategySchema = Type.Object({
  name: Type.String({ minLength: 1 }),
  title: Type.Optional(Nullable(Type.String())),
  disabled: Type.Optional(Nullable(Type.Boolean())),
  sortOrder: Type.Optional(Type.Number()),
  constraints: Type.Optional(Type.Array(ConstraintSchema)),
  variants: Type.Optional(Type.Array(StrategyVariantSchema)),
  parameters: Type.Optional(StrategyParametersSchema),
  segments: Type.Optional(Type.Array(Type.Number())),
});
export type CreateFeatureStrategy = Static<typeof CreateFeatureStrategySchema>;

export const UpdateFeatureStrategySchema = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1 })),
  title: Type.Optional(Nullable(Type.String())),
  disabled: Type.Optional(Nullable(Type.Boolean())),
  sortOrder: Type.Optional(Type.Number()),
  constraints: Type.Optional(Type.Array(ConstraintSchema)),
  variants: Type.Optional(Type.Array(StrategyVariantSchema)),
  parameters: Type.Optional(StrategyParametersSchema),
  segments: Type.Optional(Type.Array(Type.Number())),
});
export type UpdateFeatureStrategy = Static<typeof UpdateFeatureStrategySchema>;

export const SetStrategySortOrderSchema = Type.Array(
  Type.Object({ id: Type.String(), sortOrder: Type.Number() }),
);
export type SetStrategySortOrder = Static<typeof SetStrategySortOrderSchema>;

export const VariantsSchema = Type.Array(VariantSchema);

export const FeatureVariantsSchema = Type.Object({
  version: Type.Integer(),
  variants: Type.Array(VariantSchema),
});

export const PushVariantsSchema = Type.Object({
  variants: Type.Optional(Type.Array(VariantSchema)),
  environments: Type.Optional(Type.Array(Type.String())),
});

export const FeatureEnvironmentSchema = Type.Object({
  name: Type.String(),
  featureName: Type.Optional(Type.String()),
  environment: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  enabled: Type.Boolean(),
  sortOrder: Type.Optional(Type.Number()),
  variantCount: Type.Optional(Type.Number()),
  lastSeenAt: Type.Optional(Nullable(DateTimeSchema)),
  strategies: Type.Optional(Type.Array(FeatureStrategySchema)),
  variants: Type.Optional(Type.Array(VariantSchema)),
  hasStrategies: Type.Optional(Type.Boolean()),
  hasEnabledStrategies: Type.Optional(Type.Boolean()),
  /** The environment's release plans (issue 31 §3): Unleash's console reads plans only from here. */
  releasePlans: Type.Optional(Type.Array(ReleasePlanSchema)),
  safeguards: Type.Optional(Type.Array(FeatureEnvironmentSafeguardSchema)),
  yes: Type.Optional(Type.Integer()),
  no: Type.Optional(Type.Integer()),
});
export type FeatureEnvironment = Static<typeof FeatureEnvironmentSchema>;

export const FeatureDependencySchema = Type.Object({
  feature: Type.String(),
  enabled: Type.Optional(Type.Boolean()),
  variants: Type.Optional(Type.Array(Type.String())),
});

export const FeatureSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  description: Nullable(Type.String()),
  project: Type.String(),
  stale: Type.Boolean(),
  impressionData: Type.Boolean(),
  archived: Type.Boolean(),
  createdAt: Nullable(DateTimeSchema),
  archivedAt: Type.Optional(Nullable(DateTimeSchema)),
  createdBy: Type.Optional(CreatedBySchema),
  environments: Type.Optional(Type.Array(FeatureEnvironmentSchema)),
  tags: Type.Optional(Type.Array(TagSchema)),
  dependencies: Type.Optional(Type.Array(FeatureDependencySchema)),
  children: Type.Optional(Type.Array(Type.String())),
  lifecycle: Type.Optional(CurrentLifecycleSchema),
  links: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        url: Type.String(),
        title: Nullable(Type.String()),
        feature: Type.String(),
      }),
    ),
  ),
  collaborators: Type.Optional(Type.Object({ users: Type.Array(CreatedBySchema) })),
  favorite: Type.Optional(Type.Boolean()),
});
export type Feature = Static<typeof FeatureSchema>;

export const ProjectFeatureEnvironmentSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  enabled: Type.Boolean(),
  sortOrder: Type.Number(),
  variantCount: Type.Number(),
  lastSeenAt: Nullable(DateTimeSchema),
  hasStrategies: Type.Boolean(),
  hasEnabledStrategies: Type.Boolean(),
});

export const ProjectFeatureSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  description: Nullable(Type.String()),
  stale: Type.Boolean(),
  favorite: Type.Boolean(),
  impressionData: Type.Boolean(),
  createdAt: DateTimeSchema,
  environments: Type.Array(ProjectFeatureEnvironmentSchema),
  tags: Type.Optional(Type.Array(TagSchema)),
});
export const ProjectFeaturesSchema = Type.Object({
  version: Type.Integer(),
  features: Type.Array(ProjectFeatureSchema),
});

export const FeatureLinkSchema = Type.Object({
  url: Type.String({ minLength: 1 }),
  title: Type.Optional(Nullable(Type.String())),
});
export type FeatureLink = Static<typeof FeatureLinkSchema>;

export const ChangeProjectSchema = Type.Object({ newProjectId: Type.String() });

export const FeatureParamsSchema = Type.Object({ projectId: Type.String(), featureName: Type.String() });
export const FeatureEnvironmentParamsSchema = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
});
export const FeatureStrategyParamsSchema = Type.Object({
  projectId: Type.String(),
  featureName: Type.String(),
  environment: Type.String(),
  strategyId: Type.String(),
});
