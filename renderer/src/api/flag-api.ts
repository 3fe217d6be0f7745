import type { Static } from 'typebox';
import type {
  CreateDependentFeature,
  CreateFeature,
  Feature,
  FeatureEnvironment,
  FeatureEventsSchema,
  FeatureMetrics,
  FeatureVariantsSchema,
  Override,
  TagsSchema,
  Variant,
  VariantPayload,
} from '../../../server/contract';
import type { ApiClient } from './client';
import { featureSearchQuery } from './search-params';
import type { FeatureSearchResponse } from './types';

export type {
  CreateDependentFeature,
  CreateFeature,
  Feature,
  FeatureEnvironment,
  FeatureMetrics,
  Override,
  Variant,
  VariantPayload,
};
export type FeatureVariantsResponse = Static<typeof FeatureVariantsSchema>;
export type FeatureTagsResponse = Static<typeof TagsSchema>;
export type FeatureEventsResponse = Static<typeof FeatureEventsSchema>;

const enc = encodeURIComponent;

/** A flag is addressed by its project and name on the admin API (shared/unleash/API.md §6). */
export interface FlagRef {
  project: string;
  name: string;
}

export function flagPath({ project, name }: FlagRef): string {
  return `/api/admin/projects/${enc(project)}/features/${enc(name)}`;
}

export function flagEnvironmentPath(flag: FlagRef, environment: string): string {
  return `${flagPath(flag)}/environments/${enc(environment)}`;
}

export function flagTagsPath(name: string): string {
  return `/api/admin/features/${enc(name)}/tags`;
}

export function flagDependenciesPath(flag: FlagRef): string {
  return `${flagPath(flag)}/dependencies`;
}

/** The console's own link to a flag's page, Unleash's path. */
export { flagPath as flagPagePath } from '../router/paths';

/** Reads and online-only actions of the flag page; routine edits go through the outbox (flag-edits.ts). */
export function createFlagPageApi(client: ApiClient) {
  return {
    getFlag: (flag: FlagRef, signal?: AbortSignal) => client.get<Feature>(flagPath(flag), undefined, signal),
    getVariants: (flag: FlagRef, environment: string, signal?: AbortSignal) =>
      client.get<FeatureVariantsResponse>(
        `${flagEnvironmentPath(flag, environment)}/variants`,
        undefined,
        signal,
      ),
    getTags: (name: string, signal?: AbortSignal) =>
      client.get<FeatureTagsResponse>(flagTagsPath(name), undefined, signal),
    parentOptions: (flag: FlagRef) => client.get<string[]>(`${flagPath(flag)}/parents`),
    parentVariants: (project: string, parent: string) =>
      client.get<string[]>(`${flagPath({ project, name: parent })}/parent-variants`),
    /** The newest 100 events of the flag, newest first. */
    events: (name: string, signal?: AbortSignal) =>
      client.get<FeatureEventsResponse>(`/api/admin/events/${enc(name)}`, undefined, signal),
    rawMetrics: (name: string, hoursBack: number, signal?: AbortSignal) =>
      client.get<FeatureMetrics>(
        `/api/admin/client-metrics/features/${enc(name)}/raw`,
        { hoursBack },
        signal,
      ),
    /** The archived flag of this name in the project, if any (archived flags are not found by getFlag). */
    findArchived: async (flag: FlagRef, signal?: AbortSignal) => {
      const query = {
        ...featureSearchQuery({ query: flag.name, project: flag.project, limit: 50 }),
        archived: 'IS:true',
      };
      const found = await client.get<FeatureSearchResponse>('/api/admin/search/features', query, signal);
      return found.features.find((candidate) => candidate.name === flag.name) ?? null;
    },
    /** Answers 200 for a free, valid name; otherwise Unleash's error (name taken, not URL-friendly, pattern). */
    validateName: (name: string, projectId: string | null) =>
      client.post<unknown>('/api/admin/features/validate', { name, projectId }),
    archive: (flag: FlagRef) => client.delete<unknown>(flagPath(flag)),
    revive: (flag: FlagRef) =>
      client.post<unknown>(`/api/admin/projects/${enc(flag.project)}/revive`, { features: [flag.name] }),
  };
}

export type FlagPageApi = ReturnType<typeof createFlagPageApi>;
