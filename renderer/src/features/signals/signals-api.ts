import type {
  ActionSet,
  ActionSetEvents,
  ActionSets,
  CreateActionSet,
  SignalEndpoint,
  SignalEndpointSignals,
  SignalEndpoints,
  SignalEndpointToken,
} from '../../../../server/contract';
import type { ApiClient } from '../../api/client';

export type { ActionSet, ActionSetEvents, CreateActionSet, SignalEndpoint, SignalEndpointToken };

/** Signal endpoints, their tokens and signals; action sets and their log (issue 15). */
export function signalsApi(client: ApiClient) {
  const endpoints = '/api/admin/signal-endpoints';
  return {
    listEndpoints: () => client.get<SignalEndpoints>(endpoints),
    createEndpoint: (body: { name: string; description?: string | null }) =>
      client.post<SignalEndpoint>(endpoints, body),
    setEndpointEnabled: (id: number, enabled: boolean) =>
      client.post<SignalEndpoint>(`${endpoints}/${id}/${enabled ? 'on' : 'off'}`),
    updateEndpoint: (id: number, body: { name: string; description: string | null }) =>
      client.put<SignalEndpoint>(`${endpoints}/${id}`, body),
    deleteEndpoint: (id: number) => client.delete<unknown>(`${endpoints}/${id}`),
    createToken: (id: number, name: string) =>
      client.post<SignalEndpointToken>(`${endpoints}/${id}/tokens`, { name }),
    renameToken: (id: number, tokenId: number, name: string) =>
      client.put<SignalEndpointToken>(`${endpoints}/${id}/tokens/${tokenId}`, { name }),
    deleteToken: (id: number, tokenId: number) =>
      client.delete<unknown>(`${endpoints}/${id}/tokens/${tokenId}`),
    listSignals: (id: number) =>
      client.get<SignalEndpointSignals>(`${endpoints}/${id}/signals`, { limit: 20 }),

    listActionSets: (project: string) =>
      client.get<ActionSets>(`/api/admin/projects/${encodeURIComponent(project)}/actions`),
    createActionSet: (project: string, body: CreateActionSet) =>
      client.post<ActionSet>(`/api/admin/projects/${encodeURIComponent(project)}/actions`, body),
    updateActionSet: (project: string, id: number, body: CreateActionSet) =>
      client.put<ActionSet>(`/api/admin/projects/${encodeURIComponent(project)}/actions/${id}`, body),
    setActionSetEnabled: (project: string, id: number, enabled: boolean) =>
      client.post<ActionSet>(
        `/api/admin/projects/${encodeURIComponent(project)}/actions/${id}/${enabled ? 'on' : 'off'}`,
      ),
    deleteActionSet: (project: string, id: number) =>
      client.delete<unknown>(`/api/admin/projects/${encodeURIComponent(project)}/actions/${id}`),
    listActionSetEvents: (project: string, id: number) =>
      client.get<ActionSetEvents>(`/api/admin/projects/${encodeURIComponent(project)}/actions/${id}/events`, {
        limit: 20,
      }),
  };
}

/** The shell command an outside system would run against an endpoint. */
export function curlExample(url: string, token = 'YOUR_TOKEN'): string {
  return [
    `curl --request POST '${url}' \\`,
    `  --header 'Authorization: Bearer ${token}' \\`,
    `  --header 'Content-Type: application/json' \\`,
    `  --data-raw '{"type": "incident", "status": "investigating"}'`,
  ].join('\n');
}
