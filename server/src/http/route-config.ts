import type { RouteOptions } from 'fastify';
import type { Permission } from '../../contract';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every guarded route with its declared permission, as registered: the permission-matrix
     * test derives its expectations from it, so routes added later are covered automatically.
     */
    readonly declaredRoutes: readonly DeclaredRoute[];
  }
  interface FastifyContextConfig {
    /**
     * The permission a caller needs (STYLE.md §2). Every route must declare one. A list means
     * any one of them suffices (Unleash guards token routes with "client or frontend" grants).
     */
    permission?: Permission | readonly Permission[];
    /**
     * An admin API route a session may call while its user must still change their password
     * (issue 33): what the forced change needs. Every other admin API route answers 403 then.
     */
    beforePasswordChange?: boolean;
  }
}

export interface DeclaredRoute {
  method: string;
  /** The full route pattern, BASE_URI_PATH included. */
  url: string;
  permission: Permission | readonly Permission[];
}

export class RouteDeclarationError extends Error {
  override name = 'RouteDeclarationError';
}

/** Routes that belong to third-party plugins (the OpenAPI UI) rather than our API. */
const EXEMPT_PREFIXES = ['/docs/static', '/docs/json', '/docs/yaml'];

/**
 * Startup refuses a route without a schema or a permission, so no endpoint can ship
 * undocumented in OpenAPI or unguarded by the permission check.
 */
export function assertRouteDeclared(route: RouteOptions, baseUriPath: string, table?: DeclaredRoute[]): void {
  const url = route.url.startsWith(baseUriPath) ? route.url.slice(baseUriPath.length) : route.url;
  if (EXEMPT_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/docs' || url === '/docs/') return;
  const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
  if (method === 'HEAD') return;
  const permission = route.config?.permission;
  if (!permission || (Array.isArray(permission) && permission.length === 0)) {
    throw new RouteDeclarationError(`route ${method} ${route.url} declares no permission`);
  }
  if (!route.schema?.response) {
    throw new RouteDeclarationError(`route ${method} ${route.url} declares no response schema`);
  }
  if (!route.schema.operationId) {
    throw new RouteDeclarationError(`route ${method} ${route.url} declares no operationId`);
  }
  for (const one of Array.isArray(route.method) ? route.method : [route.method]) {
    table?.push({ method: one, url: route.url, permission });
  }
}
