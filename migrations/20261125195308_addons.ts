import { type Kysely, sql } from 'kysely';

// Integrations (issue 16; shared/unleash/API.md §7 table `addons`, §8.4). Delivery is durable:
// a trigger on `events` queues each new event for every enabled addon subscribed to its type,
// in the transaction that wrote the event, so no event is missed whoever writes it and however
// transactions interleave. `addon_deliveries` holds one row per addon, locked (FOR UPDATE SKIP
// LOCKED) by the instance delivering for it, and its circuit state. `integration_events` is the
// bounded log of attempts.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const emptyArray = sql`'[]'::jsonb`;

  await db.schema
    .createTable('addons')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    // Sensitive values sealed (AES-256-GCM, lib/secret-box.ts), the others in clear.
    .addColumn('parameters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('events', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('projects', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('environments', 'jsonb', (c) => c.notNull().defaultTo(emptyArray))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .execute();

  // No foreign key on purpose: deleting an addon must not wait for a worker holding this row's
  // lock mid-delivery (that worker in turn waits for the delete to record its attempt). Rows of
  // deleted addons are removed by the worker, SKIP LOCKED.
  await db.schema
    .createTable('addon_deliveries')
    .addColumn('addon_id', 'integer', (c) => c.primaryKey())
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('last_delivered_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('addon_outbox')
    .addColumn('addon_id', 'integer', (c) => c.notNull().references('addons.id').onDelete('cascade'))
    .addColumn('event_id', 'bigint', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('addon_outbox_pkey', ['addon_id', 'event_id'])
    .execute();
  await db.schema.createIndex('addon_outbox_event_idx').on('addon_outbox').column('event_id').execute();

  await db.schema
    .createTable('integration_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('integration_id', 'integer', (c) => c.notNull().references('addons.id').onDelete('cascade'))
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('state_details', 'text', (c) => c.notNull())
    .addColumn('event', 'jsonb', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('integration_events_integration_idx')
    .on('integration_events')
    .columns(['integration_id', 'id'])
    .execute();
  await db.schema
    .createIndex('integration_events_created_idx')
    .on('integration_events')
    .column('created_at')
    .execute();

  await sql`
    CREATE FUNCTION addon_outbox_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO addon_outbox (addon_id, event_id)
      SELECT a.id, NEW.id FROM addons a WHERE a.enabled AND a.events ? NEW.type;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER events_addon_outbox AFTER INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION addon_outbox_enqueue()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS events_addon_outbox ON events`.execute(db);
  await sql`DROP FUNCTION IF EXISTS addon_outbox_enqueue()`.execute(db);
  await db.schema.dropTable('integration_events').execute();
  await db.schema.dropTable('addon_outbox').execute();
  await db.schema.dropTable('addon_deliveries').execute();
  await db.schema.dropTable('addons').execute();
}
