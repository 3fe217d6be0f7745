import { type Kysely, sql } from 'kysely';

// The flag model (shared/unleash/API.md §7.1): projects, environments, feature types, flags,
// their per-environment state, strategies, segments, dependencies, tags, context fields and
// strategy definitions, with Unleash's seed data (§7.2, §5.1, §5.3). Project settings live on
// the project row: one project, one row.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('health', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('default_stickiness', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('feature_limit', 'integer')
    .addColumn('feature_naming_pattern', 'text')
    .addColumn('feature_naming_example', 'text')
    .addColumn('feature_naming_description', 'text')
    .addColumn('link_templates', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('archived_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('environments')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(9999))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('protected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('required_approvals', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('project_environments')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('environment_name', 'text', (c) =>
      c.notNull().references('environments.name').onDelete('cascade'),
    )
    .addColumn('default_strategy', 'jsonb')
    .addPrimaryKeyConstraint('project_environments_pkey', ['project_id', 'environment_name'])
    .execute();
  await db.schema
    .createIndex('project_environments_environment_idx')
    .on('project_environments')
    .column('environment_name')
    .execute();

  await db.schema
    .createTable('feature_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('lifetime_days', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('features')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('project', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('release').references('feature_types.id'))
    .addColumn('description', 'text')
    .addColumn('stale', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('potentially_stale', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('impression_data', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'text')
    .addColumn('created_by_user_id', 'integer')
    .addColumn('last_seen_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('features_project_idx').on('features').column('project').execute();
  await db.schema.createIndex('features_created_at_idx').on('features').column('created_at').execute();
  await db.schema.createIndex('features_type_idx').on('features').column('type').execute();

  await db.schema
    .createTable('feature_environments')
    .addColumn('feature_name', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().references('environments.name').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('variants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('last_seen_at', 'timestamptz')
    .addPrimaryKeyConstraint('feature_environments_pkey', ['feature_name', 'environment'])
    .execute();
  await db.schema
    .createIndex('feature_environments_environment_idx')
    .on('feature_environments')
    .column('environment')
    .execute();

  await db.schema
    .createTable('strategies')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text')
    .addColumn('display_name', 'text')
    .addColumn('description', 'text')
    .addColumn('parameters', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('built_in', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deprecated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(9999))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('feature_strategies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('feature_name', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull().references('environments.name').onDelete('cascade'))
    .addColumn('strategy_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('parameters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('constraints', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('variants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(9999))
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .execute();
  await db.schema
    .createIndex('feature_strategies_feature_environment_idx')
    .on('feature_strategies')
    .columns(['feature_name', 'environment'])
    .execute();
  await db.schema
    .createIndex('feature_strategies_environment_idx')
    .on('feature_strategies')
    .column('environment')
    .execute();

  await db.schema
    .createTable('segments')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('constraints', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('segment_project_id', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('feature_strategy_segment')
    .addColumn('feature_strategy_id', 'text', (c) =>
      c.notNull().references('feature_strategies.id').onDelete('cascade'),
    )
    .addColumn('segment_id', 'integer', (c) => c.notNull().references('segments.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('feature_strategy_segment_pkey', ['feature_strategy_id', 'segment_id'])
    .execute();
  await db.schema
    .createIndex('feature_strategy_segment_segment_idx')
    .on('feature_strategy_segment')
    .column('segment_id')
    .execute();

  await db.schema
    .createTable('dependent_features')
    .addColumn('parent', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('child', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('variants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint('dependent_features_pkey', ['parent', 'child'])
    .execute();
  await db.schema
    .createIndex('dependent_features_child_idx')
    .on('dependent_features')
    .column('child')
    .execute();

  await db.schema
    .createTable('feature_link')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('feature_name', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('domain', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('feature_link_feature_idx').on('feature_link').column('feature_name').execute();

  await db.schema
    .createTable('tag_types')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text')
    .addColumn('icon', 'text')
    .addColumn('color', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('type', 'text', (c) => c.notNull().references('tag_types.name').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('tags_pkey', ['type', 'value'])
    .execute();

  await db.schema
    .createTable('feature_tag')
    .addColumn('feature_name', 'text', (c) => c.notNull().references('features.name').onDelete('cascade'))
    .addColumn('tag_type', 'text', (c) => c.notNull())
    .addColumn('tag_value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .addPrimaryKeyConstraint('feature_tag_pkey', ['feature_name', 'tag_type', 'tag_value'])
    .addForeignKeyConstraint(
      'feature_tag_tag_fkey',
      ['tag_type', 'tag_value'],
      'tags',
      ['type', 'value'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('feature_tag_tag_idx')
    .on('feature_tag')
    .columns(['tag_type', 'tag_value'])
    .execute();

  await db.schema
    .createTable('context_fields')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('legal_values', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('stickiness', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('project', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  // Events are the revision counter of the SDK snapshot: the latest one per environment is read often.
  await db.schema.createIndex('events_environment_idx').on('events').column('environment').execute();

  // Seed data of a fresh Unleash 8.2 (shared/unleash/API.md §7.2).
  await db
    .insertInto('projects')
    .values({ id: 'default', name: 'Default', description: 'Default project' })
    .execute();
  await db
    .insertInto('environments')
    .values([
      { name: 'development', type: 'development', sort_order: 2 },
      { name: 'production', type: 'production', sort_order: 3 },
    ])
    .execute();
  await db
    .insertInto('project_environments')
    .values([
      { project_id: 'default', environment_name: 'development' },
      { project_id: 'default', environment_name: 'production' },
    ])
    .execute();
  await db
    .insertInto('feature_types')
    .values([
      {
        id: 'release',
        name: 'Release',
        description: 'Release feature flags are used to release new features.',
        lifetime_days: 40,
      },
      {
        id: 'experiment',
        name: 'Experiment',
        description:
          'Experiment feature flags are used to test and verify multiple different versions of a feature.',
        lifetime_days: 40,
      },
      {
        id: 'operational',
        name: 'Operational',
        description: 'Operational feature flags are used to control aspects of a rollout.',
        lifetime_days: 7,
      },
      {
        id: 'kill-switch',
        name: 'Kill switch',
        description:
          'Kill switch feature flags are used to quickly turn on or off critical functionality in your system.',
        lifetime_days: null,
      },
      {
        id: 'permission',
        name: 'Permission',
        description: 'Permission feature flags are used to control permissions in your system.',
        lifetime_days: null,
      },
      {
        id: 'sunset',
        name: 'Sunset',
        description: 'Sunset feature flags mark functionality that is being phased out.',
        lifetime_days: 90,
      },
    ])
    .execute();

  const param = (name: string, type: string, description: string, required: boolean) => ({
    name,
    type,
    description,
    required,
  });
  await db
    .insertInto('strategies')
    .values([
      {
        name: 'flexibleRollout',
        title: 'Gradual rollout',
        display_name: 'Gradual rollout',
        description: 'Roll out to a percentage of your userbase, with a choice of stickiness.',
        built_in: true,
        sort_order: 0,
        parameters: JSON.stringify([
          param('rollout', 'percentage', '', false),
          param('stickiness', 'string', 'Used to define stickiness', true),
          param('groupId', 'string', '', true),
        ]),
      },
      {
        name: 'default',
        title: 'Standard',
        display_name: 'Standard',
        description: 'The standard strategy is either on or off for all users.',
        built_in: true,
        sort_order: 1,
        parameters: JSON.stringify([]),
      },
      {
        name: 'userWithId',
        title: 'UserIDs',
        display_name: 'UserIDs',
        description: 'Enable the feature for a specific set of userIds.',
        built_in: true,
        sort_order: 2,
        parameters: JSON.stringify([param('userIds', 'list', '', false)]),
      },
      {
        name: 'remoteAddress',
        title: 'IPs',
        display_name: 'IPs',
        description: 'Enable the feature for a specific set of IP addresses.',
        built_in: true,
        sort_order: 3,
        parameters: JSON.stringify([
          param('IPs', 'list', 'List of IPs to enable the feature flag for.', true),
        ]),
      },
      {
        name: 'applicationHostname',
        title: 'Hosts',
        display_name: 'Hosts',
        description: 'Enable the feature for a specific set of hostnames.',
        built_in: true,
        sort_order: 4,
        parameters: JSON.stringify([
          param('hostNames', 'list', 'List of hostnames to enable the feature flag for.', false),
        ]),
      },
    ])
    .execute();

  await db
    .insertInto('context_fields')
    .values([
      { name: 'environment', description: 'Allows you to constrain on the environment.', sort_order: 0 },
      { name: 'userId', description: 'Allows you to constrain on the userId.', sort_order: 1 },
      { name: 'appName', description: 'Allows you to constrain on the application name.', sort_order: 2 },
      { name: 'currentTime', description: 'Allows you to constrain on the current time.', sort_order: 3 },
      {
        name: 'sessionId',
        description: 'Allows you to constrain on the session id.',
        sort_order: 4,
        stickiness: true,
      },
    ])
    .execute();

  await db
    .insertInto('tag_types')
    .values({
      name: 'simple',
      description: 'Used to simplify filtering of features',
      icon: '#',
      color: '#FFFFFF',
    })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_environment_idx').execute();
  for (const table of [
    'context_fields',
    'feature_tag',
    'tags',
    'tag_types',
    'dependent_features',
    'feature_link',
    'feature_strategy_segment',
    'segments',
    'feature_strategies',
    'strategies',
    'feature_environments',
    'features',
    'feature_types',
    'project_environments',
    'environments',
    'projects',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
