import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type {
  ReleasePlanMilestone,
  ReleasePlanMilestoneStrategy,
  ReleasePlanTemplate,
} from '../../../contract';

const BASE = '/api/admin/release-plan-templates';
const internalUsers = { contextName: 'userId', operator: 'IN', values: ['ann', 'bob'] };

describe('release templates API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const create = (body: object) => call<ReleasePlanTemplate>(test, 'POST', BASE, body, 200);
  const read = (id: string) => call<ReleasePlanTemplate>(test, 'GET', `${BASE}/${id}`, undefined, 200);

  it('creates a template with ordered milestones and strategies, coerced as flag strategies are', async () => {
    const before = await latestEventId(test.db);
    const created = await create({
      name: 'Gradual rollout',
      description: 'Internal first, then everyone',
      milestones: [
        {
          name: 'Internal',
          sortOrder: 0,
          strategies: [
            {
              strategyName: 'flexibleRollout',
              title: 'staff',
              parameters: { rollout: 50 },
              constraints: [internalUsers],
            },
          ],
        },
        { name: 'Everyone', sortOrder: 1, strategies: [{ name: 'default' }] },
      ],
    });
    expect(created).toMatchObject({
      discriminator: 'template',
      name: 'Gradual rollout',
      description: 'Internal first, then everyone',
      archivedAt: null,
    });
    expect(created.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    // The admin API token acts as Unleash's admin-token user, id -42.
    expect(created.createdByUserId).toBe(-42);
    const [internal, everyone] = created.milestones!;
    expect(internal).toMatchObject({ name: 'Internal', sortOrder: 0, releasePlanDefinitionId: created.id });
    expect(internal!.strategies).toEqual([
      {
        id: expect.any(String),
        milestoneId: internal!.id,
        sortOrder: 0,
        title: 'staff',
        name: 'flexibleRollout',
        strategyName: 'flexibleRollout',
        // A number becomes its string; rollout and stickiness get Unleash's defaults, the group
        // id stays empty until a plan copies the strategy onto a flag.
        parameters: { rollout: '50', stickiness: 'default', groupId: '' },
        constraints: [internalUsers],
        variants: [],
        segments: [],
        disabled: false,
      },
    ]);
    expect(everyone!.strategies!.map((strategy) => strategy.strategyName)).toEqual(['default']);

    expect(await read(created.id)).toEqual(created);
    const list = await call<ReleasePlanTemplate[]>(test, 'GET', BASE, undefined, 200);
    expect(list.map((template) => template.id)).toContain(created.id);

    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => event.type)).toEqual(['release-plan-template-created']);
    expect(events[0]!.data).toEqual(created);
  });

  it('answers 409 NameExistsError for a duplicate name among templates not archived, without an event', async () => {
    const first = await create({ name: 'Unique name' });
    const other = await create({ name: 'Other name' });
    const response = await expectRejectedWithoutEvent(test, 'POST', BASE, { name: 'Unique name' }, 409);
    expect(response.json().name).toBe('NameExistsError');
    const rename = await expectRejectedWithoutEvent(
      test,
      'PUT',
      `${BASE}/${other.id}`,
      { name: 'Unique name' },
      409,
    );
    expect(rename.json().name).toBe('NameExistsError');

    // Archived, the name is free again; the archived template keeps it and leaves the list.
    const before = await latestEventId(test.db);
    await call(test, 'POST', `${BASE}/archive/${first.id}`, undefined, 200);
    const archived = await read(first.id);
    expect(archived.archivedAt).toEqual(expect.any(String));
    const list = await call<ReleasePlanTemplate[]>(test, 'GET', BASE, undefined, 200);
    expect(list.map((template) => template.id)).not.toContain(first.id);
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual([
      'release-plan-template-archived',
    ]);
    await create({ name: 'Unique name' });
    // Archiving again changes nothing.
    await call(test, 'POST', `${BASE}/archive/${first.id}`, undefined, 200);
    expect((await read(first.id)).archivedAt).toBe(archived.archivedAt);
  });

  it('updates a template: milestones with a known id are kept, new ones added, missing ones removed', async () => {
    const created = await create({
      name: 'To edit',
      description: 'before',
      milestones: [
        { name: 'A', strategies: [{ name: 'default', title: 'keep me' }] },
        { name: 'B', strategies: [{ name: 'default' }] },
      ],
    });
    const [a, b] = created.milestones!;
    const before = await latestEventId(test.db);
    const updated = await call<ReleasePlanTemplate>(
      test,
      'PUT',
      `${BASE}/${created.id}`,
      {
        name: 'Edited',
        milestones: [
          { id: 'not-a-milestone-here', name: 'New first' },
          { id: a!.id, name: 'A renamed', strategies: [{ id: a!.strategies![0]!.id, name: 'default' }] },
        ],
      },
      200,
    );
    // A description left out is kept.
    expect(updated).toMatchObject({ id: created.id, name: 'Edited', description: 'before' });
    expect(updated.milestones!.map((milestone) => [milestone.name, milestone.sortOrder])).toEqual([
      ['New first', 0],
      ['A renamed', 1],
    ]);
    expect(updated.milestones![0]!.id).not.toBe('not-a-milestone-here');
    expect(updated.milestones![1]!.id).toBe(a!.id);
    expect(updated.milestones![1]!.strategies).toEqual([
      expect.objectContaining({ id: a!.strategies![0]!.id, title: 'keep me' }),
    ]);
    expect(updated.milestones!.map((milestone) => milestone.id)).not.toContain(b!.id);
    // A kept milestone sent without strategies keeps them.
    const renamedOnly = await call<ReleasePlanTemplate>(
      test,
      'PUT',
      `${BASE}/${created.id}`,
      { name: 'Edited', milestones: [{ id: a!.id, name: 'A again' }] },
      200,
    );
    expect(renamedOnly.milestones![0]!.strategies!.map((strategy) => strategy.id)).toEqual([
      a!.strategies![0]!.id,
    ]);
    expect(await read(created.id)).toEqual(renamedOnly);

    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => event.type)).toEqual([
      'release-plan-template-updated',
      'release-plan-template-updated',
    ]);
    expect(events[0]!.preData).toEqual(created);
    expect(events[0]!.data).toEqual(updated);
  });

  it('adds, renames, reorders and removes milestones, each a template update', async () => {
    const template = await create({ name: 'Milestones' });
    const url = `${BASE}/${template.id}/milestones`;
    const first = await call<ReleasePlanMilestone>(test, 'POST', url, { name: 'First' }, 200);
    const second = await call<ReleasePlanMilestone>(test, 'POST', url, { name: 'Second' }, 200);
    expect([first.sortOrder, second.sortOrder]).toEqual([0, 1]);
    expect(first).toMatchObject({ name: 'First', releasePlanDefinitionId: template.id, strategies: [] });

    const before = await latestEventId(test.db);
    const moved = await call<ReleasePlanMilestone>(
      test,
      'PUT',
      `${url}/${first.id}`,
      { name: 'First, now last', sortOrder: 5 },
      200,
    );
    expect(moved).toMatchObject({ id: first.id, name: 'First, now last', sortOrder: 5 });
    expect((await read(template.id)).milestones!.map((milestone) => milestone.id)).toEqual([
      second.id,
      first.id,
    ]);

    await call(test, 'DELETE', `${url}/${second.id}`, undefined, 200);
    expect((await read(template.id)).milestones!.map((milestone) => milestone.id)).toEqual([first.id]);
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual([
      'release-plan-template-updated',
      'release-plan-template-updated',
    ]);

    // Unknown ids, and a milestone of another template, are 404s.
    const other = await create({ name: 'Another', milestones: [{ name: 'Theirs' }] });
    const theirs = other.milestones![0]!.id;
    for (const [method, path] of [
      ['PUT', `${url}/${theirs}`],
      ['DELETE', `${url}/${theirs}`],
      ['POST', `${BASE}/no-such-template/milestones`],
      ['PUT', `${url}/no-such-milestone`],
    ] as const) {
      const response = await expectRejectedWithoutEvent(test, method, path, { name: 'x' }, 404);
      expect(response.json().name).toBe('NotFoundError');
    }
  });

  it('adds, updates and removes milestone strategies', async () => {
    const template = await create({ name: 'Strategies', milestones: [{ name: 'Only' }] });
    const milestoneId = template.milestones![0]!.id;
    const url = `${BASE}/${template.id}/milestones/${milestoneId}/strategies`;

    const withOne = await call<ReleasePlanMilestone>(
      test,
      'POST',
      url,
      {
        name: 'flexibleRollout',
        parameters: { rollout: '10', stickiness: 'userId', groupId: 'checkout' },
        variants: [{ name: 'blue', weight: 0, weightType: 'variable', stickiness: 'default' }],
      },
      200,
    );
    const withTwo = await call<ReleasePlanMilestone>(test, 'POST', url, { name: 'default' }, 200);
    expect(withTwo.strategies!.map((strategy) => [strategy.strategyName, strategy.sortOrder])).toEqual([
      ['flexibleRollout', 0],
      ['default', 1],
    ]);
    const rollout = withOne.strategies![0]!;
    // Variant weights are spread as on a flag strategy.
    expect(rollout.variants).toEqual([
      { name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' },
    ]);

    const updated = await call<ReleasePlanMilestoneStrategy>(
      test,
      'PUT',
      `${url}/${rollout.id}`,
      {
        parameters: { rollout: 75, stickiness: 'userId', groupId: 'checkout' },
        disabled: true,
        sortOrder: 9,
      },
      200,
    );
    expect(updated).toMatchObject({
      id: rollout.id,
      strategyName: 'flexibleRollout',
      parameters: { rollout: '75', stickiness: 'userId', groupId: 'checkout' },
      disabled: true,
      sortOrder: 9,
      // Left out of the update, the variants stay.
      variants: rollout.variants,
    });
    expect((await read(template.id)).milestones![0]!.strategies!.map((strategy) => strategy.id)).toEqual([
      withTwo.strategies![1]!.id,
      rollout.id,
    ]);

    const before = await latestEventId(test.db);
    await call(test, 'DELETE', `${url}/${rollout.id}`, undefined, 200);
    expect(
      (await read(template.id)).milestones![0]!.strategies!.map((strategy) => strategy.strategyName),
    ).toEqual(['default']);
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual([
      'release-plan-template-updated',
    ]);
    await expectRejectedWithoutEvent(test, 'DELETE', `${url}/${rollout.id}`, undefined, 404);
    await expectRejectedWithoutEvent(test, 'PUT', `${url}/${rollout.id}`, { name: 'default' }, 404);
  });

  it('deletes a template with everything below it', async () => {
    const template = await create({
      name: 'To delete',
      milestones: [{ name: 'One', strategies: [{ name: 'default' }] }],
    });
    const before = await latestEventId(test.db);
    await call(test, 'DELETE', `${BASE}/${template.id}`, undefined, 200);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => event.type)).toEqual(['release-plan-template-deleted']);
    expect(events[0]!.preData).toEqual(template);
    const response = await test.request('GET', `${BASE}/${template.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().name).toBe('NotFoundError');
    const leftovers = await test.db
      .selectFrom('milestones')
      .select('id')
      .where('release_plan_definition_id', '=', template.id)
      .execute();
    expect(leftovers).toEqual([]);
    await expectRejectedWithoutEvent(test, 'DELETE', `${BASE}/${template.id}`, undefined, 404);
    await expectRejectedWithoutEvent(test, 'POST', `${BASE}/archive/${template.id}`, undefined, 404);
  });
});
