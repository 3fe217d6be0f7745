import type { Queryable } from '../../db/queryable';

/** The SCIM settings row of the `settings` table; the token is kept as its SHA-256 only. */
export interface ScimSettingsRow {
  enabled: boolean;
  tokenHash: string | null;
}

export const SCIM_SETTING = 'scim';

export async function readScimSettings(db: Queryable): Promise<ScimSettingsRow | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('content')
    .where('name', '=', SCIM_SETTING)
    .executeTakeFirst();
  const content = row?.content as Partial<ScimSettingsRow> | null | undefined;
  if (!content || typeof content !== 'object') return row ? { enabled: false, tokenHash: null } : undefined;
  return {
    enabled: content.enabled === true,
    tokenHash: typeof content.tokenHash === 'string' ? content.tokenHash : null,
  };
}

export async function writeScimSettings(db: Queryable, settings: ScimSettingsRow): Promise<void> {
  const content = JSON.stringify(settings);
  await db
    .insertInto('settings')
    .values({ name: SCIM_SETTING, content })
    .onConflict((oc) => oc.column('name').doUpdateSet({ content }))
    .execute();
}
