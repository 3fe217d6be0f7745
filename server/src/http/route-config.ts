import type { RouteOptions } from 'fastify';
import type { Permission } from '../../contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a caller needs (STYLE.md §2). Every route must declare one. */
    permission?: Permission;
  }
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
export function assertRouteDeclared(route: RouteOptions, baseUriPath: string): void {
  const url = route.url.startsWith(baseUriPath) ? route.url.slice(baseUriPath.length) : route.url;
  if (EXEMPT_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/docs' || url === '/docs/') return;
  const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
  if (method === 'HEAD') return;
  if (!route.config?.permission) {
    throw new RouteDeclarationError(`route ${method} ${route.url} declares no permission`);
  }
  if (!route.schema?.response) {
    throw new RouteDeclarationError(`route ${method} ${route.url} declares no response schema`);
  }
  if (!route.schema.operationId) {
    throw new RouteDeclarationError(`route ${method} ${route.url} declares no operationId`);
  }
}
