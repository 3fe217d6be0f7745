import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createApiToken } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

interface Env {
  name: string;
  type: string;
  sortOrder: number;
  enabled: boolean;
  protected: boolean;
  projectCount?: number;
  enabledToggleCount?: number;
}

describe('environments API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const list = async () =>
    (
      await call<{ version: number; environments: Env[] }>(
        test,
        'GET',
        '/api/admin/environments',
        undefined,
        200,
      )
    ).environments;

  it('has development and production on a fresh install', async () => {
    expect(await list()).toEqual([
      {
        name: 'development',
        type: 'development',
        sortOrder: 2,
        enabled: true,
        protected: false,
        requiredApprovals: null,
        projectCount: 1,
        enabledToggleCount: 0,
      },
      {
        name: 'production',
        type: 'production',
        sortOrder: 3,
        enabled: true,
        protected: false,
        requiredApprovals: null,
        projectCount: 1,
        enabledToggleCount: 0,
      },
    ]);
    expect(await call(test, 'GET', '/api/admin/environments/development', undefined, 200)).toEqual({
      name: 'development',
      type: 'development',
      sortOrder: 2,
      enabled: true,
      protected: false,
      requiredApprovals: null,
    });
    const missing = await call<{ message: string }>(
      test,
      'GET',
      '/api/admin/environments/nosuch',
      undefined,
      404,
    );
    expect(missing.message).toBe('Could not find environment with name: nosuch');
  });

  it('creates, validates, updates and deletes environments with events', async () => {
    const before = await latestEventId(test.db);
    expect(
      await call(
        test,
        'POST',
        '/api/admin/environments',
        { name: 'staging', type: 'preproduction', sortOrder: 4 },
        201,
      ),
    ).toMatchObject({ name: 'staging', type: 'preproduction', sortOrder: 4, enabled: true });
    await call(test, 'POST', '/api/admin/environments/validate', { name: 'staging' }, 409);
    await call(test, 'POST', '/api/admin/environments/validate', { name: 'fresh' }, 200);
    await call(test, 'POST', '/api/admin/environments/validate', { name: 'bad name' }, 400);
    expect(
      await call(test, 'PUT', '/api/admin/environments/update/staging', { type: 'test', sortOrder: 7 }, 200),
    ).toMatchObject({ name: 'staging', type: 'test', sortOrder: 7 });
    await call(test, 'DELETE', '/api/admin/environments/staging', undefined, 200);
    await call(test, 'GET', '/api/admin/environments/staging', undefined, 404);
    expect((await eventsAfter(test.db, before)).map((event) => [event.type, event.environment])).toEqual([
      ['environment-created', 'staging'],
      ['environment-updated', 'staging'],
      ['environment-deleted', 'staging'],
    ]);
  });

  it('refuses invalid changes without events', async () => {
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/environments',
      { name: 'development', type: 'x' },
      409,
    );
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/environments',
      { name: 'bad name', type: 'x' },
      400,
    );
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/environments', { name: 'no-type' }, 400);
    await expectRejectedWithoutEvent(
      test,
      'PUT',
      '/api/admin/environments/update/nosuch',
      { type: 'x' },
      404,
    );
    await expectRejectedWithoutEvent(test, 'DELETE', '/api/admin/environments/nosuch', undefined, 404);
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/environments/nosuch/on', undefined, 404);
  });

  it('turns environments off and on (204) and sorts them', async () => {
    const before = await latestEventId(test.db);
    await call(test, 'POST', '/api/admin/environments/production/off', undefined, 204);
    expect((await list()).find((env) => env.name === 'production')?.enabled).toBe(false);
    await call(test, 'POST', '/api/admin/environments/production/on', undefined, 204);
    await call(
      test,
      'PUT',
      '/api/admin/environments/sort-order',
      { development: 5, production: 1, nosuch: 3 },
      200,
    );
    expect((await list()).map((env) => [env.name, env.sortOrder])).toEqual([
      ['production', 1],
      ['development', 5],
    ]);
    expect((await eventsAfter(test.db, before)).map((event) => [event.type, event.environment])).toEqual([
      ['environment-updated', 'production'],
      ['environment-updated', 'production'],
      ['environment-updated', 'development'],
      ['environment-updated', 'production'],
    ]);
    await call(test, 'PUT', '/api/admin/environments/sort-order', { development: 2, production: 3 }, 200);
  });

  it('clones an environment with its flag strategies, and deleting it removes them', async () => {
    await createFlag(test, 'cloned-env-flag');
    await call(
      test,
      'POST',
      '/api/admin/projects/default/features/cloned-env-flag/environments/production/on',
      undefined,
      200,
    );
    expect(
      await call(
        test,
        'POST',
        '/api/admin/environments/production/clone',
        { name: 'prod-eu', type: 'production' },
        200,
      ),
    ).toMatchObject({ name: 'prod-eu', type: 'production', enabled: true });
    const env = await call<{ enabled: boolean; strategies: Array<{ id: string; name: string }> }>(
      test,
      'GET',
      '/api/admin/projects/default/features/cloned-env-flag/environments/prod-eu',
      undefined,
      200,
    );
    expect(env.enabled).toBe(true);
    expect(env.strategies.map((strategy) => strategy.name)).toEqual(['flexibleRollout']);
    const source = await call<{ strategies: Array<{ id: string }> }>(
      test,
      'GET',
      '/api/admin/projects/default/features/cloned-env-flag/environments/production',
      undefined,
      200,
    );
    expect(env.strategies[0]!.id).not.toBe(source.strategies[0]!.id);
    expect((await list()).find((item) => item.name === 'prod-eu')).toMatchObject({
      projectCount: 1,
      enabledToggleCount: 1,
    });
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/environments/production/clone',
      { name: 'prod-eu', type: 'x' },
      409,
    );
    await call(test, 'DELETE', '/api/admin/environments/prod-eu', undefined, 200);
    await call(
      test,
      'GET',
      '/api/admin/projects/default/features/cloned-env-flag/environments/prod-eu',
      undefined,
      404,
    );
  });

  // Unleash 8.2 (checked on the reference): per environment, the live API tokens of that
  // environment granted this project or every project (`*`); admin tokens (environment `*`) are not.
  it('counts the project API tokens of each environment of a project', async () => {
    await call(test, 'POST', '/api/admin/projects', { id: 'counted', name: 'Counted' }, 201);
    await createApiToken(test, { type: 'client', environment: 'development', projects: ['counted'] });
    await createApiToken(test, {
      type: 'client',
      environment: 'development',
      projects: ['counted', 'default'],
    });
    await createApiToken(test, { type: 'frontend', environment: 'development' });
    await createApiToken(test, { type: 'client', environment: 'production', projects: ['default'] });
    const gone = await createApiToken(test, {
      type: 'client',
      environment: 'production',
      projects: ['counted'],
    });
    await call(test, 'DELETE', `/api/admin/api-tokens/${gone}`, undefined, 200);
    const counts = async (project: string) =>
      Object.fromEntries(
        (
          await call<{ environments: { name: string; projectApiTokenCount: number }[] }>(
            test,
            'GET',
            `/api/admin/environments/project/${project}`,
            undefined,
            200,
          )
        ).environments.map((environment) => [environment.name, environment.projectApiTokenCount]),
      );
    expect(await counts('counted')).toEqual({ development: 3, production: 0 });
    expect(await counts('default')).toEqual({ development: 2, production: 1 });
    expect(await counts('no-such-project')).toEqual({ development: 1, production: 0 });
  });
});
