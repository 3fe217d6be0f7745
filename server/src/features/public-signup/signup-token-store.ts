import type { Queryable } from '../../db/queryable';

/**
 * Invite links (public_signup_tokens) and the users who signed up through them. Only the
 * SHA-256 of a link's secret is stored; it also serves as the link's id in the admin API.
 */

export interface SignupTokenRecord {
  secretHash: string;
  name: string;
  enabled: boolean;
  expiresAt: Date;
  createdAt: Date;
  createdBy: string | null;
  roleId: number;
}

const columns = [
  'secret_hash',
  'name',
  'enabled',
  'expires_at',
  'created_at',
  'created_by',
  'role_id',
] as const;

type Row = {
  secret_hash: string;
  name: string;
  enabled: boolean;
  expires_at: Date;
  created_at: Date;
  created_by: string | null;
  role_id: number;
};

const toRecord = (row: Row): SignupTokenRecord => ({
  secretHash: row.secret_hash,
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

export async function getSignupToken(
  db: Queryable,
  secretHash: string,
): Promise<SignupTokenRecord | undefined> {
  const row = await db
    .selectFrom('public_signup_tokens')
    .select(columns)
    .where('secret_hash', '=', secretHash)
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function insertSignupToken(
  db: Queryable,
  token: { secretHash: string; name: string; expiresAt: Date; createdBy: string; roleId: number },
): Promise<SignupTokenRecord> {
  const row = await db
    .insertInto('public_signup_tokens')
    .values({
      secret_hash: token.secretHash,
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
  secretHash: string,
  fields: { expiresAt?: Date; enabled?: boolean },
): Promise<void> {
  const set: { expires_at?: Date; enabled?: boolean } = {};
  if (fields.expiresAt !== undefined) set.expires_at = fields.expiresAt;
  if (fields.enabled !== undefined) set.enabled = fields.enabled;
  if (Object.keys(set).length === 0) return;
  await db.updateTable('public_signup_tokens').set(set).where('secret_hash', '=', secretHash).execute();
}

export async function addSignupUser(db: Queryable, secretHash: string, userId: number): Promise<void> {
  await db
    .insertInto('public_signup_token_users')
    .values({ secret_hash: secretHash, user_id: userId })
    .execute();
}

export async function signupUsers(
  db: Queryable,
  secretHashes: readonly string[],
): Promise<Map<string, number[]>> {
  if (secretHashes.length === 0) return new Map();
  const rows = await db
    .selectFrom('public_signup_token_users')
    .select(['secret_hash', 'user_id'])
    .where('secret_hash', 'in', [...secretHashes])
    .orderBy('created_at')
    .execute();
  const result = new Map<string, number[]>();
  for (const row of rows) {
    result.set(row.secret_hash, [...(result.get(row.secret_hash) ?? []), row.user_id]);
  }
  return result;
}
