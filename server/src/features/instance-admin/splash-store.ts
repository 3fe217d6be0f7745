import type { Queryable } from '../../db/queryable';

/** Which first-run dialogs each user has seen (Unleash's `user_splash`). */
export const splashStore = {
  async of(db: Queryable, userId: number): Promise<Record<string, boolean>> {
    const rows = await db
      .selectFrom('user_splash')
      .select(['splash_id', 'seen'])
      .where('user_id', '=', userId)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.splash_id, row.seen]));
  },
  async markSeen(db: Queryable, userId: number, splashId: string): Promise<void> {
    await db
      .insertInto('user_splash')
      .values({ user_id: userId, splash_id: splashId, seen: true })
      .onConflict((oc) => oc.columns(['user_id', 'splash_id']).doUpdateSet({ seen: true }))
      .execute();
  },
  async count(db: Queryable, userId: number): Promise<number> {
    const row = await db
      .selectFrom('user_splash')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
};
