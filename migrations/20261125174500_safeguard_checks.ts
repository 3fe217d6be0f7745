import type { Kysely } from 'kysely';

// Safeguards are checked continuously (issue 14), not only when a progression comes due: each
// safeguard remembers when an instance last measured it, so the periodic check claims only those
// not measured within the check interval, and two instances never measure the same one at once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('safeguards').addColumn('checked_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('safeguards').dropColumn('checked_at').execute();
}
