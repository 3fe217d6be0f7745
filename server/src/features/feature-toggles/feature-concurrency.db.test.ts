import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

const P = '/api/admin/projects/default/features';

/** Conflicting writes run at the same time: each must land whole or not at all (issue 4). */
describe('concurrent flag changes', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const count = async (table: 'feature_environments' | 'feature_strategies', feature: string) =>
    Number(
      (
        await test.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('feature_name', '=', feature)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('two creates of one name: one 201, one 409, and one complete flag', async () => {
    const before = await latestEventId(test.db);
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => test.request('POST', P, { name: 'racy', description: `d${i}` })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await count('feature_environments', 'racy')).toBe(2);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => event.type)).toEqual(['feature-created']);
    const winner = JSON.parse(responses.find((response) => response.statusCode === 201)!.body);
    expect(events[0]!.data).toMatchObject({ description: winner.description });
  });

  it('two clones to one name: the winner has every strategy, the loser left nothing', async () => {
    await createFlag(test, 'clone-source');
    for (let i = 0; i < 5; i += 1) {
      await call(
        test,
        'POST',
        `${P}/clone-source/environments/development/strategies`,
        { name: 'default' },
        200,
      );
    }
    const responses = await Promise.all([
      test.request('POST', `${P}/clone-source/clone`, { name: 'clone-target' }),
      test.request('POST', `${P}/clone-source/clone`, { name: 'clone-target' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await count('feature_strategies', 'clone-target')).toBe(5);
    expect(await count('feature_environments', 'clone-target')).toBe(2);
  });

  it('two PUTs of one strategy: the result is one of them whole, and the events chain', async () => {
    await createFlag(test, 'contested');
    const strategy = await call<{ id: string }>(
      test,
      'POST',
      `${P}/contested/environments/development/strategies`,
      { name: 'flexibleRollout' },
      200,
    );
    const url = `${P}/contested/environments/development/strategies/${strategy.id}`;
    const bodies = [1, 2, 3, 4].map((n) => ({
      name: 'flexibleRollout',
      title: `writer-${n}`,
      parameters: { rollout: String(n * 10), stickiness: 'default', groupId: `g${n}` },
      constraints: Array.from({ length: n }, () => ({
        contextName: 'userId',
        operator: 'IN',
        values: [`u${n}`],
      })),
    }));
    const before = await latestEventId(test.db);
    const responses = await Promise.all(bodies.map((body) => test.request('PUT', url, body)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const final = await call<{ title: string; parameters: Record<string, string>; constraints: unknown[] }>(
      test,
      'GET',
      url,
      undefined,
      200,
    );
    const n = Number(final.title.slice('writer-'.length));
    expect(final.parameters).toEqual(bodies[n - 1]!.parameters);
    expect(final.constraints).toHaveLength(n);
    const events = await eventsAfter(test.db, before);
    expect(events).toHaveLength(4);
    // Serialised by the flag's lock: each event's "before" is the previous event's "after".
    for (let i = 1; i < events.length; i += 1) expect(events[i]!.preData).toEqual(events[i - 1]!.data);
    expect(events[3]!.data).toMatchObject({ title: final.title });
  });

  it('turning one environment on twice at once adds a single default strategy', async () => {
    await createFlag(test, 'double-on');
    const responses = await Promise.all([
      test.request('POST', `${P}/double-on/environments/production/on`),
      test.request('POST', `${P}/double-on/environments/production/on`),
      test.request('POST', `${P}/double-on/environments/production/on`),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await count('feature_strategies', 'double-on')).toBe(1);
  });

  it('archiving while adding strategies never leaves a strategy without its event', async () => {
    await createFlag(test, 'archived-mid-way');
    const before = await latestEventId(test.db);
    const responses = await Promise.all([
      test.request('POST', `${P}/archived-mid-way/environments/development/strategies`, { name: 'default' }),
      test.request('DELETE', `${P}/archived-mid-way`),
      test.request('POST', `${P}/archived-mid-way/environments/development/strategies`, { name: 'default' }),
    ]);
    expect(responses[1]!.statusCode).toBe(202);
    const adds = (await eventsAfter(test.db, before)).filter(
      (event) => event.type === 'feature-strategy-add',
    );
    expect(await count('feature_strategies', 'archived-mid-way')).toBe(adds.length);
  });
  it('a flag created while its project gains an environment gets a state there', async () => {
    await call(
      test,
      'POST',
      '/api/admin/projects',
      { id: 'growing', name: 'Growing', environments: ['development'] },
      201,
    );
    const names = Array.from({ length: 6 }, (_, i) => `grow-${i}`);
    const responses = await Promise.all([
      ...names
        .slice(0, 3)
        .map((name) => test.request('POST', '/api/admin/projects/growing/features', { name })),
      test.request('POST', '/api/admin/projects/growing/environments', { environment: 'production' }),
      ...names.slice(3).map((name) => test.request('POST', '/api/admin/projects/growing/features', { name })),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 200, 201, 201, 201]);
    for (const name of names) expect(await count('feature_environments', name), name).toBe(2);
  });
});
