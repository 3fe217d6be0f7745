import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Actor } from '../events';
import { type AdminOperation, applyAdminOperations } from './index';

const actor: Actor = { name: 'change-request-bot', userId: 7 };

describe('admin operations (what change requests will store and apply)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('are plain JSON and apply in order, in one transaction, with their events', async () => {
    const operations: AdminOperation[] = JSON.parse(
      JSON.stringify([
        { kind: 'create-segment', segment: { name: 'cr-segment', constraints: [] } },
        { kind: 'create-feature', project: 'default', feature: { name: 'cr-flag' } },
        {
          kind: 'add-strategy',
          project: 'default',
          featureName: 'cr-flag',
          environment: 'production',
          strategy: { name: 'flexibleRollout', parameters: { rollout: '10' } },
        },
        {
          kind: 'set-feature-environment-enabled',
          project: 'default',
          featureName: 'cr-flag',
          environment: 'production',
          enabled: true,
        },
        {
          kind: 'update-feature-tags',
          featureName: 'cr-flag',
          addedTags: [{ type: 'simple', value: 'cr' }],
          removedTags: [],
        },
      ]),
    );
    const before = await latestEventId(test.db);
    const results = await applyAdminOperations(test.db, operations, actor);
    expect(results[1]).toMatchObject({ name: 'cr-flag' });
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => event.type)).toEqual([
      'segment-created',
      'feature-created',
      'feature-strategy-add',
      'feature-environment-enabled',
      'tag-created',
      'feature-tagged',
    ]);
    expect(new Set(events.map((event) => event.createdBy))).toEqual(new Set(['change-request-bot']));
    const env = await call<{ enabled: boolean; strategies: unknown[] }>(
      test,
      'GET',
      '/api/admin/projects/default/features/cr-flag/environments/production',
      undefined,
      200,
    );
    expect(env).toMatchObject({
      enabled: true,
      strategies: [expect.objectContaining({ name: 'flexibleRollout' })],
    });
  });

  it('roll back entirely when one operation fails', async () => {
    const before = await latestEventId(test.db);
    await expect(
      applyAdminOperations(
        test.db,
        [
          { kind: 'create-feature', project: 'default', feature: { name: 'never-created' } },
          {
            kind: 'add-strategy',
            project: 'default',
            featureName: 'never-created',
            environment: 'development',
            strategy: { name: 'noSuch' },
          },
        ],
        actor,
      ),
    ).rejects.toMatchObject({ errorName: 'BadDataError' });
    expect(await eventsAfter(test.db, before)).toEqual([]);
    await call(test, 'POST', '/api/admin/features/validate', { name: 'never-created' }, 200);
  });

  it('refuse unknown kinds', async () => {
    await expect(
      applyAdminOperations(test.db, [{ kind: 'no-such-kind' } as unknown as AdminOperation], actor),
    ).rejects.toMatchObject({ errorName: 'BadDataError' });
  });
});
