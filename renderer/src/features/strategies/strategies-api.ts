import type { Static } from 'typebox';
import type {
  Constraint,
  CreateFeatureStrategy,
  FeatureStrategy,
  ReleasePlanMilestoneStrategy,
  SetStrategySortOrder,
  StrategyDefinitionsSchema,
  StrategyVariant,
  UpdateFeatureStrategy,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';

export type {
  Constraint,
  CreateFeatureStrategy,
  FeatureStrategy,
  ReleasePlanMilestoneStrategy,
  StrategyVariant,
  UpdateFeatureStrategy,
};
export type StrategyDefinitionsResponse = Static<typeof StrategyDefinitionsSchema>;
export type StrategyDefinition = StrategyDefinitionsResponse['strategies'][number];

const enc = encodeURIComponent;

/** Where a flag's strategies live in one environment (shared/unleash/API.md §6, feature strategies). */
export interface StrategyLocation {
  project: string;
  flagName: string;
  environment: string;
}

export function strategiesPath({ project, flagName, environment }: StrategyLocation): string {
  return `/api/admin/projects/${enc(project)}/features/${enc(flagName)}/environments/${enc(environment)}/strategies`;
}

export function strategyPath(location: StrategyLocation, id: string): string {
  return `${strategiesPath(location)}/${enc(id)}`;
}

export function createStrategiesApi(client: ApiClient) {
  return {
    listDefinitions: () => client.get<StrategyDefinitionsResponse>('/api/admin/strategies'),
    list: (location: StrategyLocation, signal?: AbortSignal) =>
      client.get<FeatureStrategy[]>(strategiesPath(location), undefined, signal),
    get: (location: StrategyLocation, id: string) => client.get<FeatureStrategy>(strategyPath(location, id)),
    create: (location: StrategyLocation, body: CreateFeatureStrategy) =>
      client.post<FeatureStrategy>(strategiesPath(location), body),
    update: (location: StrategyLocation, id: string, body: UpdateFeatureStrategy) =>
      client.put<FeatureStrategy>(strategyPath(location, id), body),
    remove: (location: StrategyLocation, id: string) => client.delete<unknown>(strategyPath(location, id)),
    setSortOrder: (location: StrategyLocation, order: SetStrategySortOrder) =>
      client.post<unknown>(`${strategiesPath(location)}/set-sort-order`, order),
  };
}

/**
 * The strategies of one milestone of a release template (issue 14): the same form edits them. Templates
 * belong to no project, so only global segments apply; `groupName` stands in for the flag name where
 * the form fills a default group id.
 */
export interface MilestoneStrategyLocation {
  templateId: string;
  milestoneId: string;
  groupName: string;
}

export function isMilestoneLocation(
  location: StrategyLocation | MilestoneStrategyLocation,
): location is MilestoneStrategyLocation {
  return 'milestoneId' in location;
}

export function milestoneStrategiesPath({ templateId, milestoneId }: MilestoneStrategyLocation): string {
  return `/api/admin/release-plan-templates/${enc(templateId)}/milestones/${enc(milestoneId)}/strategies`;
}
