import type {
  CloneEnvironment,
  CreateEnvironment,
  Environment,
  UpdateEnvironment,
} from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';

export type { CloneEnvironment, CreateEnvironment, UpdateEnvironment };

const enc = encodeURIComponent;

/** The environment operations that need the server at once (shared/unleash/API.md, Environments). */
export function environmentsApi(api: AdminApi) {
  const { client } = api;
  return {
    create: (body: CreateEnvironment) => client.post<Environment>('/api/admin/environments', body),
    update: (name: string, body: UpdateEnvironment) =>
      client.put<Environment>(`/api/admin/environments/update/${enc(name)}`, body),
    clone: (source: string, body: CloneEnvironment) =>
      client.post<Environment>(`/api/admin/environments/${enc(source)}/clone`, body),
    remove: (name: string) => client.delete<unknown>(`/api/admin/environments/${enc(name)}`),
  };
}
