import type { Actor } from '../events';

// Who a change request belongs to, as the change-request tables record it (pure rules, no I/O).

/**
 * A user id the users table knows: API tokens act under pseudo ids (-42 for admin tokens),
 * which are kept out of the foreign-key columns.
 */
export function realUserId(actor: Actor): number | null {
  return actor.userId !== null && actor.userId > 0 ? actor.userId : null;
}

/** Who owns a draft: one open draft per author, project and environment. */
export function authorKey(actor: Actor): string {
  const userId = realUserId(actor);
  return userId !== null ? `user:${userId}` : `name:${actor.name}`;
}
