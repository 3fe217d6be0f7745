import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { definedFields, hasFields } from '../../db/update-fields';
import { nameExists } from '../../lib/errors';

/** The users table: people and service accounts (`is_service`). */

export interface UserRecord {
  id: number;
  name: string | null;
  username: string | null;
  email: string | null;
  passwordHash: string | null;
  loginAttempts: number;
  isService: boolean;
  createdAt: Date;
  seenAt: Date | null;
  /** Provisioned by a SCIM client (issue 20): the console shows it read-only. */
  scimId: string | null;
  /** Deactivated by a SCIM client: every login path refuses the user. */
  deactivated: boolean;
  /** The first admin's generated password: its owner must choose a new one at first sign-in. */
  passwordChangeRequired: boolean;
}

export const USER_EXISTS = 'User already exists';

const columns = [
  'id',
  'name',
  'username',
  'email',
  'password_hash',
  'login_attempts',
  'is_service',
  'created_at',
  'seen_at',
  'scim_id',
  'deactivated_at',
  'password_change_required',
] as const;

type Row = {
  id: number;
  name: string | null;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  login_attempts: number;
  is_service: boolean;
  created_at: Date;
  seen_at: Date | null;
  scim_id: string | null;
  deactivated_at: Date | null;
  password_change_required: boolean;
};

function toRecord(row: Row): UserRecord {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    loginAttempts: row.login_attempts,
    isService: row.is_service,
    createdAt: row.created_at,
    seenAt: row.seen_at,
    scimId: row.scim_id,
    deactivated: row.deactivated_at !== null,
    passwordChangeRequired: row.password_change_required,
  };
}

/** A user as audit events carry it (`data` / `preData` of user-created, -updated, -deleted). */
export function userEventData(record: UserRecord, rootRole: number | undefined) {
  return { id: record.id, name: record.name, email: record.email, username: record.username, rootRole };
}

export async function getUser(db: Queryable, id: number): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function getUsers(db: Queryable, ids: readonly number[]): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/** A login name: the username or the e-mail address, in any letter case. */
export async function findByLogin(db: Queryable, login: string): Promise<UserRecord | undefined> {
  const lowered = login.trim().toLowerCase();
  const row = await db
    .selectFrom('users')
    .select(columns)
    .where((eb) => eb.or([eb(sql`lower(username)`, '=', lowered), eb(sql`lower(email)`, '=', lowered)]))
    .orderBy('id')
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function listUsers(db: Queryable, options: { service: boolean }): Promise<UserRecord[]> {
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('is_service', '=', options.service)
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

export async function countUsers(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** People (not service accounts) whose name, username or e-mail contains `query`. */
export async function searchUsers(db: Queryable, query: string, limit: number): Promise<UserRecord[]> {
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('is_service', '=', false)
    .where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', pattern),
        eb(sql`lower(username)`, 'like', pattern),
        eb(sql`lower(email)`, 'like', pattern),
      ]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toRecord);
}

/** People whose last login (or creation, if they never logged in) is older than `before`. */
export async function usersNotSeenSince(db: Queryable, before: Date): Promise<UserRecord[]> {
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('is_service', '=', false)
    .where(sql<Date>`coalesce(seen_at, created_at)`, '<', before)
    .orderBy('id')
    .execute();
  return rows.map(toRecord);
}

/**
 * Of `ids`, the people still not seen since `before`, their rows locked until the transaction
 * ends, so a login in the meantime waits and then finds them deleted, or keeps them.
 */
export async function lockUsersNotSeenSince(
  db: Queryable,
  ids: readonly number[],
  before: Date,
): Promise<UserRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('id', 'in', [...ids])
    .where('is_service', '=', false)
    .where(sql<Date>`coalesce(seen_at, created_at)`, '<', before)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map(toRecord);
}

export interface NewUser {
  name: string | null;
  username: string | null;
  email: string | null;
  passwordHash: string | null;
  isService: boolean;
  createdByUserId: number | null;
  passwordChangeRequired?: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRecord> {
  try {
    const row = await db
      .insertInto('users')
      .values({
        name: user.name,
        username: user.username,
        email: user.email,
        password_hash: user.passwordHash,
        is_service: user.isService,
        created_by_user_id: user.createdByUserId,
        password_change_required: user.passwordChangeRequired ?? false,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(USER_EXISTS);
    throw error;
  }
}

export async function updateUserFields(
  db: Queryable,
  id: number,
  fields: { name?: string | null; email?: string | null },
): Promise<void> {
  if (!hasFields(fields)) return;
  try {
    await db.updateTable('users').set(definedFields(fields)).where('id', '=', id).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(USER_EXISTS);
    throw error;
  }
}

export async function setPasswordHash(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, login_attempts: 0 })
    .where('id', '=', id)
    .execute();
}

/** Clears the first admin's must-change-password mark once they chose their own password. */
export async function clearPasswordChangeRequired(db: Queryable, id: number): Promise<void> {
  await db.updateTable('users').set({ password_change_required: false }).where('id', '=', id).execute();
}

export async function recordLogin(db: Queryable, id: number, succeeded: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set(
      succeeded
        ? { login_attempts: 0, seen_at: new Date() }
        : (eb) => ({ login_attempts: eb('login_attempts', '+', 1) }),
    )
    .where('id', '=', id)
    .execute();
}

export async function markUsersSeen(db: Queryable, ids: readonly number[], seenAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('users')
    .set({ seen_at: seenAt })
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteUserRow(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
