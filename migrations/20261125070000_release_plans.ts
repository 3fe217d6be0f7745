import { type Kysely, sql } from 'kysely';

// Release templates and release plans (issue 14; shared/unleash/API.md §10.2 and the data-model
// rows `release_plan_definitions`, `milestones`, `milestone_strategies`, `milestone_progressions`,
// safeguards). As in Unleash, templates and plans share one definitions table told apart by
// `discriminator`; ids are ULIDs made by the server. Everything below a definition goes with it
// (ON DELETE CASCADE), and a plan goes with its flag or environment.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('release_plan_definitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discriminator', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // Templates: an optional owning project (releasePlanTemplateSchema.project). Plans: the flag's project.
    .addColumn('project', 'text', (c) => c.references('projects.id').onDelete('cascade'))
    .addColumn('feature_name', 'text', (c) => c.references('features.name').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.references('environments.name').onDelete('cascade'))
    // Kept without a foreign key, as the event log keeps it: a deleted user's templates stay.
    .addColumn('created_by_user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    // The template a plan was made from; provenance only, the template may be deleted later.
    .addColumn('release_plan_template_id', 'text')
    .addColumn('active_milestone_id', 'text')
    .addColumn('archived_at', 'timestamptz')
    .addCheckConstraint('release_plan_definitions_discriminator', sql`discriminator IN ('template', 'plan')`)
    .addCheckConstraint(
      'release_plan_definitions_plan_target',
      sql`discriminator = 'template' OR (feature_name IS NOT NULL AND environment IS NOT NULL AND release_plan_template_id IS NOT NULL)`,
    )
    .execute();
  // A template name is unique among the templates not archived (Unleash answers 409 NameExistsError).
  await sql`CREATE UNIQUE INDEX release_plan_definitions_template_name ON release_plan_definitions (name) WHERE discriminator = 'template' AND archived_at IS NULL`.execute(
    db,
  );
  // One release plan per flag environment (adding a second answers 409).
  await sql`CREATE UNIQUE INDEX release_plan_definitions_plan_target_unique ON release_plan_definitions (feature_name, environment) WHERE discriminator = 'plan'`.execute(
    db,
  );

  await db.schema
    .createTable('milestones')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('release_plan_definition_id', 'text', (c) =>
      c.notNull().references('release_plan_definitions.id').onDelete('cascade'),
    )
    .addColumn('started_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('milestones_definition_idx')
    .on('milestones')
    .columns(['release_plan_definition_id', 'sort_order'])
    .execute();
  // Added once milestones exist; a deleted milestone is no longer active.
  await sql`ALTER TABLE release_plan_definitions ADD CONSTRAINT release_plan_definitions_active_milestone_fk FOREIGN KEY (active_milestone_id) REFERENCES milestones (id) ON DELETE SET NULL`.execute(
    db,
  );

  await db.schema
    .createTable('milestone_strategies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('milestone_id', 'text', (c) => c.notNull().references('milestones.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text')
    .addColumn('strategy_name', 'text', (c) => c.notNull())
    .addColumn('parameters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('constraints', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('variants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('milestone_strategies_milestone_idx')
    .on('milestone_strategies')
    .columns(['milestone_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('milestone_strategy_segments')
    .addColumn('milestone_strategy_id', 'text', (c) =>
      c.notNull().references('milestone_strategies.id').onDelete('cascade'),
    )
    .addColumn('segment_id', 'integer', (c) => c.notNull().references('segments.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('milestone_strategy_segments_pkey', ['milestone_strategy_id', 'segment_id'])
    .execute();
  await db.schema
    .createIndex('milestone_strategy_segments_segment_idx')
    .on('milestone_strategy_segments')
    .column('segment_id')
    .execute();

  // A started milestone's strategies are copied onto the flag environment, marked with their
  // milestone so that the client API sorts them first and removing the plan removes them.
  await db.schema
    .alterTable('feature_strategies')
    .addColumn('milestone_id', 'text', (c) => c.references('milestones.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('feature_strategies_milestone_idx')
    .on('feature_strategies')
    .column('milestone_id')
    .execute();

  // An automatic advance from one milestone to the next (one per source milestone, as the
  // PUT …/progressions/{sourceMilestone} path says). executed_at marks it done; paused_at is set
  // by a triggered safeguard and cleared by resume.
  await db.schema
    .createTable('milestone_progressions')
    .addColumn('source_milestone', 'text', (c) =>
      c.primaryKey().references('milestones.id').onDelete('cascade'),
    )
    .addColumn('target_milestone', 'text', (c) => c.notNull().references('milestones.id').onDelete('cascade'))
    // transitionConditionSchema: {type?: 'time', intervalMinutes} or {type: 'exposure', minimumExposures}.
    .addColumn('transition_condition', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('executed_at', 'timestamptz')
    .addColumn('paused_at', 'timestamptz')
    .addCheckConstraint('milestone_progressions_distinct', sql`source_milestone <> target_milestone`)
    .execute();
  await db.schema
    .createIndex('milestone_progressions_target_idx')
    .on('milestone_progressions')
    .column('target_milestone')
    .execute();

  // Safeguards: an impact-metric condition that, once met, pauses the plan's progressions
  // (releasePlanSafeguardSchema). One row holds the metric, the trigger and the plan it acts on.
  await db.schema
    .createTable('safeguards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('release_plan_id', 'text', (c) =>
      c.notNull().references('release_plan_definitions.id').onDelete('cascade'),
    )
    .addColumn('action_type', 'text', (c) => c.notNull())
    .addColumn('impact_metric_id', 'text', (c) => c.notNull())
    .addColumn('metric_name', 'text', (c) => c.notNull())
    .addColumn('time_range', 'text', (c) => c.notNull())
    .addColumn('aggregation_mode', 'text', (c) => c.notNull())
    .addColumn('label_selectors', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('metric_source', 'text', (c) => c.notNull().defaultTo('internal'))
    .addColumn('trigger_operator', 'text', (c) => c.notNull())
    .addColumn('trigger_threshold', 'double precision', (c) => c.notNull())
    .addColumn('triggered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('safeguards_time_range', sql`time_range IN ('hour', 'day', 'week', 'month')`)
    .addCheckConstraint(
      'safeguards_aggregation_mode',
      sql`aggregation_mode IN ('rps', 'count', 'avg', 'sum', 'p95', 'p99', 'p50')`,
    )
    .addCheckConstraint('safeguards_metric_source', sql`metric_source IN ('internal', 'external')`)
    .addCheckConstraint('safeguards_trigger_operator', sql`trigger_operator IN ('>', '<')`)
    .execute();
  await db.schema
    .createIndex('safeguards_release_plan_idx')
    .on('safeguards')
    .column('release_plan_id')
    .execute();
}
