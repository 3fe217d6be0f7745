import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

interface Definition {
  name: string;
  title: string | null;
  displayName: string | null;
  editable: boolean;
  deprecated: boolean;
  parameters: Array<{ name: string; type: string; required: boolean }>;
}

describe('strategy definitions API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('lists the built-in strategies, not editable', async () => {
    const { strategies } = await call<{ version: number; strategies: Definition[] }>(
      test,
      'GET',
      '/api/admin/strategies',
      undefined,
      200,
    );
    expect(strategies.map((strategy) => strategy.name)).toEqual([
      'flexibleRollout',
      'default',
      'userWithId',
      'remoteAddress',
      'applicationHostname',
    ]);
    expect(strategies.every((strategy) => !strategy.editable && !strategy.deprecated)).toBe(true);
    expect(strategies[0]).toMatchObject({ displayName: 'Gradual rollout' });
    // Unleash 8.2 gives built-ins a displayName and no title (checked on the reference).
    expect(strategies.map((strategy) => strategy.title)).toEqual([null, null, null, null, null]);
    expect(
      await call<Definition>(test, 'GET', '/api/admin/strategies/default', undefined, 200),
    ).toMatchObject({ name: 'default', title: null, displayName: 'Standard' });
    expect(strategies[0]!.parameters.map((parameter) => parameter.name)).toEqual([
      'rollout',
      'stickiness',
      'groupId',
    ]);
  });

  it('creates, updates, deprecates, reactivates and deletes a custom strategy', async () => {
    const before = await latestEventId(test.db);
    const created = await call<Definition>(
      test,
      'POST',
      '/api/admin/strategies',
      {
        name: 'byTenant',
        description: 'tenants',
        parameters: [{ name: 'tenants', type: 'list', description: 'ids', required: true }],
      },
      201,
    );
    expect(created).toEqual({
      name: 'byTenant',
      title: null,
      displayName: null,
      description: 'tenants',
      editable: true,
      deprecated: false,
      parameters: [{ name: 'tenants', type: 'list', description: 'ids', required: true }],
    });
    await call(
      test,
      'PUT',
      '/api/admin/strategies/byTenant',
      { name: 'byTenant', description: 'v2', parameters: [] },
      200,
    );
    expect(await call(test, 'GET', '/api/admin/strategies/byTenant', undefined, 200)).toMatchObject({
      description: 'v2',
      parameters: [],
    });
    await call(test, 'POST', '/api/admin/strategies/byTenant/deprecate', undefined, 200);
    expect(await call(test, 'GET', '/api/admin/strategies/byTenant', undefined, 200)).toMatchObject({
      deprecated: true,
    });
    await call(test, 'POST', '/api/admin/strategies/byTenant/reactivate', undefined, 200);
    await call(test, 'DELETE', '/api/admin/strategies/byTenant', undefined, 200);
    const missing = await call<{ message: string }>(
      test,
      'GET',
      '/api/admin/strategies/byTenant',
      undefined,
      404,
    );
    expect(missing.message).toBe('No strategy found');
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual([
      'strategy-created',
      'strategy-updated',
      'strategy-deprecated',
      'strategy-reactivated',
      'strategy-deleted',
    ]);
  });

  it('lets built-ins be deprecated but not edited or deleted', async () => {
    await call(test, 'POST', '/api/admin/strategies/default/deprecate', undefined, 200);
    expect(await call(test, 'GET', '/api/admin/strategies/default', undefined, 200)).toMatchObject({
      deprecated: true,
    });
    await call(test, 'POST', '/api/admin/strategies/default/reactivate', undefined, 200);
    await expectRejectedWithoutEvent(test, 'PUT', '/api/admin/strategies/default', { parameters: [] }, 403);
    await expectRejectedWithoutEvent(test, 'DELETE', '/api/admin/strategies/default', undefined, 403);
  });

  it('refuses duplicates, bad names, missing parameters and unknown strategies without events', async () => {
    const duplicate = await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/strategies',
      { name: 'default', parameters: [] },
      409,
    );
    expect(JSON.parse(duplicate.body).message).toBe('Strategy with name default already exist!');
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/strategies',
      { name: 'bad name', parameters: [] },
      400,
    );
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/strategies', { name: 'noParameters' }, 400);
    await expectRejectedWithoutEvent(test, 'PUT', '/api/admin/strategies/nosuch', { parameters: [] }, 404);
    await expectRejectedWithoutEvent(test, 'DELETE', '/api/admin/strategies/nosuch', undefined, 404);
    const deprecate = await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/strategies/nosuch/deprecate',
      undefined,
      404,
    );
    expect(JSON.parse(deprecate.body).message).toBe('Could not find strategy with name nosuch');
  });
});
