import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { getClientSnapshotRevision } from './index';

const P = '/api/admin/projects/default/features';

describe('flag links and moving flags between projects', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('adds, updates and removes links (204) without moving the SDK revision', async () => {
    await createFlag(test, 'linked');
    const revision = await getClientSnapshotRevision(test.db, 'development');
    const before = await latestEventId(test.db);
    await call(
      test,
      'POST',
      `${P}/linked/link`,
      { url: 'https://tickets.example.com/T-1', title: 'Ticket' },
      204,
    );
    const [link] = (
      await call<{ links: Array<{ id: string; url: string; title: string | null }> }>(
        test,
        'GET',
        `${P}/linked`,
        undefined,
        200,
      )
    ).links;
    expect(link).toMatchObject({
      url: 'https://tickets.example.com/T-1',
      title: 'Ticket',
      feature: 'linked',
    });
    await call(test, 'PUT', `${P}/linked/link/${link!.id}`, { url: 'https://tickets.example.com/T-2' }, 204);
    expect((await call<{ links: unknown[] }>(test, 'GET', `${P}/linked`, undefined, 200)).links).toEqual([
      { id: link!.id, url: 'https://tickets.example.com/T-2', title: null, feature: 'linked' },
    ]);
    await call(test, 'DELETE', `${P}/linked/link/${link!.id}`, undefined, 204);
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual([
      'feature-link-added',
      'feature-link-updated',
      'feature-link-removed',
    ]);
    expect(await getClientSnapshotRevision(test.db, 'development')).toBe(revision);
    await expectRejectedWithoutEvent(test, 'POST', `${P}/linked/link`, { url: 'not a url' }, 400);
    await expectRejectedWithoutEvent(
      test,
      'PUT',
      `${P}/linked/link/nosuch`,
      { url: 'https://x.example' },
      404,
    );
    await expectRejectedWithoutEvent(test, 'DELETE', `${P}/linked/link/nosuch`, undefined, 404);
  });

  it('moves a flag to another project, following its environments', async () => {
    await call(
      test,
      'POST',
      '/api/admin/projects',
      { id: 'target', name: 'Target', environments: ['production'] },
      201,
    );
    await createFlag(test, 'mover');
    await call(test, 'POST', `${P}/mover/environments/development/on`, undefined, 200);
    await call(test, 'POST', `${P}/mover/environments/production/on`, undefined, 200);
    const before = await latestEventId(test.db);
    await call(test, 'POST', `${P}/mover/changeProject`, { newProjectId: 'target' }, 200);
    const moved = await call<{
      project: string;
      environments: Array<{ name: string; enabled: boolean; strategies: unknown[] }>;
    }>(test, 'GET', '/api/admin/projects/target/features/mover', undefined, 200);
    expect(moved.project).toBe('target');
    expect(moved.environments.map((env) => [env.name, env.enabled, env.strategies.length])).toEqual([
      ['production', true, 1],
    ]);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => [event.type, event.project])).toEqual([
      ['feature-project-change', 'target'],
    ]);
    expect(events[0]!.data).toEqual({ oldProject: 'default', newProject: 'target' });
    await call(test, 'GET', `${P}/mover`, undefined, 404);
  });

  it('refuses moves to missing projects and of flags with dependencies', async () => {
    await createFlag(test, 'stays-parent');
    await createFlag(test, 'stays-child');
    await call(test, 'POST', `${P}/stays-child/dependencies`, { feature: 'stays-parent' }, 200);
    await expectRejectedWithoutEvent(
      test,
      'POST',
      `${P}/stays-child/changeProject`,
      { newProjectId: 'nosuch' },
      404,
    );
    await expectRejectedWithoutEvent(
      test,
      'POST',
      `${P}/stays-child/changeProject`,
      { newProjectId: 'target' },
      403,
    );
    await expectRejectedWithoutEvent(
      test,
      'POST',
      `${P}/stays-parent/changeProject`,
      { newProjectId: 'target' },
      403,
    );
  });
});
