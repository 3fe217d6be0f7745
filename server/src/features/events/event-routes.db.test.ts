import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag, latestEventId } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { getClientSnapshotRevision } from '../feature-toggles';

interface AuditEvent {
  id: number;
  type: string;
  featureName: string | null;
  project: string | null;
  environment: string | null;
  createdBy: string;
}

describe('events API', () => {
  let test: TestApp;
  const countEvents = async () =>
    Number(
      (
        await test.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  beforeAll(async () => {
    test = await createTestApp();
    await call(test, 'POST', '/api/admin/projects', { id: 'side', name: 'Side' }, 201);
    await createFlag(test, 'e1');
    await createFlag(test, 'e2', 'side');
    await call(
      test,
      'POST',
      '/api/admin/projects/default/features/e1/environments/development/on',
      undefined,
      200,
    );
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists the newest events first, per project', async () => {
    const all = await call<{ version: number; events: AuditEvent[]; totalEvents: number }>(
      test,
      'GET',
      '/api/admin/events',
      undefined,
      200,
    );
    expect(all.version).toBe(1);
    // Other domains may have written events at start-up (tokens, users): only the newest are ours.
    expect(all.events.slice(0, 5).map((event) => event.type)).toEqual([
      'feature-environment-enabled',
      'feature-strategy-add',
      'feature-created',
      'feature-created',
      'project-created',
    ]);
    expect(all.totalEvents).toBe(await countEvents());
    const ids = all.events.map((event) => event.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const side = await call<{ events: AuditEvent[] }>(
      test,
      'GET',
      '/api/admin/events?project=side',
      undefined,
      200,
    );
    expect(side.events.map((event) => event.type)).toEqual(['feature-created', 'project-created']);
  });

  it('caps the legacy list at 100 events', async () => {
    for (let i = 0; i < 110; i += 1) {
      await call(
        test,
        'POST',
        '/api/admin/projects/default/stale',
        { features: ['e1'], stale: i % 2 === 0 },
        202,
      );
    }
    const all = await call<{ events: AuditEvent[]; totalEvents: number }>(
      test,
      'GET',
      '/api/admin/events',
      undefined,
      200,
    );
    expect(all.events).toHaveLength(100);
    expect(all.events[0]!.id).toBe(await latestEventId(test.db));
    expect(all.totalEvents).toBe(await countEvents());
  });

  it("lists one flag's events", async () => {
    const result = await call<{ toggleName: string; events: AuditEvent[] }>(
      test,
      'GET',
      '/api/admin/events/e2',
      undefined,
      200,
    );
    expect(result.toggleName).toBe('e2');
    expect(result.events.map((event) => event.type)).toEqual(['feature-created']);
  });

  it('searches events with filters and paging', async () => {
    const byType = await call<{ events: AuditEvent[]; total: number }>(
      test,
      'GET',
      '/api/admin/search/events?type=IS:feature-created',
      undefined,
      200,
    );
    expect(byType.total).toBe(2);
    const byFeature = await call<{ events: AuditEvent[]; total: number }>(
      test,
      'GET',
      '/api/admin/search/events?feature=IS_ANY_OF:e1,e2&environment=IS:development',
      undefined,
      200,
    );
    expect(byFeature.events.map((event) => event.type)).toEqual([
      'feature-environment-enabled',
      'feature-strategy-add',
    ]);
    const text = await call<{ total: number }>(
      test,
      'GET',
      '/api/admin/search/events?query=flexibleRollout',
      undefined,
      200,
    );
    expect(text.total).toBe(1);
    const paged = await call<{ events: AuditEvent[]; total: number }>(
      test,
      'GET',
      '/api/admin/search/events?limit=2&offset=1',
      undefined,
      200,
    );
    expect(paged.events).toHaveLength(2);
    expect(paged.total).toBe(await countEvents());
    const today = new Date().toISOString().slice(0, 10);
    const dated = await call<{ total: number }>(
      test,
      'GET',
      `/api/admin/search/events?from=IS:${today}&to=IS:${today}&project=IS:side`,
      undefined,
      200,
    );
    expect(dated.total).toBe(2);
    const creators = await call<Array<{ name: string }>>(
      test,
      'GET',
      '/api/admin/event-creators',
      undefined,
      200,
    );
    expect(creators.length).toBeGreaterThan(0);
  });

  it('moves the snapshot revision with flag events of the environment only', async () => {
    const development = await getClientSnapshotRevision(test.db, 'development');
    const production = await getClientSnapshotRevision(test.db, 'production');
    await call(
      test,
      'POST',
      '/api/admin/projects/default/features/e1/environments/development/off',
      undefined,
      200,
    );
    expect(await getClientSnapshotRevision(test.db, 'development')).toBeGreaterThan(development);
    expect(await getClientSnapshotRevision(test.db, 'production')).toBe(production);
    await call(test, 'POST', '/api/admin/segments', { name: 'moves-all', constraints: [] }, 201);
    expect(await getClientSnapshotRevision(test.db, 'production')).toBeGreaterThan(production);
  });
});
