import type { AdminApi } from '../../api/admin-api';
import type { Edit, Snapshot } from '../../offline/outbox';
import { changePath, createChangeRequestApi, draftPath } from './change-request-api';
import type { ChangeRequestCreate, ChangeRequestEnvironmentConfig } from './change-request-types';

/**
 * Change-request mode (issue 13): while an environment requires change requests, the flag page's
 * direct edits (outbox drafts built by flag-edits.ts and strategy-edits.ts) are turned into
 * changes added to the caller's draft, `POST …/environments/{env}/change-requests`. They travel
 * through the same outbox, so drafting works offline and replays on reconnect.
 */
type EditDraft = Omit<Edit, 'profileId'>;

export const DRAFT_CHANGE_KIND = 'change-request-change';
export const CONFIG_KIND = 'change-request-config';

/** Where a direct edit writes: its flag, and its environment unless the edit is project-wide. */
interface EditPlace {
  project: string;
  feature: string;
  environment: string | null;
  /** The strategy id of a strategy edit, or the parent flag of a dependency edit. */
  id?: string;
}

/** flag-edits.ts targets are `project/flag/environment|parent`, raw; strategy-edits.ts encodes each part. */
function placeOf(draft: EditDraft): EditPlace | null {
  const parts = draft.target.split('/');
  const decoded = draft.kind.startsWith('strategy') ? parts.map(safeDecode) : parts;
  const [project, feature, third, id] = decoded;
  if (!project || !feature || !third) return null;
  if (draft.kind === 'flag-dependency') return { project, feature, environment: null, id: third };
  return { project, feature, environment: third, ...(id ? { id } : {}) };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The change a direct edit stands for, or null for an edit change requests do not govern. */
export function changeOfEdit(draft: EditDraft): { place: EditPlace; change: ChangeRequestCreate } | null {
  const place = placeOf(draft);
  if (!place) return null;
  const feature = place.feature;
  const body = draft.request.body;
  switch (draft.kind) {
    case 'flag-environment': {
      const enabled = (draft.mine as { enabled?: boolean } | null)?.enabled;
      if (typeof enabled !== 'boolean') return null;
      return { place, change: { feature, action: 'updateEnabled', payload: { enabled } } };
    }
    case 'strategy': {
      if (draft.request.method === 'POST')
        return { place, change: { feature, action: 'addStrategy', payload: body } };
      if (!place.id) return null;
      if (draft.request.method === 'PUT')
        return {
          place,
          change: { feature, action: 'updateStrategy', payload: { ...(body as object), id: place.id } },
        };
      if (draft.request.method === 'DELETE')
        return { place, change: { feature, action: 'deleteStrategy', payload: { id: place.id } } };
      return null;
    }
    case 'strategy-order':
      return { place, change: { feature, action: 'reorderStrategy', payload: body } };
    case 'flag-variants':
      return { place, change: { feature, action: 'patchVariant', payload: { variants: body } } };
    case 'flag-dependency':
      // A flag has one parent in Unleash: deleteDependency removes it, whichever it is.
      return draft.request.method === 'DELETE'
        ? { place, change: { feature, action: 'deleteDependency' } }
        : { place, change: { feature, action: 'addDependency', payload: body } };
    default:
      return null;
  }
}

/** The target of a draft change in the outbox: `project/environment/…`, so a counter can find them. */
export const draftTargetPrefix = (project: string, environment: string) =>
  `${encodeURIComponent(project)}/${encodeURIComponent(environment)}/`;

/**
 * The direct edit as a change for a draft, or null when change requests do not govern it.
 * `draftEnvironment` says which environment's draft takes an edit of `environment` (null for
 * project-wide edits such as dependencies), or null when that edit is written directly.
 */
export function toDraftChange(
  draft: EditDraft,
  draftEnvironment: (environment: string | null) => string | null,
): EditDraft | null {
  const found = changeOfEdit(draft);
  if (!found) return null;
  const environment = draftEnvironment(found.place.environment);
  if (!environment) return null;
  const { place, change } = found;
  return {
    kind: DRAFT_CHANGE_KIND,
    target: `${draftTargetPrefix(place.project, environment)}${draft.kind}/${draft.target}`,
    summary: `Add to your change request draft in ${environment}: ${draft.summary}`,
    request: { method: 'POST', path: draftPath(place.project, environment), body: change },
    base: null,
    mine: change,
  };
}

/** Replaces one change of a request (`PUT …/changes/{changeId}`); the server gives it a new id. */
export function editChangeEdit(
  request: { project: string; environment: string; id: number },
  changeId: number,
  change: ChangeRequestCreate,
  summary: string,
): EditDraft {
  return {
    kind: DRAFT_CHANGE_KIND,
    target: `${draftTargetPrefix(request.project, request.environment)}${request.id}/${changeId}`,
    summary,
    request: { method: 'PUT', path: changePath(request.project, request.id, changeId), body: change },
    base: null,
    mine: change,
  };
}

/** The configuration of one environment as the outbox compares it. */
export const configSnapshot = (enabled: boolean, requiredApprovals: number | null) => ({
  enabled,
  requiredApprovals: enabled ? clampApprovals(requiredApprovals ?? 1) : null,
});

/** Unleash clamps required approvals to 1..10 rather than refusing (API.md §10.1); so does the form. */
export function clampApprovals(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(10, Math.max(1, Math.round(value)));
}

export const configTarget = (project: string, environment: string) =>
  `${encodeURIComponent(project)}/${encodeURIComponent(environment)}`;

export function configEdit(
  project: string,
  current: ChangeRequestEnvironmentConfig,
  enabled: boolean,
  requiredApprovals: number,
): EditDraft {
  const approvals = clampApprovals(requiredApprovals);
  return {
    kind: CONFIG_KIND,
    target: configTarget(project, current.environment),
    summary: enabled
      ? `Require change requests with ${approvals} approval${approvals === 1 ? '' : 's'} in ${current.environment} of ${project}`
      : `Stop requiring change requests in ${current.environment} of ${project}`,
    request: {
      method: 'PUT',
      path: `${draftPath(project, current.environment)}/config`,
      body: { changeRequestsEnabled: enabled, requiredApprovals: approvals },
    },
    base: configSnapshot(current.changeRequestEnabled, current.requiredApprovals),
    mine: configSnapshot(enabled, approvals),
  };
}

/**
 * A change added to a draft is not an object the console can read back by its target (the server
 * numbers it), so replay always finds "not there yet" (null, the base) and sends it once.
 */
export const CHANGE_REQUEST_READERS: Record<
  string,
  (api: AdminApi, target: string) => Promise<Snapshot | null>
> = {
  [DRAFT_CHANGE_KIND]: async () => null,
  [CONFIG_KIND]: async (api, target) => {
    const [project = '', environment = ''] = target.split('/').map(decodeURIComponent);
    const config = await createChangeRequestApi(api.client).config(project);
    const entry = config.find((candidate) => candidate.environment === environment);
    return entry ? configSnapshot(entry.changeRequestEnabled, entry.requiredApprovals) : null;
  },
};
