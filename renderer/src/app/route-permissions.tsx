import { Alert, Stack, Title } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import type { Permission } from '../../../server/contract/permissions';
import { holdsPermission, useGrants } from '../stores/permissions';
import type { ScreenRoute } from './routes';

/**
 * The permissions a screen needs to be of any use (any one of them), as the server's routes for
 * the screen's list declare them (issue 33). Without one, the navigation and the command bar hide
 * the screen and the screen itself says what is missing instead of "Could not load".
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = {
  '/integrations/signals': ['ADMIN'],
  '/admin/api': ['READ_CLIENT_API_TOKEN', 'READ_FRONTEND_API_TOKEN'],
  '/admin/users': ['ADMIN'],
  '/admin/users/inactive': ['ADMIN'],
  '/admin/logins': ['ADMIN'],
  '/admin/service-accounts': ['ADMIN'],
  '/admin/invite-links': ['ADMIN'],
  '/admin/sso': ['ADMIN'],
  '/admin/cors': ['UPDATE_CORS'],
  '/admin/auth/scim': ['ADMIN'],
  '/admin/auth/password': ['ADMIN'],
  '/admin/blast-radius': ['ADMIN'],
  '/admin/trusted-keys': ['ADMIN'],
  '/admin/instance': ['ADMIN', 'UPDATE_INSTANCE_BANNERS', 'UPDATE_MAINTENANCE_MODE'],
  '/admin/feedback': ['ADMIN'],
};

/**
 * Whether the user may see a screen. While the grants are being asked for, a screen that needs a
 * permission is not offered yet (an entry shown and then taken away would invite a click that
 * fails); against a server without the identity API (`null`) the server decides.
 */
export function routeAllowed(
  grants: ReturnType<typeof useGrants>,
  route: Pick<ScreenRoute, 'path'>,
): boolean {
  const needed = ROUTE_PERMISSIONS[route.path];
  if (!needed || grants === null) return true;
  if (grants === undefined) return false;
  return holdsPermission(grants, needed) === true;
}

/** The routes the signed-in user may see, for the navigation and the command bar. */
export function useAllowedRoutes<R extends Pick<ScreenRoute, 'path'>>(routes: readonly R[]): R[] {
  const grants = useGrants();
  return useMemo(() => routes.filter((route) => routeAllowed(grants, route)), [routes, grants]);
}

/** Draws a screen, or, for a user without the permissions it needs, why it is not offered. */
export function PermissionGate({ route, children }: { route: ScreenRoute; children: ReactNode }) {
  const grants = useGrants();
  if (routeAllowed(grants, route)) return children;
  // Not yet known: neither the screen (its reads could be refused) nor a refusal that may be wrong.
  if (grants === undefined) return null;
  const needed = ROUTE_PERMISSIONS[route.path] ?? [];
  return (
    <Stack maw={640}>
      <Title order={2}>{route.label}</Title>
      <Alert color="yellow" title="Not available to you" role="status">
        This screen needs the {needed.join(' or ')} permission. Ask an admin for a role that grants it.
      </Alert>
    </Stack>
  );
}
