import type { ApiClient } from '../../api/client';
import { projectPath } from '../../router/paths';
import type {
  ChangeRequest,
  ChangeRequestConfig,
  ChangeRequestCreate,
  ChangeRequestListItem,
  ChangeRequestReviewers,
  ChangeRequestSearchResponse,
  ChangeRequestState,
} from './change-request-types';

const enc = encodeURIComponent;

/** The change-request operations of Unleash (shared/unleash/API.md §6 "Change Requests", §10.1). */
export const changeRequestsPath = (project: string) => `/api/admin/projects/${enc(project)}/change-requests`;
export const changeRequestPath = (project: string, id: number) => `${changeRequestsPath(project)}/${id}`;
export const draftPath = (project: string, environment: string) =>
  `/api/admin/projects/${enc(project)}/environments/${enc(environment)}/change-requests`;
export const changePath = (project: string, id: number, changeId: number) =>
  `${changeRequestPath(project, id)}/changes/${changeId}`;

/** `/projects/:projectId/change-requests/:id`: the id a path names, if any (Unleash's UI path). */
export function changeRequestOfPath(path: string): { project: string; id: number } | null {
  const [root, project, section, id] = path.split('/').filter(Boolean);
  if (root !== 'projects' || !project || section !== 'change-requests' || !id || !/^\d{1,15}$/.test(id))
    return null;
  try {
    return { project: decodeURIComponent(project), id: Number(id) };
  } catch {
    return null;
  }
}

/** The console's page of a change request, Unleash's UI path. */
export const changeRequestPagePath = (project: string, id: number) =>
  `${projectPath(project, 'change-requests')}/${id}`;

/** Query-cache keys, so a write can name what it made stale and screens share answers. */
export const configKey = (project: string) => `change-request-config:${project}`;
export const changeRequestKey = (project: string, id: number) => `change-request:${project}/${id}`;

export interface ScheduleBody {
  state: 'Scheduled';
  scheduledAt: string;
  comment?: string;
}

export function createChangeRequestApi(client: ApiClient) {
  return {
    config: (project: string, signal?: AbortSignal) =>
      client.get<ChangeRequestConfig>(`${changeRequestsPath(project)}/config`, undefined, signal),
    updateConfig: (project: string, environment: string, enabled: boolean, requiredApprovals: number) =>
      client.put<unknown>(`${draftPath(project, environment)}/config`, {
        changeRequestsEnabled: enabled,
        requiredApprovals,
      }),
    list: (project: string, signal?: AbortSignal) =>
      client.get<ChangeRequestListItem[]>(changeRequestsPath(project), undefined, signal),
    /** The caller's open change requests in the project (drafts included). */
    pendingForMe: (project: string, signal?: AbortSignal) =>
      client.get<ChangeRequestListItem[]>(`${changeRequestsPath(project)}/pending`, undefined, signal),
    pendingForFlag: (project: string, feature: string, signal?: AbortSignal) =>
      client.get<ChangeRequestListItem[]>(
        `${changeRequestsPath(project)}/pending/${enc(feature)}`,
        undefined,
        signal,
      ),
    actionableCount: (project: string, signal?: AbortSignal) =>
      client.get<{ total: number }>(`${changeRequestsPath(project)}/actionable`, undefined, signal),
    get: (project: string, id: number, signal?: AbortSignal) =>
      client.get<ChangeRequest>(changeRequestPath(project, id), undefined, signal),
    addChanges: (
      project: string,
      environment: string,
      changes: ChangeRequestCreate | ChangeRequestCreate[],
    ) => client.post<ChangeRequest>(draftPath(project, environment), changes),
    editChange: (project: string, id: number, changeId: number, change: ChangeRequestCreate) =>
      client.put<ChangeRequest>(changePath(project, id, changeId), change),
    discardChange: (project: string, id: number, changeId: number) =>
      client.delete<unknown>(changePath(project, id, changeId)),
    setState: (
      project: string,
      id: number,
      body: { state: ChangeRequestState; comment?: string } | ScheduleBody,
    ) => client.put<ChangeRequest>(`${changeRequestPath(project, id)}/state`, body),
    discardDraft: (project: string, id: number) => client.delete<unknown>(changeRequestPath(project, id)),
    setTitle: (project: string, id: number, title: string) =>
      client.put<unknown>(`${changeRequestPath(project, id)}/title`, { title }),
    comment: (project: string, id: number, text: string) =>
      client.post<unknown>(`${changeRequestPath(project, id)}/comments`, { text }),
    approvers: (project: string, id: number, signal?: AbortSignal) =>
      client.get<ChangeRequestReviewers>(`${changeRequestPath(project, id)}/approvers`, undefined, signal),
    setApprovers: (project: string, id: number, reviewers: number[]) =>
      client.put<unknown>(`${changeRequestPath(project, id)}/approvers`, { reviewers }),
    availableReviewers: (project: string, environment: string, signal?: AbortSignal) =>
      client.get<ChangeRequestReviewers>(
        `${changeRequestsPath(project)}/available-reviewers/${enc(environment)}`,
        undefined,
        signal,
      ),
    search: (query: Record<string, string | number>, signal?: AbortSignal) =>
      client.get<ChangeRequestSearchResponse>('/api/admin/search/change-requests', query, signal),
  };
}

export type ChangeRequestApi = ReturnType<typeof createChangeRequestApi>;
