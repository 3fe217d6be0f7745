import { useServerData } from '../../stores/use-server-data';
import type { Choices } from './action-set-labels';
import { signalsApi } from './signals-api';

/** What an action set can pick from: the signal endpoints, service accounts, the project's flags, environments. */
export function useActionSetChoices(projectId: string) {
  return useServerData(`project-action-choices:${projectId}`, async (api): Promise<Choices> => {
    const [endpoints, accounts, features, environments] = await Promise.all([
      signalsApi(api.client).listEndpoints(),
      api.client.get<{
        serviceAccounts: Array<{ id: number; name?: string | null; username?: string | null }>;
      }>('/api/admin/service-account'),
      api.client.get<{ features: Array<{ name: string }> }>(
        `/api/admin/projects/${encodeURIComponent(projectId)}/features`,
      ),
      api.client.get<{ environments: Array<{ name: string }> }>('/api/admin/environments'),
    ]);
    return {
      endpoints: endpoints.signalEndpoints.map(({ id, name }) => ({ id, name })),
      actors: accounts.serviceAccounts.map((a) => ({ id: a.id, name: a.name ?? a.username ?? `#${a.id}` })),
      flags: features.features.map((f) => f.name),
      environments: environments.environments.map((e) => e.name),
    };
  });
}
