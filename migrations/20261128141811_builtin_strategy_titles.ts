import type { Kysely } from 'kysely';

// Built-in strategy types have a displayName and no title in Unleash 8.2 (GET /api/admin/strategies
// answers `title: null` for each): the flag model seeded their titles with the display names.
// Built-ins cannot be edited, so every built-in title is the seeded one.
const SEEDED_TITLES: Record<string, string> = {
  flexibleRollout: 'Gradual rollout',
  default: 'Standard',
  userWithId: 'UserIDs',
  remoteAddress: 'IPs',
  applicationHostname: 'Hosts',
};

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('strategies')
    .set({ title: null })
    .where('built_in', '=', true)
    .where('name', 'in', Object.keys(SEEDED_TITLES))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, title] of Object.entries(SEEDED_TITLES)) {
    await db
      .updateTable('strategies')
      .set({ title })
      .where('name', '=', name)
      .where('built_in', '=', true)
      .execute();
  }
}
