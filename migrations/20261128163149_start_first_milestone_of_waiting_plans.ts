import { type Kysely, sql } from 'kysely';

// Release plans added to an enabled environment before milestone 1 started on its own (issue 31
// §3) kept a null active milestone, so nothing of the plan served. This starts their first
// milestone (by sort order) as adding the plan now does: the milestone's strategies are copied
// into the flag environment, marked with the milestone, the plan points at it, and the audit log
// says so, by the system user (id -1337). Plans on disabled environments or archived flags wait,
// as they would now: milestone 1 starts when the environment is switched on.

interface Waiting {
  plan_id: string;
  feature_name: string;
  project: string;
  environment: string;
  milestone_id: string;
  milestone_name: string;
}

async function waitingPlans(db: Kysely<any>): Promise<Waiting[]> {
  const { rows } = await sql<Waiting>`
    select distinct on (p.id)
      p.id as plan_id, p.feature_name, p.project, p.environment,
      m.id as milestone_id, m.name as milestone_name
    from release_plan_definitions p
    join feature_environments fe
      on fe.feature_name = p.feature_name and fe.environment = p.environment and fe.enabled
    join features f on f.name = p.feature_name and f.archived_at is null
    join milestones m on m.release_plan_definition_id = p.id
    where p.discriminator = 'plan' and p.active_milestone_id is null
    order by p.id, m.sort_order, m.id`.execute(db);
  return rows;
}

async function startFirstMilestone(db: Kysely<any>, plan: Waiting): Promise<void> {
  const strategies = await db
    .selectFrom('milestone_strategies')
    .select('id')
    .where('milestone_id', '=', plan.milestone_id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  for (const { id: source } of strategies) {
    const { rows } = await sql<{ id: string }>`
      insert into feature_strategies (id, feature_name, project_name, environment, strategy_name,
        title, parameters, constraints, variants, sort_order, disabled, created_by_user_id, milestone_id)
      select gen_random_uuid()::text, ${plan.feature_name}, ${plan.project}, ${plan.environment},
        strategy_name, title, parameters, constraints, variants, sort_order, disabled, null, milestone_id
      from milestone_strategies where id = ${source}
      returning id`.execute(db);
    const copy = rows[0]?.id;
    if (copy === undefined) continue;
    await sql`
      insert into feature_strategy_segment (feature_strategy_id, segment_id)
      select ${copy}, segment_id from milestone_strategy_segments where milestone_strategy_id = ${source}`.execute(
      db,
    );
  }
  await db
    .updateTable('release_plan_definitions')
    .set({ active_milestone_id: plan.milestone_id })
    .where('id', '=', plan.plan_id)
    .execute();
  await db
    .updateTable('milestones')
    .set({ started_at: sql`now()` })
    .where('id', '=', plan.milestone_id)
    .execute();
  await db
    .insertInto('events')
    .values({
      type: 'release-plan-milestone-started',
      created_by: 'system',
      created_by_user_id: -1337,
      feature_name: plan.feature_name,
      project: plan.project,
      environment: plan.environment,
      data: JSON.stringify({
        planId: plan.plan_id,
        milestoneId: plan.milestone_id,
        milestoneName: plan.milestone_name,
      }),
    })
    .execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const plan of await waitingPlans(db)) await startFirstMilestone(db, plan);
}

export async function down(): Promise<void> {
  // A started milestone is a state the product reaches on its own (and a later progression may
  // have moved on since): nothing tells this migration's starts apart, so nothing is undone.
}
