import type { Queryable } from '../events';

/** Invite links (public_signup_tokens) and the users who signed up through them. */

export interface SignupTokenRecord {
  secret: string;
  name: string;
  enabled: boolean;
  expiresAt: Date;
  createdAt: Date;
  createdBy: string | null;
  roleId: number;
}

const columns = ['secret', 'name', 'enabled', 'expires_at', 'created_at', 'created_by', 'role_id'] as const;

type Row = {
  secret: string;
  name: string;
  enabled: boolean;
  expires_at: Date;
  created_at: Date;
  created_by: string | null;
  role_id: number;
};

const toRecord = (row: Row): SignupTokenRecord => ({
  secret: row.secret,
  name: row.name,
  enabled: row.enabled,
  expiresAt: row.expires_at,
  createdAt: row.created_at,
  createdBy: row.created_by,
  roleId: row.role_id,
});

export async function listSignupTokens(db: Queryable): Promise<SignupTokenRecord[]> {
  const rows = await db
    .selectFrom('public_signup_tokens')
    .select(columns)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(toRecord);
}

export async function getSignupToken(db: Queryable, secret: string): Promise<SignupTokenRecord | undefined> {
  const row = await db
    .selectFrom('public_signup_tokens')
    .select(columns)
    .where('secret', '=', secret)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function insertSignupToken(
  db: Queryable,
  token: { secret: string; name: string; expiresAt: Date; createdBy: string; roleId: number },
): Promise<SignupTokenRecord> {
  const row = await db
    .insertInto('public_signup_tokens')
    .values({
      secret: token.secret,
      name: token.name,
      expires_at: token.expiresAt,
      created_by: token.createdBy,
      role_id: token.roleId,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toRecord(row);
}

export async function updateSignupToken(
  db: Queryable,
  secret: string,
  fields: { expiresAt?: Date; enabled?: boolean },
): Promise<void> {
  const set: { expires_at?: Date; enabled?: boolean } = {};
  if (fields.expiresAt !== undefined) set.expires_at = fields.expiresAt;
  if (fields.enabled !== undefined) set.enabled = fields.enabled;
  if (Object.keys(set).length === 0) return;
  await db.updateTable('public_signup_tokens').set(set).where('secret', '=', secret).execute();
}

export async function addSignupUser(db: Queryable, secret: string, userId: number): Promise<void> {
  await db.insertInto('public_signup_token_users').values({ secret, user_id: userId }).execute();
}

export async function signupUsers(db: Queryable, secrets: readonly string[]): Promise<Map<string, number[]>> {
  if (secrets.length === 0) return new Map();
  const rows = await db
    .selectFrom('public_signup_token_users')
    .select(['secret', 'user_id'])
    .where('secret', 'in', [...secrets])
    .orderBy('created_at')
    .execute();
  const result = new Map<string, number[]>();
  for (const row of rows) result.set(row.secret, [...(result.get(row.secret) ?? []), row.user_id]);
  return result;
}
