import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/queryable';

/**
 * Refuses an operation the caller may not apply directly (change requests, issue 13). Set on
 * actors of admin requests; actors built by the change-request apply path carry none.
 */
export type DirectWriteCheck = (db: Queryable, operation: { kind: string }) => Promise<void>;

/** Who made a change, as written to `events.created_by` / `created_by_user_id`. */
export interface Actor {
  name: string;
  userId: number | null;
  checkDirectWrite?: DirectWriteCheck;
}

export const UNKNOWN_ACTOR: Actor = { name: 'unknown', userId: null };

/** The fields of `request.caller` (set by the auth layer, server/src/lib/caller.ts) that name an actor. */
interface CallerLike {
  kind?: unknown;
  username?: unknown;
  name?: unknown;
  email?: unknown;
  tokenName?: unknown;
  id?: unknown;
  userId?: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function integer(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/**
 * The actor of a request: a signed-in user by username (else email, name), an API token by
 * its name and pseudo user id, and "unknown" when no caller is known. The single place that
 * reads the caller's shape.
 */
export function actorFromRequest(request: FastifyRequest): Actor {
  const { caller, directWriteCheck } = request as unknown as {
    caller?: CallerLike | null;
    directWriteCheck?: DirectWriteCheck | null;
  };
  if (!caller || typeof caller !== 'object') return UNKNOWN_ACTOR;
  const check = directWriteCheck ? { checkDirectWrite: directWriteCheck } : {};
  if (caller.kind === 'user') {
    const id = integer(caller.id);
    const name =
      text(caller.username) ?? text(caller.email) ?? text(caller.name) ?? `user-${id ?? 'unknown'}`;
    return { name, userId: id, ...check };
  }
  if (caller.kind === 'api-token') {
    return { name: text(caller.tokenName) ?? 'unknown', userId: integer(caller.userId), ...check };
  }
  return UNKNOWN_ACTOR;
}

/** A stable avatar URL for a name, for the `createdBy.imageUrl` fields of the admin UI. */
export function avatarUrl(name: string): string {
  const hash = createHash('sha256').update(name.trim().toLowerCase()).digest('hex');
  return `https://gravatar.com/avatar/${hash}?s=42&d=retro&r=g`;
}
