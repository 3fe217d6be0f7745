import { type ExpressionBuilder, sql } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { Database } from '../../db/schema';
import { uniquenessOf } from './scim-error';
import type { ScimEquality } from './scim-filter';
import { countedPage, type ScimPage } from './scim-paging';

/** The groups a SCIM client provisioned (`scim_id` set). */
export interface ScimGroupRow {
  id: number;
  scimId: string;
  externalId: string | null;
  displayName: string;
  createdAt: Date;
}

export const GROUP_FILTERS = ['displayname', 'externalid', 'id'] as const;

const columns = ['id', 'scim_id', 'scim_external_id', 'name', 'created_at'] as const;

type Row = {
  id: number;
  scim_id: string | null;
  scim_external_id: string | null;
  name: string;
  created_at: Date;
};

const toRow = (row: Row): ScimGroupRow => ({
  id: row.id,
  scimId: row.scim_id ?? '',
  externalId: row.scim_external_id,
  displayName: row.name,
  createdAt: row.created_at,
});

const GROUP_TAKEN = 'A group with this displayName or externalId exists already';

function matching(clauses: readonly ScimEquality[]) {
  return (eb: ExpressionBuilder<Database, 'groups'>) =>
    eb.and([
      eb('scim_id', 'is not', null),
      ...clauses.map((clause) => {
        if (clause.attribute === 'displayname') return eb(sql`lower(name)`, '=', clause.value.toLowerCase());
        if (clause.attribute === 'id') return eb('scim_id', '=', clause.value);
        return eb('scim_external_id', '=', clause.value);
      }),
    ]);
}

export async function findScimGroups(
  db: Queryable,
  clauses: readonly ScimEquality[],
  page: ScimPage,
): Promise<{ total: number; rows: ScimGroupRow[] }> {
  const matches = db.selectFrom('groups').where(matching(clauses));
  const { total, rows } = await countedPage(
    () => matches.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ({ offset, limit }) => matches.select(columns).orderBy('id').offset(offset).limit(limit).execute(),
    page,
  );
  return { total, rows: rows.map(toRow) };
}

export async function getScimGroup(db: Queryable, scimId: string): Promise<ScimGroupRow | undefined> {
  const row = await db.selectFrom('groups').select(columns).where('scim_id', '=', scimId).executeTakeFirst();
  return row && toRow(row);
}

export async function scimGroupsByIds(db: Queryable, ids: readonly number[]): Promise<ScimGroupRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('groups')
    .select(columns)
    .where('id', 'in', [...ids])
    .where('scim_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

export async function insertScimGroup(
  db: Queryable,
  group: { scimId: string; externalId: string | null; displayName: string; createdBy: string },
): Promise<ScimGroupRow> {
  try {
    const row = await db
      .insertInto('groups')
      .values({
        name: group.displayName,
        description: null,
        mappings_sso: JSON.stringify([]),
        created_by: group.createdBy,
        scim_id: group.scimId,
        scim_external_id: group.externalId,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toRow(row);
  } catch (error) {
    throw uniquenessOf(error, GROUP_TAKEN);
  }
}

export async function updateScimGroup(
  db: Queryable,
  id: number,
  fields: { displayName: string; externalId: string | null },
): Promise<void> {
  try {
    await db
      .updateTable('groups')
      .set({ name: fields.displayName, scim_external_id: fields.externalId })
      .where('id', '=', id)
      .execute();
  } catch (error) {
    throw uniquenessOf(error, GROUP_TAKEN);
  }
}

export async function deleteScimGroupRows(db: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('groups')
    .where('id', 'in', [...ids])
    .execute();
}

export async function allScimGroups(db: Queryable): Promise<ScimGroupRow[]> {
  const rows = await db
    .selectFrom('groups')
    .select(columns)
    .where('scim_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/** The SCIM groups each of `userIds` belongs to, for the users' `groups` attribute. */
export async function scimGroupsOfUsers(
  db: Queryable,
  userIds: readonly number[],
): Promise<Map<number, ScimGroupRow[]>> {
  const byUser = new Map<number, ScimGroupRow[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('group_user')
    .innerJoin('groups', 'groups.id', 'group_user.group_id')
    .select([
      'group_user.user_id',
      'groups.id',
      'groups.scim_id',
      'groups.scim_external_id',
      'groups.name',
      'groups.created_at',
    ])
    .where('group_user.user_id', 'in', [...userIds])
    .where('groups.scim_id', 'is not', null)
    .orderBy('groups.id')
    .execute();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(toRow(row));
    byUser.set(row.user_id, list);
  }
  return byUser;
}
