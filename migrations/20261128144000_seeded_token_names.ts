import type { Kysely } from 'kysely';

// Unleash names the tokens of INIT_ADMIN_API_TOKENS, INIT_CLIENT_API_TOKENS and
// INIT_FRONTEND_API_TOKENS "admin", and that name is the author of what they change in the event
// log (issue 31 §4). Tokens seeded before then were named init-<type>.
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ token_name: 'admin' })
    .where('seeded', '=', true)
    .where('token_name', 'in', ['init-admin', 'init-client', 'init-frontend'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const type of ['admin', 'client', 'frontend']) {
    await db
      .updateTable('api_tokens')
      .set({ token_name: `init-${type}` })
      .where('seeded', '=', true)
      .where('token_name', '=', 'admin')
      .where('type', '=', type)
      .execute();
  }
}
