import type { IncomingHttpHeaders } from 'node:http';
import cookie from '@fastify/cookie';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { type Permission, SESSION_COOKIE, type SignInMethod } from '../../contract';
import { ANONYMOUS, type Caller } from '../lib/caller';
import { ApiError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: set by the auth guard for every request before any handler runs. */
    caller: Caller;
    /**
     * The private projects this caller may not see (issue 24): lists leave them out, direct
     * access answers 404. Read once per request, on first use.
     */
    hiddenProjects(): Promise<ReadonlySet<string>>;
  }
}

/** What the guard needs from the identity domains (wired by the composition root). */
export interface AuthGuardDependencies {
  baseUriPath: string;
  /** Resolves once the first user and the configured tokens exist. */
  ready(): Promise<void>;
  /** An `Authorization` value (without `Bearer `) to a caller; null when unknown or expired. */
  fromAuthorization(secret: string): Promise<Caller | null>;
  /** A session cookie to a caller; null when unknown or expired. */
  fromSession(sessionId: string): Promise<Caller | null>;
  /** Whether the caller holds a permission in a project and environment. */
  allows(
    caller: Caller,
    permission: Permission,
    context: { project?: string; environment?: string },
  ): boolean;
  /** The 403 error for a missing permission. */
  denied(permissions: readonly Permission[]): Error;
  /** The project of a flag, for routes that address a flag without `:projectId`. */
  projectOfFeature(featureName: string): Promise<string | undefined>;
  /** The private projects a caller may not see. */
  hiddenProjects(caller: Caller): Promise<ReadonlySet<string>>;
  /**
   * The ways to sign in, password first (issue 20): the 401 AuthenticationRequired body names the
   * first and lists the others, if any, in `options`, as Unleash does, for the sign-in screen.
   */
  signInMethods(): Promise<SignInMethod[]>;
}

type Surface = 'admin' | 'client' | 'frontend' | 'ofrep' | 'other';
type TokenKind = 'client' | 'frontend';

export const WRONG_TOKEN_TYPE = 'invalid token: expected a different token type for this endpoint';

function surfaceOf(routeUrl: string, base: string): Surface {
  const path = routeUrl.startsWith(base) ? routeUrl.slice(base.length) : routeUrl;
  if (path === '/api/admin' || path.startsWith('/api/admin/')) return 'admin';
  if (path === '/api/client' || path.startsWith('/api/client/')) return 'client';
  if (path === '/api/frontend' || path.startsWith('/api/frontend/')) return 'frontend';
  if (path === '/ofrep' || path.startsWith('/ofrep/')) return 'ofrep';
  return 'other';
}

/**
 * The SDK token types a route takes: CLIENT or FRONTEND (every route of /api/client and
 * /api/frontend needs its own); OFREP routes declare both, as OFREP providers run on servers and
 * in browsers alike. Undefined for routes that take no SDK token.
 */
function sdkTokenKinds(
  permissions: readonly Permission[],
  surface: Surface,
): readonly TokenKind[] | undefined {
  const client = permissions.includes('CLIENT') || surface === 'client';
  const frontend = permissions.includes('FRONTEND') || surface === 'frontend';
  if (surface === 'ofrep' && client && frontend) return ['client', 'frontend'];
  if (client) return ['client'];
  if (frontend) return ['frontend'];
  return undefined;
}

function apiKeySecret(request: { headers: IncomingHttpHeaders }): string | undefined {
  const header = request.headers['x-api-key'];
  return typeof header === 'string' && header.trim() ? header.trim() : undefined;
}

/** What the SDK fast path needs of the guard's dependencies to accept the same tokens. */
export type SdkCredentials = Pick<AuthGuardDependencies, 'ready' | 'fromAuthorization'> & {
  /**
   * `fromAuthorization` answered synchronously when the answer is known now (ready, and the token
   * cached and fresh); undefined means "ask fromAuthorization". Lets a fully cached SDK poll be
   * answered without a promise hop.
   */
  knownCaller?(secret: string): Caller | undefined;
};

/** The token of an `Authorization` header; shared with the SDK fast path so both read it alike. */
export function authorizationSecret(request: { headers: IncomingHttpHeaders }): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  // Unleash accepts the token with or without the Bearer scheme (API.md §4.3).
  const value = header.replace(/^bearer\s+/i, '').trim();
  return value || undefined;
}

function loginRequired(base: string, methods: SignInMethod[]): ApiError {
  const [primary, ...others] = methods;
  const path = primary?.path ?? `${base}/auth/simple/login`;
  return new ApiError(
    'AuthenticationRequired',
    `You must log in to use Switchyard. Your request carried no credentials: log in at ${path} or send an API token in the Authorization header.`,
    {
      extra: {
        path,
        type: primary?.type ?? 'password',
        defaultHidden: primary?.defaultHidden ?? false,
        // Unleash 8.2 sends `options` only when there are other methods (none with password only).
        ...(others.length > 0
          ? { options: others.map(({ type, path, message }) => ({ type, path, message })) }
          : {}),
      },
    },
  );
}

const unknownCredentials = () =>
  new ApiError(
    'UnauthorizedError',
    'You must log in to use Switchyard: the credentials sent are unknown or expired.',
  );

const tokenRequired = () =>
  new ApiError(
    'AuthenticationRequired',
    'This endpoint requires an API token. Send a valid token in the Authorization header.',
  );

