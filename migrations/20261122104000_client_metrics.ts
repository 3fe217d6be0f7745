import { type Kysely, sql } from 'kysely';

// What SDKs report: registered applications and their instances, and evaluation counts
// aggregated per hour, flag, application and environment (shared/unleash/API.md §2.4-2.5, §7.1).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('client_applications')
    .addColumn('app_name', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz')
    .addColumn('description', 'text')
    .addColumn('strategies', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('url', 'text')
    .addColumn('color', 'text')
    .addColumn('icon', 'text')
    .addColumn('created_by', 'text')
    .execute();

  await db.schema
    .createTable('client_instances')
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('sdk_version', 'text')
    .addColumn('sdk_type', 'text', (c) => c.notNull().defaultTo('backend'))
    .addColumn('client_ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('client_instances_pkey', ['app_name', 'instance_id', 'environment'])
    .execute();

  await db.schema
    .createTable('client_applications_usage')
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('project', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_applications_usage_pkey', ['app_name', 'project', 'environment'])
    .execute();

  await db.schema
    .createTable('client_metrics_env')
    .addColumn('feature_name', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'timestamptz', (c) => c.notNull())
    .addColumn('yes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('no', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('client_metrics_env_pkey', [
      'feature_name',
      'app_name',
      'environment',
      'timestamp',
    ])
    .execute();
  await db.schema
    .createIndex('client_metrics_env_timestamp_idx')
    .on('client_metrics_env')
    .column('timestamp')
    .execute();

  await db.schema
    .createTable('client_metrics_env_variants')
    .addColumn('feature_name', 'text', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'timestamptz', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('client_metrics_env_variants_pkey', [
      'feature_name',
      'app_name',
      'environment',
      'timestamp',
      'variant',
    ])
    .execute();

  await db.schema
    .createTable('feature_last_seen')
    .addColumn('feature_name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('feature_last_seen_pkey', ['feature_name', 'environment'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'feature_last_seen',
    'client_metrics_env_variants',
    'client_metrics_env',
    'client_applications_usage',
    'client_instances',
    'client_applications',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
