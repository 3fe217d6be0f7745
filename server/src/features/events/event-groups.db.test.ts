import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag, latestEventId } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

interface WireEvent {
  id: number;
  type: string;
  featureName: string | null;
  tags: Array<{ type: string; value: string }>;
  groupType?: string;
  groupId?: string;
}

/** Events after `afterId`, oldest first, as the search API answers them. */
async function eventsSince(test: TestApp, afterId: number): Promise<WireEvent[]> {
  const page = await call<{ events: WireEvent[] }>(
    test,
    'GET',
    '/api/admin/search/events?limit=100',
    undefined,
    200,
  );
  return page.events.filter((event) => event.id > afterId).reverse();
}

const values = (event: WireEvent | undefined) => (event?.tags ?? []).map((tag) => tag.value).sort();

describe('event groups and tags (issue 31 §4)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('gives the events of one transaction one groupId, and leaves tag events ungrouped as Unleash does', async () => {
    const before = await latestEventId(test.db);
    await createFlag(test, 'g1');
    await createFlag(test, 'g2');
    await call(test, 'POST', '/api/admin/features/g1/tags', { type: 'simple', value: 'g-tag' }, 201);
    await call(test, 'POST', '/api/admin/projects/default/archive', { features: ['g1', 'g2'] }, 202);
    const events = await eventsSince(test, before);
    const created = events.filter((event) => event.type === 'feature-created');
    const archived = events.filter((event) => event.type === 'feature-archived');
    const tagged = events.find((event) => event.type === 'feature-tagged');
    expect(created.map((event) => event.groupType)).toEqual(['transaction', 'transaction']);
    expect(created[0]!.groupId).toMatch(/^[0-9A-Z]{26}$/);
    expect(created[0]!.groupId).not.toBe(created[1]!.groupId);
    expect(archived).toHaveLength(2);
    expect(archived[0]!.groupType).toBe('transaction');
    expect(archived[0]!.groupId).toBe(archived[1]!.groupId);
    expect(tagged).toBeDefined();
    expect(tagged).not.toHaveProperty('groupType');
    expect(tagged).not.toHaveProperty('groupId');

    const group = await call<{ events: WireEvent[]; total: number }>(
      test,
      'GET',
      `/api/admin/search/events?groupId=IS:${archived[0]!.groupId}`,
      undefined,
      200,
    );
    expect(group.events.map((event) => event.featureName).sort()).toEqual(['g1', 'g2']);
  });

  it("carries the flag's tags on its events: current ones, and the removed tag on untagging and deleting", async () => {
    await createFlag(test, 't1');
    const before = await latestEventId(test.db);
    await call(test, 'POST', '/api/admin/features/t1/tags', { type: 'simple', value: 'aa' }, 201);
    await call(test, 'POST', '/api/admin/features/t1/tags', { type: 'simple', value: 'bb' }, 201);
    await call(
      test,
      'POST',
      '/api/admin/projects/default/features/t1/environments/development/on',
      undefined,
      200,
    );
    await call(test, 'DELETE', '/api/admin/features/t1/tags/simple/aa', undefined, 200);
    await call(test, 'DELETE', '/api/admin/projects/default/features/t1', undefined, 202);
    await call(test, 'DELETE', '/api/admin/archive/t1', undefined, 200);
    const events = (await eventsSince(test, before)).filter((event) => event.featureName === 't1');
    const of = (type: string) => events.filter((event) => event.type === type);
    expect(of('feature-tagged').map(values)).toEqual([['aa'], ['aa', 'bb']]);
    expect(values(of('feature-environment-enabled')[0])).toEqual(['aa', 'bb']);
    expect(values(of('feature-untagged')[0])).toEqual(['aa', 'bb']);
    expect(values(of('feature-archived')[0])).toEqual(['bb']);
    expect(values(of('feature-deleted')[0])).toEqual(['bb']);
  });
});
