import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../lib/errors';

/** Methods that change nothing: never refused. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * What keeps serving while maintenance mode is on: the SDK surfaces (client, frontend, OFREP
 * evaluation, Edge token validation), signing in and out and password reset, SCIM provisioning
 * (who may sign in is the identity provider's, not flag configuration, and IdPs would only retry),
 * and turning maintenance off.
 */
const OPEN_PREFIXES = ['/api/client/', '/api/frontend', '/ofrep/', '/edge/', '/auth/', '/scim/'];
const OPEN_PATHS = new Set(['/logout', '/api/admin/maintenance']);

/**
 * Whether a route (method and pattern without BASE_URI_PATH) is refused while maintenance mode
 * is on. Unleash refuses every write under /api/admin but its maintenance toggle (API.md §1);
 * Switchyard also refuses the other writes of instance data outside /api/admin (invite sign-up,
 * incoming signals), whose changes an operator in maintenance would not expect either.
 */
export function refusedDuringMaintenance(method: string, path: string): boolean {
  if (READS.has(method.toUpperCase())) return false;
  if (OPEN_PATHS.has(path)) return false;
  return !OPEN_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

export const MAINTENANCE_MESSAGE = 'Switchyard is currently in maintenance mode.';

export const maintenanceRefusal = () => new ApiError('MaintenanceModeError', MAINTENANCE_MESSAGE);

/**
 * One cross-cutting check driven by the route table: each route that maintenance mode refuses
 * gets a route-level onRequest hook when it is registered (so after the auth guard: an unknown
 * caller still learns 401 first), and every other route none at all, so reads and the SDK hot
 * paths pay nothing. `isOn` answers from memory (maintenance-setting.ts).
 */
export function registerMaintenanceGuard(
  app: FastifyInstance,
  { baseUriPath, isOn }: { baseUriPath: string; isOn: () => Promise<boolean> },
): void {
  const check: onRequestAsyncHookHandler = async () => {
    if (await isOn()) throw maintenanceRefusal();
  };
  app.addHook('onRoute', (route) => {
    const path = route.url.startsWith(baseUriPath) ? route.url.slice(baseUriPath.length) : route.url;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => refusedDuringMaintenance(method, path))) return;
    const previous = route.onRequest;
    route.onRequest = previous ? [...(Array.isArray(previous) ? previous : [previous]), check] : check;
  });
}
