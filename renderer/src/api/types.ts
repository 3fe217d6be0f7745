import type { Static } from 'typebox';
import type {
  ApiTokenSchema,
  ApiTokensSchema,
  ApplicationSchema,
  ApplicationsSchema,
  ContextFieldSchema,
  ContextFieldsSchema,
  CreateApiTokenSchema,
  CreateProjectSchema,
  EnvironmentSchema,
  EnvironmentsSchema,
  EventSchema,
  EventSearchResponseSchema,
  FeatureSearchEnvironmentSchema,
  FeatureSearchResultSchema,
  FeatureTypeSchema,
  FeatureTypesSchema,
  GroupSchema,
  GroupsSchema,
  MeSchema,
  PatSchema,
  PatsSchema,
  ProjectOverviewSchema,
  ProjectSchema,
  ProjectsSchema,
  PublicSignupTokenSchema,
  PublicSignupTokensSchema,
  RoleSchema,
  RolesSchema,
  SearchFeaturesSchema,
  AdminSegmentSchema as SegmentSchema,
  SegmentsSchema,
  ServiceAccountSchema,
  ServiceAccountsSchema,
  TagSchema,
  TagTypeSchema,
  TagTypesSchema,
  UserSchema,
  UsersSchema,
  UsersSearchSchema,
} from '../../../server/contract';

/**
 * Admin API shapes the console reads and writes: the server's own wire contract (TypeBox schemas
 * in server/contract, which follow shared/unleash/SCHEMAS.md), imported as types only.
 */

export type User = Static<typeof UserSchema>;
export type Me = Static<typeof MeSchema>;
export type UsersResponse = Static<typeof UsersSchema>;
export type UsersSearchResponse = Static<typeof UsersSearchSchema>;

export type Project = Static<typeof ProjectSchema>;
export type ProjectsResponse = Static<typeof ProjectsSchema>;
export type CreateProjectBody = Static<typeof CreateProjectSchema>;
export type ProjectOverview = Static<typeof ProjectOverviewSchema>;

export type Tag = Static<typeof TagSchema>;
export type FeatureSearchEnvironment = Static<typeof FeatureSearchEnvironmentSchema>;
export type FeatureSearchItem = Static<typeof FeatureSearchResultSchema>;
export type FeatureSearchResponse = Static<typeof SearchFeaturesSchema>;

export type Environment = Static<typeof EnvironmentSchema>;
export type EnvironmentsResponse = Static<typeof EnvironmentsSchema>;

export type FeatureType = Static<typeof FeatureTypeSchema>;
export type FeatureTypesResponse = Static<typeof FeatureTypesSchema>;

export type AuditEvent = Static<typeof EventSchema>;
export type EventSearchResponse = Static<typeof EventSearchResponseSchema>;

export type ApiToken = Static<typeof ApiTokenSchema>;
export type ApiTokensResponse = Static<typeof ApiTokensSchema>;
export type CreateApiTokenBody = Static<typeof CreateApiTokenSchema>;

export type Segment = Static<typeof SegmentSchema>;
export type SegmentsResponse = Static<typeof SegmentsSchema>;
export type ContextField = Static<typeof ContextFieldSchema>;
export type ContextFieldsResponse = Static<typeof ContextFieldsSchema>;
export type TagType = Static<typeof TagTypeSchema>;
export type TagTypesResponse = Static<typeof TagTypesSchema>;
export type PersonalAccessToken = Static<typeof PatSchema>;
export type PersonalAccessTokensResponse = Static<typeof PatsSchema>;
export type Role = Static<typeof RoleSchema>;
export type RolesResponse = Static<typeof RolesSchema>;
export type Group = Static<typeof GroupSchema>;
export type GroupsResponse = Static<typeof GroupsSchema>;
export type ServiceAccount = Static<typeof ServiceAccountSchema>;
export type ServiceAccountsResponse = Static<typeof ServiceAccountsSchema>;
export type InviteLink = Static<typeof PublicSignupTokenSchema>;
export type InviteLinksResponse = Static<typeof PublicSignupTokensSchema>;
export type Application = Static<typeof ApplicationSchema>;
export type ApplicationsResponse = Static<typeof ApplicationsSchema>;
