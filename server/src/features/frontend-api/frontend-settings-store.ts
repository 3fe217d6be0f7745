import type { Queryable } from '../../db/queryable';

/** The `settings` row of the frontend API's allowed origins (frontend-settings.ts). */
export const ORIGINS_SETTING = 'frontendApiOrigins';

/** The stored origins setting; undefined when it was never set. */
export async function readOriginsSetting(db: Queryable): Promise<{ content: unknown } | undefined> {
  return db.selectFrom('settings').select('content').where('name', '=', ORIGINS_SETTING).executeTakeFirst();
}

export async function writeOriginsSetting(db: Queryable, origins: readonly string[]): Promise<void> {
  const json = JSON.stringify(origins);
  await db
    .insertInto('settings')
    .values({ name: ORIGINS_SETTING, content: json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ content: json }))
    .execute();
}
