import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/queryable';

/**
 * Storage of single sign-on: settings rows in the shared `settings` table (under Unleash's names,
 * `unleash.enterprise.auth.oidc` / `.saml`) and short-lived state in `sso_transient`.
 */

export const SETTING_NAMES = {
  oidc: 'unleash.enterprise.auth.oidc',
  saml: 'unleash.enterprise.auth.saml',
} as const;
export type SsoProvider = keyof typeof SETTING_NAMES;

export async function readSetting(db: Queryable, provider: SsoProvider): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('settings')
    .select('content')
    .where('name', '=', SETTING_NAMES[provider])
    .executeTakeFirst();
  const content = row?.content;
  return content && typeof content === 'object' && !Array.isArray(content)
    ? (content as Record<string, unknown>)
    : {};
}

export async function writeSetting(
  db: Queryable,
  provider: SsoProvider,
  content: Record<string, unknown>,
): Promise<void> {
  const json = JSON.stringify(content);
  await db
    .insertInto('settings')
    .values({ name: SETTING_NAMES[provider], content: json })
    .onConflict((oc) => oc.column('name').doUpdateSet({ content: json }))
    .execute();
}

export type TransientKind = 'oidc-login' | 'sso-session' | 'saml-request' | 'saml-assertion' | 'desktop-code';

export const hashKey = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Stores a value for `ttlMs`; false when the key is already there (a replay). */
export async function putTransient(
  db: Queryable,
  kind: TransientKind,
  key: string,
  payload: unknown,
  ttlMs: number,
): Promise<boolean> {
  await db.deleteFrom('sso_transient').where('expires_at', '<=', new Date()).execute();
  const inserted = await db
    .insertInto('sso_transient')
    .values({ kind, key, payload: JSON.stringify(payload), expires_at: new Date(Date.now() + ttlMs) })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Reads and deletes a live value in one statement: each one is used at most once. */
export async function takeTransient(db: Queryable, kind: TransientKind, key: string): Promise<unknown> {
  const row = await db
    .deleteFrom('sso_transient')
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('expires_at', '>', new Date())
    .returning('payload')
    .executeTakeFirst();
  return row?.payload;
}

export async function readTransient(db: Queryable, kind: TransientKind, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('sso_transient')
    .select('payload')
    .where('kind', '=', kind)
    .where('key', '=', key)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.payload;
}
