import type { Static } from 'typebox';
import type {
  ApplicationEnvironmentInstancesSchema,
  ApplicationFeaturesSchema,
  ApplicationOverviewSchema,
} from '../../../../server/contract';
import { type ApiClient, isApiError } from '../../api/client';
import type { Application } from '../../api/types';

export type ApplicationOverview = Static<typeof ApplicationOverviewSchema>;
export type ApplicationFeature = Static<typeof ApplicationFeaturesSchema>['features'][number];
export type ApplicationInstance = Static<typeof ApplicationEnvironmentInstancesSchema>['instances'][number];

export interface ApplicationPageData {
  application: Application;
  overview: ApplicationOverview;
  /** Instances by environment name, for the environments the overview lists. */
  instances: Record<string, ApplicationInstance[]>;
  /** The flags it reported metrics for; null when the server has no such route (plain Unleash). */
  features: ApplicationFeature[] | null;
}

const enc = encodeURIComponent;

/** One application's registration, its overview and the instances of each of its environments. */
export async function loadApplicationPage(client: ApiClient, appName: string): Promise<ApplicationPageData> {
  const base = `/api/admin/metrics/applications/${enc(appName)}`;
  const [application, overview, features] = await Promise.all([
    client.get<Application>(base),
    client.get<ApplicationOverview>(`${base}/overview`),
    client
      .get<Static<typeof ApplicationFeaturesSchema>>(`${base}/features`)
      .then((answer) => answer.features)
      .catch((error: unknown) => {
        // The application itself is read beside it: a 404 here means the route is missing (Unleash).
        if (isApiError(error, 'NotFoundError')) return null;
        throw error;
      }),
  ]);
  const lists = await Promise.all(
    overview.environments.map((environment) =>
      client.get<Static<typeof ApplicationEnvironmentInstancesSchema>>(
        `/api/admin/metrics/instances/${enc(appName)}/environment/${enc(environment.name)}`,
      ),
    ),
  );
  const instances = Object.fromEntries(
    overview.environments.map((environment, index) => [environment.name, lists[index]?.instances ?? []]),
  );
  return { application, overview, instances, features };
}
