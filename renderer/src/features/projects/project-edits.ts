import type { FeatureNaming, ProjectMode } from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';
import { isApiError } from '../../api/client';
import type { CreateProjectBody } from '../../api/types';
import type { Edit, Snapshot } from '../../offline/outbox';
import type { ProjectAccess, ProjectOverview } from './project-api';

/** An outbox edit before it is given a profile (stores/editable-resources.ts EditDraft). */
type EditDraft = Omit<Edit, 'profileId'>;

/**
 * Offline-capable edits of one project: its name and description (kind `project`), its settings,
 * its environments and its members. Each kind has a snapshot of only what the page edits and a
 * reader that builds the same snapshot from the server when the outbox replays.
 */

const enc = encodeURIComponent;
const projectPath = (id: string) => `/api/admin/projects/${enc(id)}`;

async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isApiError(error, 'NotFoundError')) return null;
    throw error;
  }
}

const readOverview = (api: AdminApi, id: string) =>
  orNull(() => api.client.get<ProjectOverview>(`${projectPath(id)}/overview`));

/** Kind `project`: what the console edits of a project, whether it exists and is archived included. */
export const projectSnapshot = (project: {
  id: string;
  name: string;
  description?: string | null;
  archivedAt?: string | null;
}) => ({
  id: project.id,
  name: project.name,
  description: project.description ? project.description : null,
  archived: Boolean(project.archivedAt),
});

export interface ProjectSettings {
  mode: ProjectMode;
  defaultStickiness: string;
  featureLimit: number | null;
  /** Absent in edits queued before the naming pattern was editable: those leave it alone. */
  featureNaming?: FeatureNaming;
}

const namingSnapshot = (naming: FeatureNaming) => ({
  pattern: naming.pattern || null,
  example: naming.example || null,
  description: naming.description || null,
});

export const projectSettingsSnapshot = (settings: ProjectSettings) => ({
  mode: settings.mode,
  defaultStickiness: settings.defaultStickiness,
  featureLimit: settings.featureLimit ?? null,
  ...(settings.featureNaming ? { featureNaming: namingSnapshot(settings.featureNaming) } : {}),
});

export type MemberKind = 'user' | 'group';
export const memberTarget = (project: string, kind: MemberKind, id: number) => `${project}/${kind}/${id}`;
export const environmentTarget = (project: string, environment: string) => `${project}/${environment}`;

type Member = ProjectAccess['users'][number] | ProjectAccess['groups'][number];

export function rolesOf(member: Member): number[] {
  const roles = member.roles?.length ? member.roles : member.roleId !== undefined ? [member.roleId] : [];
  return [...new Set(roles)].sort((a, b) => a - b);
}

const memberSnapshot = (roles: readonly number[] | null) =>
  roles === null ? null : { roles: [...roles].sort((a, b) => a - b) };

export function projectDetailsEdit(
  overview: Pick<ProjectOverview, 'name' | 'description' | 'archivedAt'>,
  id: string,
  changes: { name: string; description: string },
): EditDraft {
  return {
    kind: 'project',
    target: id,
    summary: `Rename or describe the project ${overview.name}`,
    request: { method: 'PUT', path: projectPath(id), body: changes },
    base: projectSnapshot({ id, ...overview }),
    mine: projectSnapshot({ id, archivedAt: overview.archivedAt, ...changes }),
  };
}

export function projectSettingsEdit(id: string, current: ProjectSettings, next: ProjectSettings): EditDraft {
  return {
    kind: 'project-settings',
    target: id,
    summary: `Change the settings of the project ${id}`,
    request: { method: 'PUT', path: `${projectPath(id)}/settings`, body: projectSettingsSnapshot(next) },
    base: projectSettingsSnapshot(current),
    mine: projectSettingsSnapshot(next),
  };
}

export type ProjectLifecycleAction = 'archive' | 'revive' | 'delete';

