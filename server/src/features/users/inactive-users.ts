import type { InactiveUser } from '../../../contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import type { AuditActor } from '../../lib/caller';
import { rootRolesOfUsers } from '../access';
import { appendEvent } from '../events';
import { latestPatUseOfUsers } from '../personal-access-tokens';
import { deleteUserRow, lockUsersNotSeenSince, userEventData, usersNotSeenSince } from './user-store';

/**
 * Unleash lists people who have not logged in (nor used a personal access token) for 180 days
 * as inactive; one who never logged in counts from their creation. Service accounts never.
 */
export const INACTIVE_AFTER_DAYS = 180;
const DAY_MS = 24 * 3600 * 1000;

const inactiveSince = () => new Date(Date.now() - INACTIVE_AFTER_DAYS * DAY_MS);
const tokenUnusedSince = (patUse: Map<number, Date>, id: number, before: Date) => {
  const used = patUse.get(id);
  return used === undefined || used < before;
};

export async function listInactiveUsers(db: Db): Promise<InactiveUser[]> {
  const before = inactiveSince();
  const candidates = await usersNotSeenSince(db, before);
  const patUse = await latestPatUseOfUsers(
    db,
    candidates.map((user) => user.id),
  );
  return candidates
    .filter((user) => tokenUnusedSince(patUse, user.id, before))
    .map((user) => ({
      id: user.id,
      name: user.name,
      ...(user.email !== null ? { email: user.email } : {}),
      username: user.username,
      seenAt: user.seenAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      patSeenAt: patUse.get(user.id)?.toISOString() ?? null,
    }));
}

/**
 * Deletes those of `ids` that are still inactive when the transaction looks (rows locked, token
 * use checked again), never the caller's own account; one `user-deleted` event each.
 */
export async function deleteInactiveUsers(
  db: Db,
  ids: readonly number[],
  actor: AuditActor,
): Promise<number> {
  const before = inactiveSince();
  const wanted = [...new Set(ids)].filter((id) => id !== actor.createdByUserId);
  return inTransaction(db, async (trx) => {
    const candidates = await lockUsersNotSeenSince(trx, wanted, before);
    const patUse = await latestPatUseOfUsers(
      trx,
      candidates.map((user) => user.id),
    );
    const doomed = candidates.filter((user) => tokenUnusedSince(patUse, user.id, before));
    const roles = await rootRolesOfUsers(
      trx,
      doomed.map((user) => user.id),
    );
    for (const user of doomed) {
      await deleteUserRow(trx, user.id);
      await appendEvent(trx, {
        type: 'user-deleted',
        ...actor,
        preData: userEventData(user, roles.get(user.id)),
      });
    }
    return doomed.length;
  });
}
