import type { Queryable } from '../../db/queryable';

/** Unleash keeps the password-login switch in its settings table under this name. */
export const PASSWORD_SETTING = 'unleash.auth.simple';

/** Whether the setting row exists, and whether it switches password login off. */
export async function readPasswordLoginDisabled(
  db: Queryable,
): Promise<{ exists: boolean; disabled: boolean }> {
  const row = await db
    .selectFrom('settings')
    .select('content')
    .where('name', '=', PASSWORD_SETTING)
    .executeTakeFirst();
  const content = row?.content as { disabled?: unknown } | null | undefined;
  return { exists: row !== undefined, disabled: content?.disabled === true };
}

export async function writePasswordLoginDisabled(db: Queryable, disabled: boolean): Promise<void> {
  const content = JSON.stringify({ disabled });
  await db
    .insertInto('settings')
    .values({ name: PASSWORD_SETTING, content })
    .onConflict((oc) => oc.column('name').doUpdateSet({ content }))
    .execute();
}
