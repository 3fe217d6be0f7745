import type { CreateStrategy, StrategyDefinition, UpdateStrategy } from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';
import type { StrategyDefinitionsResponse } from '../strategies/index';

export type { CreateStrategy, StrategyDefinition, UpdateStrategy };

const enc = encodeURIComponent;

/** Strategy definitions (`/api/admin/strategies`): the built-in ones and the operator's custom ones. */
export function strategyDefinitionsApi(api: AdminApi) {
  const { client } = api;
  return {
    list: () => client.get<StrategyDefinitionsResponse>('/api/admin/strategies'),
    create: (body: CreateStrategy) => client.post<StrategyDefinition>('/api/admin/strategies', body),
    update: (name: string, body: UpdateStrategy) =>
      client.put<unknown>(`/api/admin/strategies/${enc(name)}`, body),
    remove: (name: string) => client.delete<unknown>(`/api/admin/strategies/${enc(name)}`),
    deprecate: (name: string) => client.post<unknown>(`/api/admin/strategies/${enc(name)}/deprecate`),
    reactivate: (name: string) => client.post<unknown>(`/api/admin/strategies/${enc(name)}/reactivate`),
  };
}
