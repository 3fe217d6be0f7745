import {
  ENVIRONMENT_PERMISSIONS,
  type Permission,
  PROJECT_PERMISSIONS,
  ROOT_PERMISSIONS,
} from '../../../server/contract/permissions';
import type { Me } from '../api/types';
import { useServerData } from './use-server-data';

/**
 * The console's permission model (issue 33): what the grants `GET /api/admin/user` lists allow,
 * resolved as the server's guard resolves them (server/src/features/access/permission-rules.ts),
 * so a screen hides what the user can never do and disables what they cannot do here, instead of
 * offering an action the server answers with 403.
 */

type Grant = Me['permissions'][number];

export interface PermissionScope {
  /** The project of the operation; project and environment permissions without one check `default`. */
  project?: string | undefined;
  /** The environment of the operation; without one, the permission in any environment counts. */
  environment?: string | undefined;
  /** The permission in any project counts (e.g. "New flag" where the form then asks for a project). */
  anyProject?: boolean;
}

/** Project-scoped checks without a project resolve against it, as the server's guard does. */
const DEFAULT_PROJECT = 'default';
/** A grant's environment meaning every environment (the built-in roles use it). */
const ALL_ENVIRONMENTS = '*';

const ROOT = new Set<string>(ROOT_PERMISSIONS);
const PROJECT = new Set<string>(PROJECT_PERMISSIONS);
const ENVIRONMENT = new Set<string>(ENVIRONMENT_PERMISSIONS);

function grantMatches(grant: Grant, permission: string, scope: PermissionScope): boolean {
  if (grant.permission !== permission) return false;
  if (ROOT.has(permission)) return grant.project === undefined;
  if (grant.project === undefined) return false;
  if (!scope.anyProject && grant.project !== (scope.project ?? DEFAULT_PROJECT)) return false;
  if (PROJECT.has(permission)) return grant.environment === undefined;
  if (!ENVIRONMENT.has(permission) || grant.environment === undefined) return false;
  return (
    scope.environment === undefined ||
    grant.environment === scope.environment ||
    grant.environment === ALL_ENVIRONMENTS
  );
}

/**
 * Whether the grants hold `permission` in the scope (ADMIN holds them all); any of several when
 * given a list. `null` while unknown (no grants: no answer yet, or a server or session without the
 * identity API): the screen then offers the action and the server decides.
 */
export function holdsPermission(
  grants: readonly Grant[] | undefined,
  permission: Permission | readonly Permission[],
  scope: PermissionScope = {},
): boolean | null {
  if (!grants) return null;
  const wanted: readonly string[] = typeof permission === 'string' ? [permission] : permission;
  return grants.some(
    (grant) =>
      (grant.permission === 'ADMIN' && grant.project === undefined) ||
      wanted.some((name) => grantMatches(grant, name, scope)),
  );
}

/** The signed-in user's grants; `undefined` while first asked for, `null` when unknown. */
export function useGrants(): readonly Grant[] | null | undefined {
  // One key for every screen (and the change-request rights): one request serves them all.
  const me = useServerData('me-grants', (api) => api.me());
  if (me.data === undefined && me.loading) return undefined;
  return me.data?.permissions ?? null;
}

/**
 * Whether the signed-in user holds `permission` in the scope: `undefined` while the grants are
 * being asked for, then as holdsPermission. Hide on `false` what the user can never do; disable
 * on `false` what they cannot do here, saying why (permissionReason).
 */
export function usePermission(
  permission: Permission | readonly Permission[],
  scope: PermissionScope = {},
): boolean | null | undefined {
  const grants = useGrants();
  if (grants === undefined) return undefined;
  return holdsPermission(grants ?? undefined, permission, scope);
}

/** Why an action is disabled, for its tooltip and screen readers; null when it is allowed or unknown. */
export function permissionReason(
  allowed: boolean | null | undefined,
  permission: Permission,
  scope: PermissionScope = {},
): string | null {
  if (allowed !== false) return null;
  const where = scope.environment
    ? ` in ${scope.environment}${scope.project ? ` of project ${scope.project}` : ''}`
    : scope.project
      ? ` in project ${scope.project}`
      : '';
  return `You need the ${permission} permission${where}. Ask an admin for a role that grants it.`;
}

/** Why the signed-in user may not act with `permission` in the scope, or null: for Guarded. */
export function usePermissionReason(permission: Permission, scope: PermissionScope = {}): string | null {
  return permissionReason(usePermission(permission, scope), permission, scope);
}
