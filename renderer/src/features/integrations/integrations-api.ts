import type {
  Addon,
  AddonCreateUpdate,
  Addons,
  AddonTestResult,
  IntegrationEvents,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';

/** Rows of the delivery history per page. */
export const HISTORY_PAGE_SIZE = 20;

/** Integrations (Unleash's addons, issue 16): providers, configurations, test events, deliveries. */
export function integrationsApi(client: ApiClient) {
  const addons = '/api/admin/addons';
  return {
    list: () => client.get<Addons>(addons),
    create: (body: AddonCreateUpdate) => client.post<Addon>(addons, body),
    update: (id: number, body: AddonCreateUpdate) => client.put<Addon>(`${addons}/${id}`, body),
    remove: (id: number) => client.delete<unknown>(`${addons}/${id}`),
    /** Sends a test event through the saved configuration, now. */
    testSaved: (id: number) => client.post<AddonTestResult>(`${addons}/${id}/test`),
    /** Sends a test event through a configuration not saved yet (the create form). */
    testDraft: (body: AddonCreateUpdate) => client.post<AddonTestResult>(`${addons}/test`, body),
    resume: (id: number) => client.post<Addon>(`${addons}/${id}/resume`),
    events: (id: number, offset: number) =>
      client.get<IntegrationEvents>(`${addons}/${id}/events`, { limit: HISTORY_PAGE_SIZE, offset }),
  };
}

/** The full body of a saved integration, for a PUT that changes one thing (enabled, say). */
export function bodyOf(addon: Addon, changes: Partial<AddonCreateUpdate> = {}): AddonCreateUpdate {
  return {
    provider: addon.provider,
    description: addon.description ?? '',
    enabled: addon.enabled,
    parameters: addon.parameters,
    events: addon.events,
    projects: addon.projects ?? [],
    environments: addon.environments ?? [],
    ...changes,
  };
}
