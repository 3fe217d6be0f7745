import type { Kysely } from 'kysely';

// Events written together in one transaction share a group, as Unleash's `groupType` /
// `groupId` (issue 31 §4). Older events have none.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('group_type', 'text')
    .addColumn('group_id', 'text')
    .execute();
  await db.schema.createIndex('events_group_id_idx').on('events').column('group_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_group_id_idx').execute();
  await db.schema.alterTable('events').dropColumn('group_type').dropColumn('group_id').execute();
}
