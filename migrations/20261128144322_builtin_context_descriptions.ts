import type { Kysely } from 'kysely';

// The built-in context fields describe themselves as Unleash 8.2's do (GET /api/admin/context on
// a fresh reference, issue 31 §4). Names, sort orders, stickiness and legal values already match.
// A description an administrator changed is left alone: only the seeded text is replaced.
const DESCRIPTIONS: Array<{ name: string; seeded: string; unleash: string }> = [
  {
    name: 'environment',
    seeded: 'Allows you to constrain on the environment.',
    unleash: 'Allows you to constrain on application environment',
  },
  {
    name: 'userId',
    seeded: 'Allows you to constrain on the userId.',
    unleash: 'Allows you to constrain on userId',
  },
  {
    name: 'appName',
    seeded: 'Allows you to constrain on the application name.',
    unleash: 'Allows you to constrain on application name',
  },
  {
    name: 'currentTime',
    seeded: 'Allows you to constrain on the current time.',
    unleash: 'Allows you to constrain on date values',
  },
  {
    name: 'sessionId',
    seeded: 'Allows you to constrain on the session id.',
    unleash: 'Allows you to constrain on sessionId',
  },
];

async function replace(db: Kysely<any>, from: 'seeded' | 'unleash', to: 'seeded' | 'unleash') {
  for (const field of DESCRIPTIONS) {
    await db
      .updateTable('context_fields')
      .set({ description: field[to] })
      .where('name', '=', field.name)
      .where('description', '=', field[from])
      .execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await replace(db, 'seeded', 'unleash');
}

export async function down(db: Kysely<any>): Promise<void> {
  await replace(db, 'unleash', 'seeded');
}
