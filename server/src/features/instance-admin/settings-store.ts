import type { Queryable } from '../../db/queryable';

/**
 * SQL of the instance settings this domain keeps in Unleash's `settings` table (the license token,
 * maintenance mode): one JSON `content` per `name`.
 */
export const instanceSettingStore = {
  async content(db: Queryable, name: string): Promise<unknown> {
    const row = await db.selectFrom('settings').select('content').where('name', '=', name).executeTakeFirst();
    return row?.content;
  },

  /** Locks the setting's row for the transaction; `undefined` when it does not exist yet. */
  async lock(db: Queryable, name: string): Promise<{ content: unknown } | undefined> {
    return db
      .selectFrom('settings')
      .select('content')
      .where('name', '=', name)
      .forUpdate()
      .executeTakeFirst();
  },

  async put(db: Queryable, name: string, content: string): Promise<void> {
    await db
      .insertInto('settings')
      .values({ name, content })
      .onConflict((oc) => oc.column('name').doUpdateSet({ content }))
      .execute();
  },
};
