import type { ApiClient } from './client';
import {
  type EventSearchFilters,
  eventSearchQuery,
  type FeatureSearchFilters,
  featureSearchQuery,
} from './search-params';
import type {
  ApiToken,
  ApiTokensResponse,
  ApplicationsResponse,
  ContextFieldsResponse,
  CreateApiTokenBody,
  Environment,
  EnvironmentsResponse,
  EventSearchResponse,
  FeatureSearchResponse,
  FeatureTypesResponse,
  GroupsResponse,
  InviteLinksResponse,
  Me,
  ProjectsResponse,
  RolesResponse,
  SegmentsResponse,
  ServiceAccountsResponse,
  TagTypesResponse,
  User,
  UsersResponse,
  UsersSearchResponse,
} from './types';

const enc = encodeURIComponent;

/**
 * The admin operations the console uses, on Unleash's paths (shared/unleash/API.md §6). Each
 * returns the parsed body; errors arrive as ApiError / NetworkError from the client.
 */
export function createAdminApi(client: ApiClient) {
  return {
    client,

    // Identity (issue 3)
    me: () => client.get<Me>('/api/admin/user'),
    login: (username: string, password: string) =>
      client.post<User>('/auth/simple/login', { username, password }),
    logout: () => client.post<unknown>('/logout'),

    // Projects
    listProjects: () => client.get<ProjectsResponse>('/api/admin/projects'),

    // Flags
    searchFeatures: (filters: FeatureSearchFilters, signal?: AbortSignal) =>
      client.get<FeatureSearchResponse>('/api/admin/search/features', featureSearchQuery(filters), signal),

    // Environments
    listEnvironments: () => client.get<EnvironmentsResponse>('/api/admin/environments'),
    getEnvironment: (name: string) => client.get<Environment>(`/api/admin/environments/${enc(name)}`),

    // Feature types
    listFeatureTypes: () => client.get<FeatureTypesResponse>('/api/admin/feature-types'),

    // Events
    searchEvents: (filters: EventSearchFilters, signal?: AbortSignal) =>
      client.get<EventSearchResponse>('/api/admin/search/events', eventSearchQuery(filters), signal),

    // API tokens
    listApiTokens: () => client.get<ApiTokensResponse>('/api/admin/api-tokens'),
    createApiToken: (body: CreateApiTokenBody) => client.post<ApiToken>('/api/admin/api-tokens', body),
    /** By the token's non-secret prefix, which the `{token}` parameter accepts (server/contract/api-tokens.ts). */
    deleteApiToken: (prefix: string) => client.delete<unknown>(`/api/admin/api-tokens/${enc(prefix)}`),

    // Read-only lists of the areas whose editing screens are still to come
    listSegments: () => client.get<SegmentsResponse>('/api/admin/segments'),
    listContextFields: () => client.get<ContextFieldsResponse>('/api/admin/context'),
    listTagTypes: () => client.get<TagTypesResponse>('/api/admin/tag-types'),
    listUsers: () => client.get<UsersResponse>('/api/admin/user-admin'),
    searchUsers: (q: string) => client.get<UsersSearchResponse>('/api/admin/user-admin/search', { q }),
    listRoles: () => client.get<RolesResponse>('/api/admin/roles'),
    listGroups: () => client.get<GroupsResponse>('/api/admin/groups'),
    listServiceAccounts: () => client.get<ServiceAccountsResponse>('/api/admin/service-account'),
    listInviteLinks: () => client.get<InviteLinksResponse>('/api/admin/invite-link/tokens'),
    listApplications: () => client.get<ApplicationsResponse>('/api/admin/metrics/applications'),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
