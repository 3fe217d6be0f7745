import { type Kysely, sql } from 'kysely';

// The flag lifecycle (issue 14; Unleash's feature_lifecycles): one row per stage a flag has
// entered. Completing and archiving add a row, uncompleting and reviving remove it again, so a
// flag's current stage is the furthest stage it holds.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feature_lifecycles')
    .addColumn('feature', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('stage', 'text', (c) =>
      c.notNull().check(sql`stage in ('initial', 'pre-live', 'live', 'completed', 'archived')`),
    )
    .addColumn('entered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status', 'text', (c) => c.check(sql`status is null or status in ('kept', 'discarded')`))
    .addColumn('status_value', 'text')
    .addPrimaryKeyConstraint('feature_lifecycles_pkey', ['feature', 'stage'])
    .execute();
  await db.schema
    .createIndex('feature_lifecycles_stage_idx')
    .on('feature_lifecycles')
    .column('stage')
    .execute();

  // Existing flags: created is initial; seen by an SDK anywhere is pre-live; seen in a production
  // environment where the flag is on is live; archived flags are archived.
  await sql`
    insert into feature_lifecycles (feature, stage, entered_at)
    select name, 'initial', created_at from features`.execute(db);
  await sql`
    insert into feature_lifecycles (feature, stage, entered_at)
    select s.feature_name, 'pre-live', min(s.last_seen_at)
    from feature_last_seen s join features f on f.name = s.feature_name
    group by s.feature_name`.execute(db);
  await sql`
    insert into feature_lifecycles (feature, stage, entered_at)
    select s.feature_name, 'live', min(s.last_seen_at)
    from feature_last_seen s
    join features f on f.name = s.feature_name
    join environments e on e.name = s.environment and e.type = 'production'
    join feature_environments fe on fe.feature_name = s.feature_name and fe.environment = s.environment
    where fe.enabled
    group by s.feature_name`.execute(db);
  await sql`
    insert into feature_lifecycles (feature, stage, entered_at)
    select name, 'archived', archived_at from features where archived_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('feature_lifecycles').execute();
}
