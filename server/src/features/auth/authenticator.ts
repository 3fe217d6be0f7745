import type { Queryable } from '../../db/queryable';
import { ADMIN_TOKEN_USER_ID, type Caller, type UserCaller } from '../../lib/caller';
import { resolveGrants } from '../access';
import type { ApiTokenRecord, ApiTokenService } from '../api-tokens';
import { PAT_PREFIX, type PatService } from '../personal-access-tokens';
import type { UserService } from '../users';
import { findSessionUser } from './session-store';

export type Authenticator = ReturnType<typeof createAuthenticator>;

/**
 * Turns credentials into a caller (shared/unleash/API.md §4.3): an `Authorization` value is a
 * personal access token when it starts with `user:`, an API token otherwise; a session id
 * comes from the cookie. Null for unknown, expired or revoked credentials.
 */
export function createAuthenticator(deps: {
  db: Queryable;
  users: UserService;
  apiTokens: ApiTokenService;
  pats: PatService;
}) {
  const { db, users, apiTokens, pats } = deps;
  const tokenCallers = new WeakMap<ApiTokenRecord, Caller>();
  function callerOfToken(token: ApiTokenRecord): Caller {
    let caller = tokenCallers.get(token);
    if (!caller) {
      caller = apiTokenCaller(token);
      tokenCallers.set(token, caller);
    }
    return caller;
  }

  async function userCaller(userId: number, via: UserCaller['via']): Promise<UserCaller | null> {
    const user = await users.record(userId);
    // A user a SCIM client deactivated keeps its sessions and tokens, but none of them works.
    if (!user || user.deactivated) return null;
    return {
      kind: 'user',
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      isService: user.isService,
      via,
      grants: await resolveGrants(db, user.id),
      // Only a session is held back: the password it signed in with is the one to replace.
      ...(via === 'session' && user.passwordChangeRequired ? { passwordChangeRequired: true as const } : {}),
    };
  }

  return {
    async fromAuthorization(secret: string): Promise<Caller | null> {
      if (secret.startsWith(PAT_PREFIX)) {
        const pat = await pats.authenticate(secret);
        return pat ? userCaller(pat.userId, 'pat') : null;
      }
      const token = await apiTokens.authenticate(secret);
      return token ? callerOfToken(token) : null;
    },

    /** An API token's caller when the token cache knows it now (the SDK fast path); else undefined. */
    knownCaller(secret: string): Caller | undefined {
      if (secret.startsWith(PAT_PREFIX)) return undefined;
      const token = apiTokens.peek(secret);
      return token ? callerOfToken(token) : undefined;
    },

    async fromSession(sessionId: string): Promise<Caller | null> {
      const userId = await findSessionUser(db, sessionId);
      return userId === undefined ? null : userCaller(userId, 'session');
    },
  };
}

/** The caller of an API token: built once per cached token record, so it is the same object per
 * request (the SDK fast path keys its per-scope memos on `scope`). Frozen: it is shared. */
function apiTokenCaller(token: ApiTokenRecord): Caller {
  return Object.freeze({
    kind: 'api-token',
    tokenId: token.id,
    tokenName: token.tokenName,
    userId: token.type === 'admin' ? ADMIN_TOKEN_USER_ID : null,
    scope: Object.freeze({
      type: token.type,
      tokenName: token.tokenName,
      projects: Object.freeze([...token.projects]),
      allProjects: token.projects.includes('*'),
      environment: token.environment,
    }),
  }) as Caller;
}
