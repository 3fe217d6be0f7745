import { type Static, Type } from 'typebox';
import { CreatedBySchema, DateTimeSchema, Nullable } from './admin-common';
import { CurrentLifecycleSchema } from './feature-lifecycle';
import { TagSchema } from './tags';

/** Flag search (`/api/admin/search/features`; searchFeaturesSchema). Filters use `IS:`-style operators. */

export const FeatureSearchQuerySchema = Type.Object({
  query: Type.Optional(Type.String()),
  project: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  lifecycle: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  createdBy: Type.Optional(Type.String()),
  tag: Type.Optional(Type.String()),
  segment: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  offset: Type.Optional(Type.String()),
  limit: Type.Optional(Type.String()),
  sortBy: Type.Optional(Type.String()),
  sortOrder: Type.Optional(Type.String()),
  favoritesFirst: Type.Optional(Type.String()),
  archived: Type.Optional(Type.String()),
  favorite: Type.Optional(Type.String()),
  createdAt: Type.Optional(Type.String()),
  lastSeenAt: Type.Optional(Type.String()),
});
export type FeatureSearchQuery = Static<typeof FeatureSearchQuerySchema>;

export const FeatureSearchEnvironmentSchema = Type.Object({
  name: Type.String(),
  environment: Type.String(),
  type: Type.String(),
  enabled: Type.Boolean(),
  sortOrder: Type.Number(),
  variantCount: Type.Number(),
  lastSeenAt: Nullable(DateTimeSchema),
  hasStrategies: Type.Boolean(),
  hasEnabledStrategies: Type.Boolean(),
  yes: Type.Integer(),
  no: Type.Integer(),
  changeRequestIds: Type.Array(Type.Number()),
});

export const FeatureSearchResultSchema = Type.Object({
  name: Type.String(),
  type: Type.String(),
  description: Nullable(Type.String()),
  dependencyType: Nullable(Type.Union([Type.Literal('parent'), Type.Literal('child')])),
  project: Type.String(),
  stale: Type.Boolean(),
  potentiallyStale: Type.Boolean(),
  favorite: Type.Boolean(),
  impressionData: Type.Boolean(),
  createdAt: Nullable(DateTimeSchema),
  archivedAt: Nullable(DateTimeSchema),
  lastSeenAt: Nullable(DateTimeSchema),
  environments: Type.Array(FeatureSearchEnvironmentSchema),
  segments: Type.Array(Type.String()),
  tags: Type.Array(TagSchema),
  lifecycle: Type.Optional(CurrentLifecycleSchema),
  createdBy: CreatedBySchema,
});
export type FeatureSearchResult = Static<typeof FeatureSearchResultSchema>;

export const SearchFeaturesSchema = Type.Object({
  features: Type.Array(FeatureSearchResultSchema),
  total: Type.Number(),
});
