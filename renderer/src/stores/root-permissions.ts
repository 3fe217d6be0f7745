import type { Me } from '../api/types';
import { useServerData } from './use-server-data';

type Grant = Me['permissions'][number];

/**
 * Whether the grants `GET /api/admin/user` lists hold a root permission (one listed without a
 * project), ADMIN holding them all. `null` while unknown (no answer yet, or a server or session
 * without the identity API): the screen then offers the action and the server decides.
 */
export function holdsRootPermission(
  grants: readonly Grant[] | undefined,
  permission: string,
): boolean | null {
  if (!grants) return null;
  return grants.some(
    (grant) =>
      grant.permission === 'ADMIN' || (grant.permission === permission && grant.project === undefined),
  );
}

/**
 * The signed-in user's root permission, so a screen hides or disables what would be answered 403:
 * `undefined` while the grants are being asked for, then as holdsRootPermission.
 */
export function useRootPermission(permission: string): boolean | null | undefined {
  // The same key as the change-request rights: one request serves both.
  const me = useServerData('me-grants', (api) => api.me());
  if (me.data === undefined && me.loading) return undefined;
  return holdsRootPermission(me.data?.permissions, permission);
}
