import type { Queryable } from '../../db/queryable';

/** Stored in the settings table, so every instance behind the load balancer tells SDKs the same. */
export const FETCH_MODE_SETTING = 'sdk.fetch-mode';

/** The stored fetch-mode setting; undefined when it was never set. */
export async function readFetchModeSetting(db: Queryable): Promise<{ content: unknown } | undefined> {
  return db
    .selectFrom('settings')
    .select('content')
    .where('name', '=', FETCH_MODE_SETTING)
    .executeTakeFirst();
}

export async function writeFetchModeSetting(db: Queryable, content: object): Promise<void> {
  const json = JSON.stringify(content);
  await db
    .insertInto('settings')
    .values({ name: FETCH_MODE_SETTING, content: json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ content: json }))
    .execute();
}
