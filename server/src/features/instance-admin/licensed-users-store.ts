import type { Db } from '../../db/database';
import type { UserChange } from './licensed-users';

/** The reads behind `GET /api/admin/licensed-users`: human users now, and their changes since. */
export const licensedUsersStore = {
  async currentCount(db: Db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('is_service', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** `user-created` and `user-deleted` events at or after `since` (service accounts have their own types). */
  async changesSince(db: Db, since: Date): Promise<UserChange[]> {
    const rows = await db
      .selectFrom('events')
      .select(['type', 'created_at'])
      .where('type', 'in', ['user-created', 'user-deleted'])
      .where('created_at', '>=', since)
      .execute();
    return rows.map((row) => ({
      kind: row.type === 'user-created' ? ('created' as const) : ('deleted' as const),
      at: row.created_at,
    }));
  },
};
