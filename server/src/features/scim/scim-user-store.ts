import { type ExpressionBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { Database } from '../../db/schema';
import { uniquenessOf } from './scim-error';
import type { ScimEquality } from './scim-filter';
import { countedPage, type ScimPage } from './scim-paging';

/** The users a SCIM client provisioned (`scim_id` set), as the SCIM API reads and writes them. */
export interface ScimUserRow {
  id: number;
  scimId: string;
  externalId: string | null;
  userName: string;
  name: string | null;
  email: string | null;
  active: boolean;
  createdAt: Date;
}

export const USER_FILTERS = [
  'username',
  'externalid',
  'emails.value',
  'emails',
  'displayname',
  'id',
] as const;

const columns = [
  'id',
  'scim_id',
  'scim_external_id',
  'username',
  'name',
  'email',
  'deactivated_at',
  'created_at',
] as const;

type Row = {
  id: number;
  scim_id: string | null;
  scim_external_id: string | null;
  username: string | null;
  name: string | null;
  email: string | null;
  deactivated_at: Date | null;
  created_at: Date;
};

const toRow = (row: Row): ScimUserRow => ({
  id: row.id,
  scimId: row.scim_id ?? '',
  externalId: row.scim_external_id,
  userName: row.username ?? row.email ?? '',
  name: row.name,
  email: row.email,
  active: row.deactivated_at === null,
  createdAt: row.created_at,
});

function matching(clauses: readonly ScimEquality[]) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.and([
      eb('scim_id', 'is not', null),
      ...clauses.map((clause) => {
        const value = clause.value;
        switch (clause.attribute) {
          case 'username':
            // userName is not case-exact (RFC 7643 §4.1.1).
            return eb(sql`lower(username)`, '=', value.toLowerCase());
          case 'emails':
          case 'emails.value':
            return eb(sql`lower(email)`, '=', value.toLowerCase());
          case 'displayname':
            return eb('name', '=', value);
          case 'id':
            return eb('scim_id', '=', value);
          default:
            return eb('scim_external_id', '=', value);
        }
      }),
    ]);
}

export async function findScimUsers(
  db: Queryable,
  clauses: readonly ScimEquality[],
  page: ScimPage,
): Promise<{ total: number; rows: ScimUserRow[] }> {
  const matches = db.selectFrom('users').where(matching(clauses));
  const { total, rows } = await countedPage(
    () => matches.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ({ offset, limit }) => matches.select(columns).orderBy('id').offset(offset).limit(limit).execute(),
    page,
  );
  return { total, rows: rows.map(toRow) };
}

export async function getScimUser(db: Queryable, scimId: string): Promise<ScimUserRow | undefined> {
  const row = await db.selectFrom('users').select(columns).where('scim_id', '=', scimId).executeTakeFirst();
  return row && toRow(row);
}

export async function scimUsersByScimIds(db: Queryable, scimIds: readonly string[]): Promise<ScimUserRow[]> {
  if (scimIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('scim_id', 'in', [...scimIds])
    .execute();
  return rows.map(toRow);
}

export async function scimUsersByIds(db: Queryable, ids: readonly number[]): Promise<ScimUserRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(columns)
    .where('id', 'in', [...ids])
    .where('scim_id', 'is not', null)
    .execute();
  return rows.map(toRow);
}

/** Whether another account already signs in with this name or address (any letter case). */
export async function loginTaken(
  db: Queryable,
  logins: readonly string[],
  exceptId?: number,
): Promise<boolean> {
  const lowered = [...new Set(logins.map((login) => login.toLowerCase()))];
  if (lowered.length === 0) return false;
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb(sql`lower(username)`, 'in', lowered), eb(sql`lower(email)`, 'in', lowered)]));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function writeScimUserFields(
  db: Queryable,
  id: number,
  fields: {
    scimId?: string;
    externalId: string | null;
    userName: string;
    name: string | null;
    email: string | null;
    active: boolean;
    passwordHash?: string;
  },
): Promise<void> {
  try {
    await db
      .updateTable('users')
      .set((eb) => ({
        ...(fields.scimId !== undefined ? { scim_id: fields.scimId } : {}),
        scim_external_id: fields.externalId,
        username: fields.userName,
        name: fields.name,
        email: fields.email,
        // Keeps the first deactivation time while the user stays inactive.
        deactivated_at: fields.active ? null : eb.fn.coalesce('deactivated_at', sql<Date>`now()`),
        ...(fields.passwordHash !== undefined ? { password_hash: fields.passwordHash } : {}),
      }))
      .where('id', '=', id)
      .execute();
  } catch (error) {
    throw uniquenessOf(error, 'A user with this userName, e-mail or externalId exists already');
  }
}

/** Every SCIM-provisioned user's id, for the bulk delete. */
export async function allScimUserIds(db: Queryable): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('scim_id', 'is not', null).execute();
  return rows.map((row) => row.id);
}
