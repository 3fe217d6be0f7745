import { ApiError } from './errors';

/**
 * Who is calling: the value the auth guard puts on `request.caller` for every routed request
 * (shared/unleash/API.md §4.3). Plain data, so every domain can read it without depending on
 * the identity domains that build it.
 */

/** Unleash attributes changes made with an admin API token to this pseudo user id. */
export const ADMIN_TOKEN_USER_ID = -42;
/**
 * The name Unleash shows for its admin-token pseudo user wherever a user is displayed (a flag's
 * `createdBy`, collaborators, flag creators); the event log keeps the token's name.
 */
export const ADMIN_TOKEN_USER_NAME = 'Unleash Admin Token User';

/** The displayed name of whoever created something, from the stored actor name and user id. */
export function creatorName(name: string | null, userId: number | null): string {
  if (userId === ADMIN_TOKEN_USER_ID) return ADMIN_TOKEN_USER_NAME;
  return name ?? 'unknown';
}
/** Changes made by the server itself (first start, invite sign-ups). */
export const SYSTEM_USER_ID = -1337;
export const SYSTEM_USER_NAME = 'system';

export type ApiTokenType = 'client' | 'frontend' | 'admin';

/** What an API token may see: the client and frontend APIs filter their answers by it. */
export interface TokenScope {
  type: ApiTokenType;
  tokenName: string;
  /** Project ids; `['*']` means every project. */
  projects: readonly string[];
  /** True when `projects` is `['*']`. */
  allProjects: boolean;
  /** The token's one environment; `'*'` only for admin tokens. */
  environment: string;
}

/** Permissions held in one project: plain project permissions, and per environment. */
export interface ProjectGrants {
  permissions: ReadonlySet<string>;
  /** Environment name (or `'*'` for every environment) to its environment permissions. */
  environments: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Everything a user holds, resolved from their root role, project roles and groups. */
export interface Grants {
  /** Holds ADMIN: every check passes. */
  admin: boolean;
  root: ReadonlySet<string>;
  projects: ReadonlyMap<string, ProjectGrants>;
}

export interface AnonymousCaller {
  kind: 'anonymous';
}

export interface UserCaller {
  kind: 'user';
  id: number;
  username: string | null;
  name: string | null;
  email: string | null;
  isService: boolean;
  /** How the user authenticated: the `unleash-session` cookie or a personal access token. */
  via: 'session' | 'pat';
  grants: Grants;
  /**
   * Set on a session of a user who must change their password (the generated first admin,
   * issue 33): the guard refuses the admin API to it, but for the routes the change needs.
   */
  passwordChangeRequired?: true;
}

export interface ApiTokenCaller {
  kind: 'api-token';
  tokenId: number;
  tokenName: string;
  /** ADMIN_TOKEN_USER_ID for admin tokens (event attribution, as Unleash does), else null. */
  userId: number | null;
  scope: TokenScope;
}

export type Caller = AnonymousCaller | UserCaller | ApiTokenCaller;

export const ANONYMOUS: AnonymousCaller = Object.freeze({ kind: 'anonymous' });

/** The scope of the caller's API token, or null when the caller is not an API token. */
export function tokenScopeOf(caller: Caller): TokenScope | null {
  return caller.kind === 'api-token' ? caller.scope : null;
}

/** Whether a token scope covers a project. */
export function scopeIncludesProject(scope: TokenScope, project: string): boolean {
  return scope.allProjects || scope.projects.includes(project);
}

/** Whether a token scope covers an environment (admin tokens cover all). */
export function scopeIncludesEnvironment(scope: TokenScope, environment: string): boolean {
  return scope.environment === '*' || scope.environment === environment;
}

export interface AuditActor {
  createdBy: string;
  createdByUserId: number | null;
}

/** How the caller is named in the audit log (`events.created_by` / `created_by_user_id`). */
export function actorOf(caller: Caller): AuditActor {
  switch (caller.kind) {
    case 'user':
      return {
        createdBy: caller.username ?? caller.email ?? caller.name ?? `user-${caller.id}`,
        createdByUserId: caller.id,
      };
    case 'api-token':
      return { createdBy: caller.tokenName, createdByUserId: caller.userId };
    default:
      return { createdBy: 'unknown', createdByUserId: null };
  }
}

export const SYSTEM_ACTOR: AuditActor = Object.freeze({
  createdBy: SYSTEM_USER_NAME,
  createdByUserId: SYSTEM_USER_ID,
});

/**
 * The user behind a route declared with the USER pseudo-permission (the guard lets only users
 * through there); narrows the type, and refuses anyone else as the guard would.
 */
export function userOf(caller: Caller): UserCaller {
  if (caller.kind !== 'user') {
    throw new ApiError(
      'ForbiddenError',
      'This operation needs an identifiable user: log in or use a personal access token, not an API token.',
    );
  }
  return caller;
}

/** The user's id, or null for API tokens and anonymous callers (whose favourites are none). */
export function userIdOf(caller: Caller): number | null {
  return caller.kind === 'user' ? caller.id : null;
}