export function projectLifecycleEdit(
  id: string,
  overview: Pick<ProjectOverview, 'name' | 'description' | 'archivedAt'>,
  action: ProjectLifecycleAction,
): EditDraft {
  const base = projectSnapshot({ id, ...overview });
  const request =
    action === 'delete'
      ? ({ method: 'DELETE', path: projectPath(id) } as const)
      : ({ method: 'POST', path: `/api/admin/projects/${action}/${enc(id)}` } as const);
  const verb = { archive: 'Archive', revive: 'Revive', delete: 'Delete' }[action];
  return {
    kind: 'project',
    target: id,
    summary: `${verb} the project ${overview.name}`,
    request,
    base,
    mine: action === 'delete' ? null : { ...base, archived: action === 'archive' },
  };
}

export function projectEnvironmentEdit(id: string, environment: string, enable: boolean): EditDraft {
  return {
    kind: 'project-environment',
    target: environmentTarget(id, environment),
    summary: `${enable ? 'Add' : 'Remove'} the environment ${environment} ${enable ? 'to' : 'from'} the project ${id}`,
    request: enable
      ? { method: 'POST', path: `${projectPath(id)}/environments`, body: { environment } }
      : { method: 'DELETE', path: `${projectPath(id)}/environments/${enc(environment)}` },
    base: { enabled: !enable },
    mine: { enabled: enable },
  };
}

export interface MemberChange {
  project: string;
  kind: MemberKind;
  id: number;
  /** For the summary: the user's or group's name. */
  name: string;
  /** The member's roles now; null when not a member yet. */
  current: readonly number[] | null;
}

/** Adds a member with one role, replaces its roles, or (roles null) removes it from the project. */
export function projectMemberEdit(change: MemberChange, roles: readonly number[] | null): EditDraft {
  const { project, kind, id, name, current } = change;
  const memberPath = `${projectPath(project)}/${kind}s/${id}/roles`;
  const request =
    roles === null
      ? ({ method: 'DELETE', path: memberPath } as const)
      : current === null
        ? ({
            method: 'POST',
            path: `${projectPath(project)}/access`,
            body: { roles, users: kind === 'user' ? [id] : [], groups: kind === 'group' ? [id] : [] },
          } as const)
        : ({ method: 'PUT', path: memberPath, body: { roles } } as const);
  const summary =
    roles === null
      ? `Remove ${name} from the project ${project}`
      : current === null
        ? `Add ${name} to the project ${project}`
        : `Change the role of ${name} in the project ${project}`;
  return {
    kind: 'project-member',
    target: memberTarget(project, kind, id),
    summary,
    request,
    base: memberSnapshot(current),
    mine: memberSnapshot(roles),
  };
}

type Reader = (api: AdminApi, target: string) => Promise<Snapshot | null>;

export function createProjectEdit(body: CreateProjectBody & { id: string }): EditDraft {
  return {
    kind: 'project',
    target: body.id,
    summary: `Create the project ${body.name} (${body.id})`,
    request: { method: 'POST', path: '/api/admin/projects', body },
    base: null,
    mine: projectSnapshot({ id: body.id, name: body.name, description: body.description ?? null }),
  };
}

/** Readers for the outbox replay (gathered in app/resource-readers.ts). */
export const PROJECT_READERS: Record<string, Reader> = {
  project: async (api, id) => {
    const overview = await readOverview(api, id);
    return overview ? projectSnapshot({ id, ...overview }) : null;
  },
  'project-settings': async (api, id) => {
    const overview = await readOverview(api, id);
    return overview ? projectSettingsSnapshot(overview) : null;
  },
  'project-environment': async (api, target) => {
    const [id = '', environment] = splitOnce(target);
    const overview = await readOverview(api, id);
    if (!overview) return null;
    return { enabled: overview.environments.some((entry) => entry.environment === environment) };
  },
  'project-member': async (api, target) => {
    const [project, kind, rawId] = target.split('/');
    const access = await orNull(() => api.client.get<ProjectAccess>(`${projectPath(project ?? '')}/access`));
    const members: Member[] = (kind === 'group' ? access?.groups : access?.users) ?? [];
    const member = members.find((candidate) => candidate.id === Number(rawId));
    return member ? memberSnapshot(rolesOf(member)) : null;
  },
};

/** Project ids cannot hold `/`; environment names might, so only the first one separates. */
function splitOnce(target: string): [string, string] {
  const index = target.indexOf('/');
  return index === -1 ? [target, ''] : [target.slice(0, index), target.slice(index + 1)];
}