const wrongTokenType = () => new ApiError('ForbiddenError', WRONG_TOKEN_TYPE);

/** A hidden project answers as a missing one would (Unleash: 404, not 403, for private projects). */
const projectNotFound = (id: string) => new ApiError('NotFoundError', `Could not find project with id ${id}`);
const featureNotFound = () => new ApiError('NotFoundError', 'No feature flag found');

const passwordChangeFirst = () =>
  new ApiError(
    'ForbiddenError',
    'Your password must be changed before you can use the admin API: change it with POST /api/admin/user/change-password.',
  );

/**
 * Past the SDK APIs, an API token must be an admin one; a session whose user must still change the
 * password (issue 33) reaches only the admin API routes declaring `beforePasswordChange`.
 */
function assertMayProceed(caller: Caller, surface: Surface, config: FastifyContextConfig): void {
  if (caller.kind === 'api-token' && caller.scope.type !== 'admin') throw wrongTokenType();
  if (caller.kind === 'user' && caller.passwordChangeRequired && surface === 'admin') {
    if (!config.beforePasswordChange) throw passwordChangeFirst();
  }
}

const userRequired = () =>
  new ApiError(
    'ForbiddenError',
    'This operation needs an identifiable user: log in or use a personal access token, not an API token.',
  );

/**
 * One guard for every route (STYLE.md: permissions are declared per route). It resolves the
 * caller from the session cookie, an API token or a personal access token, and enforces the
 * route's declared permission: NONE is public; CLIENT and FRONTEND (and every non-public route
 * of /api/client and /api/frontend) need an SDK token of that type; everything else needs an
 * admin token or a user holding the permission in the route's project (`:projectId`, or the
 * project of `:featureName`) and environment (`:environment`). USER needs a session or a
 * personal access token; AUTHENTICATED anyone signed in. A session whose user must change the
 * password reaches only the admin API routes declaring `beforePasswordChange`.
 */
export async function registerAuthGuard(app: FastifyInstance, deps: AuthGuardDependencies): Promise<void> {
  await app.register(cookie);
  // Every request gets its own value in the hook below; the decoration only declares the slot.
  app.decorateRequest('caller', null as never);
  app.decorateRequest('hiddenProjects', null as never);

  app.addHook('onRequest', async (request) => {
    request.caller = ANONYMOUS;
    let hidden: Promise<ReadonlySet<string>> | undefined;
    // Asked lazily: most requests (SDK ones above all) never need it.
    request.hiddenProjects = () => {
      hidden ??= deps.hiddenProjects(request.caller);
      return hidden;
    };
    const declared = request.routeOptions.config?.permission;
    // Unrouted requests (the 404 handler) and third-party documentation routes have none.
    if (!declared) return;
    const permissions: readonly Permission[] = typeof declared === 'string' ? [declared] : declared;
    if (permissions.includes('NONE')) return;

    await deps.ready();
    const surface = surfaceOf(request.routeOptions.url ?? request.url, deps.baseUriPath);
    const sdkKinds = sdkTokenKinds(permissions, surface);

    const secret = authorizationSecret(request);
    if (sdkKinds) {
      // The SDK APIs read the Authorization header only; sessions do not count there. OFREP
      // providers may send the token as `X-API-Key` instead (the protocol's ApiKeyAuth).
      const sdkSecret = secret ?? (surface === 'ofrep' ? apiKeySecret(request) : undefined);
      if (!sdkSecret) throw tokenRequired();
      const caller = await deps.fromAuthorization(sdkSecret);
      if (!caller) throw unknownCredentials();
      if (caller.kind !== 'api-token' || !sdkKinds.includes(caller.scope.type as TokenKind)) {
        throw wrongTokenType();
      }
      request.caller = caller;
      return;
    }

    const sessionId = secret ? undefined : request.cookies[SESSION_COOKIE];
    if (!secret && !sessionId) throw loginRequired(deps.baseUriPath, await deps.signInMethods());
    const caller = secret
      ? await deps.fromAuthorization(secret)
      : await deps.fromSession(sessionId as string);
    if (!caller) throw unknownCredentials();
    assertMayProceed(caller, surface, request.routeOptions.config);
    request.caller = caller;

    // Every route addressing a project or a flag checks visibility here, so none can forget to.
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    const hiddenSet = await request.hiddenProjects();
    let project = params.projectId;
    let projectLookedUp = false;
    const featureProject = async () => {
      if (!projectLookedUp && params.featureName !== undefined) {
        project = await deps.projectOfFeature(params.featureName);
        projectLookedUp = true;
      }
      return project;
    };
    if (hiddenSet.size > 0) {
      if (project !== undefined && hiddenSet.has(project)) throw projectNotFound(project);
      if (project === undefined) {
        const ofFeature = await featureProject();
        if (ofFeature !== undefined && hiddenSet.has(ofFeature)) throw featureNotFound();
      }
    }

    if (permissions.includes('AUTHENTICATED')) return;
    if (permissions.includes('USER')) {
      if (caller.kind === 'user') return;
      if (permissions.length === 1) throw userRequired();
    }

    if (project === undefined) await featureProject();
    const context = { project, environment: params.environment };
    if (permissions.some((permission) => deps.allows(caller, permission, context))) return;
    throw deps.denied(permissions.filter((p) => p !== 'USER'));
  });
}
