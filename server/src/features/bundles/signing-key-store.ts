import type { Queryable } from '../../db/queryable';

/** The `settings` row holding the instance's generated bundle signing key (signing-key.ts). */
const SETTING = 'bundleSigningKey';

/** The stored content of the signing-key setting; undefined when there is none. */
export async function readSigningKeySetting(db: Queryable): Promise<unknown> {
  const row = await db
    .selectFrom('settings')
    .select('content')
    .where('name', '=', SETTING)
    .executeTakeFirst();
  return row?.content;
}

/** Stores a new signing key unless one is there already; true when this call stored it. */
export async function insertSigningKeySetting(db: Queryable, content: object): Promise<boolean> {
  const inserted = await db
    .insertInto('settings')
    .values({ name: SETTING, content: JSON.stringify(content) })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return inserted !== undefined;
}
