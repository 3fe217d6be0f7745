import type { Permission } from '../../../contract';
import type { Caller } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { grantsAllow, type PermissionContext } from './permission-rules';

/**
 * Permission checks on a resolved caller, for the guard and for services that must look at
 * the request body before they know the permission (e.g. the type of a token to create).
 */

/** Whether the caller holds one permission; admin API tokens hold all, SDK tokens none. */
export function callerHas(caller: Caller, permission: Permission, context: PermissionContext = {}): boolean {
  if (caller.kind === 'user') return grantsAllow(caller.grants, permission, context);
  if (caller.kind === 'api-token') return caller.scope.type === 'admin';
  return false;
}

/** The 403 PermissionError naming what was missing (its `permissions` field lists them). */
export function permissionDenied(permissions: readonly Permission[]): ApiError {
  const list = permissions.map((p) => `"${p}"`).join(', ');
  const message =
    permissions.length === 1
      ? `You don't have the required permissions to perform this operation: it needs the ${list} permission.`
      : `You don't have the required permissions to perform this operation: it needs one of ${list}.`;
  return new ApiError('PermissionError', message, { extra: { permissions: [...permissions] } });
}

/** Throws a PermissionError unless the caller holds at least one of the permissions. */
export function assertCallerHas(
  caller: Caller,
  permission: Permission | readonly Permission[],
  context: PermissionContext = {},
): void {
  const permissions: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  if (permissions.some((p) => callerHas(caller, p, context))) return;
  throw permissionDenied(permissions);
}
