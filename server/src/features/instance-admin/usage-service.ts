import { LICENSED_USERS_HISTORY_DAYS, type LicensedUsers } from '../../../contract';
import type { Db } from '../../db/database';
import { licensedUserHistory, startOfUtcDay } from './licensed-users';
import { licensedUsersStore } from './licensed-users-store';

const DAY_MS = 86_400_000;

/** `GET /api/admin/licensed-users`: human users now and over the last LICENSED_USERS_HISTORY_DAYS days. */
export async function readLicensedUsers(db: Db, at: Date): Promise<LicensedUsers> {
  const since = new Date(startOfUtcDay(at).getTime() - (LICENSED_USERS_HISTORY_DAYS - 1) * DAY_MS);
  const [current, changes] = await Promise.all([
    licensedUsersStore.currentCount(db),
    licensedUsersStore.changesSince(db, since),
  ]);
  return {
    seatCount: 0,
    licensedUsers: {
      current,
      history: licensedUserHistory(current, changes, LICENSED_USERS_HISTORY_DAYS, at),
    },
  };
}
