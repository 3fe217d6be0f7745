import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/pg-errors';
import type { Queryable } from '../../db/queryable';
import { nameExists } from '../../lib/errors';

/** The groups table (membership and roles live with access: group_user, group_role). */

export interface GroupRecord {
  id: number;
  name: string;
  description: string | null;
  mappingsSSO: string[];
  createdBy: string | null;
  createdAt: Date;
  /** Provisioned by a SCIM client (issue 20): changed only through the SCIM API. */
  scimId: string | null;
}

export const GROUP_EXISTS = 'Group name already exists';

const columns = ['id', 'name', 'description', 'mappings_sso', 'created_by', 'created_at', 'scim_id'] as const;

type Row = {
  id: number;
  name: string;
  description: string | null;
  mappings_sso: unknown;
  created_by: string | null;
  created_at: Date;
  scim_id: string | null;
};

const toRecord = (row: Row): GroupRecord => ({
  id: row.id,
  name: row.name,
  description: row.description,
  mappingsSSO: Array.isArray(row.mappings_sso) ? (row.mappings_sso as string[]) : [],
  createdBy: row.created_by,
  createdAt: row.created_at,
  scimId: row.scim_id,
});

export async function listGroups(db: Queryable): Promise<GroupRecord[]> {
  return (await db.selectFrom('groups').select(columns).orderBy('name').orderBy('id').execute()).map(
    toRecord,
  );
}

export async function getGroup(db: Queryable, id: number): Promise<GroupRecord | undefined> {
  const row = await db.selectFrom('groups').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function getGroups(db: Queryable, ids: readonly number[]): Promise<GroupRecord[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .selectFrom('groups')
      .select(columns)
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute()
  ).map(toRecord);
}

export async function groupNameTaken(db: Queryable, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('groups').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertGroup(
  db: Queryable,
  group: { name: string; description: string | null; mappingsSSO: string[]; createdBy: string },
): Promise<GroupRecord> {
  try {
    const row = await db
      .insertInto('groups')
      .values({
        name: group.name,
        description: group.description,
        mappings_sso: JSON.stringify(group.mappingsSSO),
        created_by: group.createdBy,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(GROUP_EXISTS);
    throw error;
  }
}

export async function updateGroupRow(
  db: Queryable,
  id: number,
  group: { name: string; description: string | null; mappingsSSO: string[] },
): Promise<void> {
  try {
    await db
      .updateTable('groups')
      .set({
        name: group.name,
        description: group.description,
        mappings_sso: JSON.stringify(group.mappingsSSO),
      })
      .where('id', '=', id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists(GROUP_EXISTS);
    throw error;
  }
}

export async function deleteGroupRow(db: Queryable, id: number): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', id).execute();
}
