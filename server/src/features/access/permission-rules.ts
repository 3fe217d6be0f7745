import {
  ENVIRONMENT_PERMISSIONS,
  type Permission,
  PROJECT_PERMISSIONS,
  PSEUDO_PERMISSIONS,
  ROOT_PERMISSIONS,
} from '../../../contract';
import type { Grants, ProjectGrants } from '../../lib/caller';

/**
 * Pure permission resolution (shared/unleash/API.md §7.2): which grants a user holds, and
 * whether they allow an operation in a project and environment. No I/O, unit-tested.
 */

export type PermissionKind = 'root' | 'project' | 'environment' | 'pseudo';

/** Project-scoped checks without a project (no `:projectId`) resolve against this one. */
export const DEFAULT_PROJECT = 'default';
/** A role_permission environment meaning every environment. */
export const ALL_ENVIRONMENTS = '*';

const KIND = new Map<string, PermissionKind>([
  ...ROOT_PERMISSIONS.map((p) => [p, 'root'] as const),
  ...PROJECT_PERMISSIONS.map((p) => [p, 'project'] as const),
  ...ENVIRONMENT_PERMISSIONS.map((p) => [p, 'environment'] as const),
  ...PSEUDO_PERMISSIONS.map((p) => [p, 'pseudo'] as const),
]);

export function permissionKind(permission: string): PermissionKind | undefined {
  return KIND.get(permission);
}

/** Whoever may update a project may read and change its access, settings and defaults [I: §7.2]. */
const IMPLIED_BY_UPDATE_PROJECT = [
  'PROJECT_USER_ACCESS_READ',
  'PROJECT_USER_ACCESS_WRITE',
  'PROJECT_DEFAULT_STRATEGY_READ',
  'PROJECT_DEFAULT_STRATEGY_WRITE',
  'PROJECT_CHANGE_REQUEST_READ',
  'PROJECT_CHANGE_REQUEST_WRITE',
  'PROJECT_SETTINGS_READ',
  'PROJECT_SETTINGS_WRITE',
];

/** One permission a user holds through one role assignment. */
export interface GrantRow {
  /** null: granted through the root role (the user's own or a group's). */
  project: string | null;
  permission: string;
  /** '' for root and project permissions; an environment name or '*' otherwise. */
  environment: string;
}

interface MutableProjectGrants {
  permissions: Set<string>;
  environments: Map<string, Set<string>>;
}

/**
 * Folds role rows into grants. A root role's project and environment permissions apply to the
 * default project only (Unleash assigns root roles on `default`); project roles hold no root
 * permissions.
 */
export function buildGrants(rows: Iterable<GrantRow>): Grants {
  const root = new Set<string>();
  const projects = new Map<string, MutableProjectGrants>();
  const projectGrants = (project: string) => {
    let grants = projects.get(project);
    if (!grants) {
      grants = { permissions: new Set(), environments: new Map() };
      projects.set(project, grants);
    }
    return grants;
  };

  for (const row of rows) {
    const kind = permissionKind(row.permission);
    if (kind === 'root') {
      if (row.project === null) root.add(row.permission);
    } else if (kind === 'project') {
      projectGrants(row.project ?? DEFAULT_PROJECT).permissions.add(row.permission);
    } else if (kind === 'environment') {
      const grants = projectGrants(row.project ?? DEFAULT_PROJECT);
      const environment = row.environment || ALL_ENVIRONMENTS;
      let set = grants.environments.get(environment);
      if (!set) {
        set = new Set();
        grants.environments.set(environment, set);
      }
      set.add(row.permission);
    }
  }
  for (const grants of projects.values()) {
    if (grants.permissions.has('UPDATE_PROJECT')) {
      for (const implied of IMPLIED_BY_UPDATE_PROJECT) grants.permissions.add(implied);
    }
  }
  return { admin: root.has('ADMIN'), root, projects: projects as ReadonlyMap<string, ProjectGrants> };
}

export const NO_GRANTS: Grants = Object.freeze({
  admin: false,
  root: new Set<string>(),
  projects: new Map(),
});

export interface PermissionContext {
  /** The project of the operation; project permissions without one check the default project. */
  project?: string | undefined;
  /** The environment of the operation; without one, the permission in any environment counts. */
  environment?: string | undefined;
}

/** Whether grants allow one permission (pseudo-permissions are the guard's business: false here). */
export function grantsAllow(
  grants: Grants,
  permission: Permission,
  context: PermissionContext = {},
): boolean {
  if (grants.admin) return true;
  const kind = permissionKind(permission);
  if (kind === 'root') return grants.root.has(permission);
  if (kind !== 'project' && kind !== 'environment') return false;
  const project = grants.projects.get(context.project ?? DEFAULT_PROJECT);
  if (!project) return false;
  if (kind === 'project') return project.permissions.has(permission);
  if (context.environment !== undefined) {
    return Boolean(
      project.environments.get(context.environment)?.has(permission) ||
        project.environments.get(ALL_ENVIRONMENTS)?.has(permission),
    );
  }
  for (const set of project.environments.values()) if (set.has(permission)) return true;
  return false;
}

/** Grants flattened for `GET /api/admin/user` (meSchema.permissions). */
export function listGrants(
  grants: Grants,
): Array<{ permission: string; project?: string; environment?: string }> {
  const list: Array<{ permission: string; project?: string; environment?: string }> = [];
  for (const permission of [...grants.root].sort()) list.push({ permission });
  for (const [project, projectGrants] of [...grants.projects].sort(([a], [b]) => a.localeCompare(b))) {
    for (const permission of [...projectGrants.permissions].sort()) list.push({ permission, project });
    for (const [environment, set] of projectGrants.environments) {
      for (const permission of [...set].sort()) list.push({ permission, project, environment });
    }
  }
  return list;
}
