import { type Kysely, sql } from 'kysely';

// SDK metrics recorded when each flag was last seen per environment (feature_last_seen), but
// nothing moved the flag's and its environments' last_seen_at, which the admin API and search
// read: flags stayed "not seen" (issue 33). Flushes now stamp both; this carries over what was
// recorded before.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update feature_environments fe set last_seen_at = s.last_seen_at
    from feature_last_seen s
    where s.feature_name = fe.feature_name and s.environment = fe.environment
      and (fe.last_seen_at is null or fe.last_seen_at < s.last_seen_at)`.execute(db);
  await sql`
    update features f set last_seen_at = s.seen
    from (select feature_name, max(last_seen_at) as seen from feature_last_seen group by feature_name) s
    where s.feature_name = f.name and (f.last_seen_at is null or f.last_seen_at < s.seen)`.execute(db);
}

export async function down(): Promise<void> {
  // The stamped times are data the server keeps moving forward; nothing to undo.
}
