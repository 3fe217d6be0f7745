import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-database';
import { ulid } from '../../lib/ulid';
import {
  findActiveTemplateIdByName,
  getDefinition,
  listPlansForFeatureEnvironment,
  listTemplates,
} from './release-plan-store';
import { toPlan, toTemplate } from './release-plan-view';
import {
  archiveDefinition,
  deleteDefinition,
  insertDefinition,
  insertMilestone,
  insertMilestoneStrategy,
  type MilestoneStrategyValues,
} from './release-plan-write-store';

const strategy = (over: Partial<MilestoneStrategyValues> & { id: string; milestoneId: string }) => ({
  sortOrder: 0,
  title: null,
  strategyName: 'flexibleRollout',
  parameters: { rollout: '25', stickiness: 'default', groupId: 'g' },
  constraints: [],
  variants: [],
  segments: [],
  disabled: false,
  ...over,
});

describe('release-plan store', () => {
  let database: TestDatabase;
  let segmentId: number;
  beforeAll(async () => {
    database = await createTestDatabase();
    segmentId = (
      await database.db
        .insertInto('segments')
        .values({ name: 'beta-users', constraints: '[]' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await database.db.insertInto('features').values({ name: 'checkout', project: 'default' }).execute();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('reads a template back with milestones and strategies in sortOrder, then id, order', async () => {
    const db = database.db;
    const templateId = ulid();
    await insertDefinition(db, {
      id: templateId,
      discriminator: 'template',
      name: 'Gradual rollout',
      description: 'three steps',
      createdByUserId: 7,
    });
    const [late, early] = [ulid(), ulid()];
    await insertMilestone(db, { id: late, name: 'Everyone', sortOrder: 2, definitionId: templateId });
    await insertMilestone(db, { id: early, name: 'Internal', sortOrder: 1, definitionId: templateId });
    const [second, first] = [ulid(), ulid()];
    await insertMilestoneStrategy(db, strategy({ id: second, milestoneId: early, sortOrder: 5 }));
    await insertMilestoneStrategy(
      db,
      strategy({
        id: first,
        milestoneId: early,
        sortOrder: 1,
        title: 'staff',
        constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }],
        segments: [segmentId, segmentId],
      }),
    );

    const template = toTemplate((await getDefinition(db, templateId, 'template'))!);
    expect(template).toMatchObject({
      id: templateId,
      discriminator: 'template',
      name: 'Gradual rollout',
      description: 'three steps',
      createdByUserId: 7,
      archivedAt: null,
    });
    expect(template.milestones!.map((milestone) => milestone.name)).toEqual(['Internal', 'Everyone']);
    const [internal] = template.milestones!;
    expect(internal!.strategies!.map((s) => s.id)).toEqual([first, second]);
    expect(internal!.strategies![0]).toEqual({
      id: first,
      milestoneId: early,
      sortOrder: 1,
      title: 'staff',
      name: 'flexibleRollout',
      strategyName: 'flexibleRollout',
      parameters: { rollout: '25', stickiness: 'default', groupId: 'g' },
      constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }],
      variants: [],
      segments: [segmentId],
      disabled: false,
    });
    // A template is not a plan.
    expect(await getDefinition(db, templateId, 'plan')).toBeUndefined();
  });

  it('keeps template names unique among templates not archived (409 NameExistsError)', async () => {
    const db = database.db;
    const id = ulid();
    await insertDefinition(db, {
      id,
      discriminator: 'template',
      name: 'Dup',
      description: null,
      createdByUserId: 1,
    });
    await expect(
      insertDefinition(db, {
        id: ulid(),
        discriminator: 'template',
        name: 'Dup',
        description: null,
        createdByUserId: 1,
      }),
    ).rejects.toMatchObject({ name: 'NameExistsError', statusCode: 409 });
    expect(await findActiveTemplateIdByName(db, 'Dup')).toBe(id);

    await archiveDefinition(db, id, new Date('2026-11-25T07:00:00Z'));
    expect(await findActiveTemplateIdByName(db, 'Dup')).toBeUndefined();
    expect((await listTemplates(db)).map((t) => t.id)).not.toContain(id);
    expect(toTemplate((await getDefinition(db, id, 'template'))!).archivedAt).toBe(
      '2026-11-25T07:00:00.000Z',
    );
    // The name is free again once archived.
    await insertDefinition(db, {
      id: ulid(),
      discriminator: 'template',
      name: 'Dup',
      description: null,
      createdByUserId: 1,
    });
  });

  it('reads a plan with its progression and safeguard; deleting it removes the copied flag strategies', async () => {
    const db = database.db;
    const planId = ulid();
    await insertDefinition(db, {
      id: planId,
      discriminator: 'plan',
      name: 'Gradual rollout',
      description: null,
      project: 'default',
      featureName: 'checkout',
      environment: 'development',
      createdByUserId: 3,
      releasePlanTemplateId: 'template-id',
    });
    const [one, two] = [ulid(), ulid()];
    await insertMilestone(db, { id: one, name: 'One', sortOrder: 0, definitionId: planId });
    await insertMilestone(db, { id: two, name: 'Two', sortOrder: 1, definitionId: planId });
    await db
      .updateTable('release_plan_definitions')
      .set({ active_milestone_id: one })
      .where('id', '=', planId)
      .execute();
    await db
      .updateTable('milestones')
      .set({ started_at: new Date('2026-11-25T06:00:00Z') })
      .where('id', '=', one)
      .execute();
    await db
      .insertInto('milestone_progressions')
      .values({
        source_milestone: one,
        target_milestone: two,
        transition_condition: JSON.stringify({ intervalMinutes: 30 }),
      })
      .execute();
    await db
      .insertInto('safeguards')
      .values({
        id: 'sg1',
        release_plan_id: planId,
        action_type: 'pauseReleaseProgression',
        impact_metric_id: 'im1',
        metric_name: 'errors_total',
        time_range: 'hour',
        aggregation_mode: 'rps',
        label_selectors: JSON.stringify({ appName: ['web'] }),
        trigger_operator: '>',
        trigger_threshold: 0.5,
      })
      .execute();
    await db
      .insertInto('feature_strategies')
      .values({
        id: 'copied',
        feature_name: 'checkout',
        project_name: 'default',
        environment: 'development',
        strategy_name: 'default',
        milestone_id: one,
      })
      .execute();

    const [plan] = (await listPlansForFeatureEnvironment(db, 'checkout', 'development')).map(toPlan);
    expect(plan).toMatchObject({
      id: planId,
      discriminator: 'plan',
      featureName: 'checkout',
      environment: 'development',
      activeMilestoneId: one,
      releasePlanTemplateId: 'template-id',
      createdByUserId: 3,
    });
    expect(plan!.milestones[0]).toMatchObject({
      id: one,
      startedAt: '2026-11-25T06:00:00.000Z',
      transitionCondition: { intervalMinutes: 30 },
      progressionExecutedAt: null,
      pausedAt: null,
    });
    expect(plan!.milestones[1]).toMatchObject({ id: two, startedAt: null, transitionCondition: null });
    expect(plan!.safeguards).toEqual([
      {
        id: 'sg1',
        action: { type: 'pauseReleaseProgression', id: planId },
        triggerCondition: { operator: '>', threshold: 0.5 },
        impactMetric: {
          id: 'im1',
          metricName: 'errors_total',
          timeRange: 'hour',
          aggregationMode: 'rps',
          labelSelectors: { appName: ['web'] },
          source: 'internal',
        },
      },
    ]);
    // A second plan on the same flag environment is refused by the database.
    await expect(
      insertDefinition(db, {
        id: ulid(),
        discriminator: 'plan',
        name: 'again',
        description: null,
        featureName: 'checkout',
        environment: 'development',
        createdByUserId: 3,
        releasePlanTemplateId: 'template-id',
      }),
    ).rejects.toMatchObject({ code: '23505' });

    await deleteDefinition(db, planId);
    expect(
      await db.selectFrom('feature_strategies').select('id').where('id', '=', 'copied').execute(),
    ).toEqual([]);
    expect(await db.selectFrom('safeguards').select('id').execute()).toEqual([]);
    expect(await listPlansForFeatureEnvironment(db, 'checkout', 'development')).toEqual([]);
  });
});
