import { type Kysely, sql } from 'kysely';

// Several instances on one PostgreSQL (issue 17): every statement that appends to `events`
// notifies channel `switchyard_changes` with the newest event id, so each instance's LISTEN
// connection learns of a committed change at once (NOTIFY is delivered on commit, never for a
// rollback). The payload stays tiny: the id, plus ` tokens` when API tokens changed (their
// authentication caches are dropped). Polling stays the safety net for a missed notification.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION events_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      newest bigint;
      tokens boolean;
    BEGIN
      SELECT max(id), bool_or(type LIKE 'api-token-%') INTO newest, tokens FROM inserted;
      IF newest IS NOT NULL THEN
        PERFORM pg_notify('switchyard_changes', newest::text || CASE WHEN tokens THEN ' tokens' ELSE '' END);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER events_notify_change AFTER INSERT ON events
    REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION events_notify_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS events_notify_change ON events`.execute(db);
  await sql`DROP FUNCTION IF EXISTS events_notify_change()`.execute(db);
}
