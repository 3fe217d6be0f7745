import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

interface ProjectItem {
  id: string;
  name: string;
  featureCount: number;
  staleFeatureCount: number;
  archivedFeatureCount: number;
  health: number;
  mode: string;
}

describe('projects API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const list = async (archived = false) =>
    (
      await call<{ version: number; projects: ProjectItem[] }>(
        test,
        'GET',
        `/api/admin/projects${archived ? '?archived=true' : ''}`,
        undefined,
        200,
      )
    ).projects;

  it('has the default project, listed with counts', async () => {
    await createFlag(test, 'counted-1');
    await createFlag(test, 'counted-2');
    await call(
      test,
      'POST',
      '/api/admin/projects/default/stale',
      { features: ['counted-2'], stale: true },
      202,
    );
    const project = (await list()).find((item) => item.id === 'default');
    expect(project).toMatchObject({
      name: 'Default',
      description: 'Default project',
      featureCount: 2,
      staleFeatureCount: 1,
      archivedFeatureCount: 0,
      health: 50,
      mode: 'open',
      defaultStickiness: 'default',
    });
  });

  it('creates, validates, updates and deletes a project with one event each', async () => {
    const before = await latestEventId(test.db);
    const created = await call(
      test,
      'POST',
      '/api/admin/projects',
      { id: 'web', name: 'Web', description: 'site', mode: 'protected', defaultStickiness: 'userId' },
      201,
    );
    expect(created).toEqual({
      id: 'web',
      name: 'Web',
      description: 'site',
      featureLimit: null,
      mode: 'protected',
      defaultStickiness: 'userId',
      environments: ['development', 'production'],
    });
    const validate = await call<{ name: string }>(
      test,
      'POST',
      '/api/admin/projects/validate',
      { id: 'web' },
      409,
    );
    expect(validate.name).toBe('NameExistsError');
    await call(test, 'POST', '/api/admin/projects/validate', { id: 'free' }, 200);
    await call(test, 'POST', '/api/admin/projects/validate', { id: 'bad id' }, 400);
    await call(test, 'PUT', '/api/admin/projects/web', { name: 'Website', description: 'the site' }, 200);
    expect((await list()).find((item) => item.id === 'web')).toMatchObject({
      name: 'Website',
      mode: 'protected',
    });
    await call(test, 'DELETE', '/api/admin/projects/web', undefined, 200);
    expect((await list()).some((item) => item.id === 'web')).toBe(false);
    const events = await eventsAfter(test.db, before);
    expect(events.map((event) => [event.type, event.project])).toEqual([
      ['project-created', 'web'],
      ['project-updated', 'web'],
      ['project-deleted', 'web'],
    ]);
    expect(events[1]!.preData).toMatchObject({ name: 'Web' });
    expect(events[1]!.data).toMatchObject({ name: 'Website' });
  });

  it('derives an id from the name when none is given', async () => {
    const created = await call<{ id: string }>(
      test,
      'POST',
      '/api/admin/projects',
      { name: 'Mobile App' },
      201,
    );
    expect(created.id).toBe('mobile-app');
  });

  it('refuses duplicates, missing projects, and deleting the default or a project with flags', async () => {
    await call(test, 'POST', '/api/admin/projects', { id: 'busy', name: 'Busy' }, 201);
    await createFlag(test, 'busy-flag', 'busy');
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/projects', { id: 'busy', name: 'Again' }, 409);
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/projects', { id: 'x', name: '   ' }, 400);
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/projects',
      { id: 'y', name: 'Y', environments: ['nope'] },
      400,
    );
    await expectRejectedWithoutEvent(test, 'PUT', '/api/admin/projects/nosuch', { name: 'N' }, 404);
    const busy = await expectRejectedWithoutEvent(test, 'DELETE', '/api/admin/projects/busy', undefined, 403);
    expect(JSON.parse(busy.body).name).toBe('InvalidOperationError');
    await expectRejectedWithoutEvent(test, 'DELETE', '/api/admin/projects/default', undefined, 403);
    await expectRejectedWithoutEvent(test, 'POST', '/api/admin/projects/archive/busy', undefined, 403);
    // Once its flags are archived the project can go, taking them along.
    await call(test, 'DELETE', '/api/admin/projects/busy/features/busy-flag', undefined, 202);
    await call(test, 'DELETE', '/api/admin/projects/busy', undefined, 200);
    await call(test, 'POST', '/api/admin/features/validate', { name: 'busy-flag' }, 200);
  });

  it('archives and revives projects', async () => {
    await call(test, 'POST', '/api/admin/projects', { id: 'old', name: 'Old' }, 201);
    const before = await latestEventId(test.db);
    await call(test, 'POST', '/api/admin/projects/archive/old', undefined, 200);
    expect((await list()).some((item) => item.id === 'old')).toBe(false);
    expect((await list(true)).map((item) => item.id)).toEqual(['old']);
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/projects/old/features',
      { name: 'in-archived' },
      404,
    );
    await call(test, 'POST', '/api/admin/projects/revive/old', undefined, 200);
    expect((await list()).some((item) => item.id === 'old')).toBe(true);
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual([
      'project-archived',
      'project-revived',
    ]);
  });

  it('updates settings: a naming pattern then guards new flag names', async () => {
    await call(test, 'POST', '/api/admin/projects', { id: 'named', name: 'Named' }, 201);
    await expectRejectedWithoutEvent(
      test,
      'PUT',
      '/api/admin/projects/named/settings',
      { featureNaming: { pattern: '[a-z]+-\\d+', example: 'nope' } },
      400,
    );
    await call(
      test,
      'PUT',
      '/api/admin/projects/named/settings',
      {
        mode: 'private',
        featureNaming: { pattern: '[a-z]+-\\d+', example: 'team-1', description: 'team-number' },
      },
      200,
    );
    const overview = await call<Record<string, unknown>>(
      test,
      'GET',
      '/api/admin/projects/named/overview',
      undefined,
      200,
    );
    expect(overview).toMatchObject({
      mode: 'private',
      featureNaming: { pattern: '[a-z]+-\\d+', example: 'team-1', description: 'team-number' },
    });
    const refused = await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/projects/named/features',
      { name: 'Nope' },
      400,
    );
    expect(JSON.parse(refused.body).name).toBe('PatternError');
    await call(test, 'POST', '/api/admin/features/validate', { name: 'Nope', projectId: 'named' }, 400);
    await createFlag(test, 'team-42', 'named');
  });

  it('enforces the feature limit', async () => {
    await call(test, 'POST', '/api/admin/projects', { id: 'small', name: 'Small', featureLimit: 1 }, 201);
    await createFlag(test, 'small-1', 'small');
    const response = await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/projects/small/features',
      { name: 'small-2' },
      400,
    );
    expect(JSON.parse(response.body).name).toBe('ExceedsLimitError');
  });

  it('adds and removes project environments, keeping at least one', async () => {
    await call(
      test,
      'POST',
      '/api/admin/projects',
      { id: 'envs', name: 'Envs', environments: ['development'] },
      201,
    );
    await createFlag(test, 'envs-flag', 'envs');
    const before = await latestEventId(test.db);
    await call(test, 'POST', '/api/admin/projects/envs/environments', { environment: 'production' }, 200);
    const flag = await call<{ environments: Array<{ name: string }> }>(
      test,
      'GET',
      '/api/admin/projects/envs/features/envs-flag',
      undefined,
      200,
    );
    expect(flag.environments.map((env) => env.name)).toEqual(['development', 'production']);
    const dup = await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/projects/envs/environments',
      { environment: 'production' },
      409,
    );
    expect(JSON.parse(dup.body).message).toBe('envs already has the environment production enabled');
    const missing = await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/projects/envs/environments',
      { environment: 'nosuch' },
      400,
    );
    expect(JSON.parse(missing.body).details[0].message).toBe('Environment nosuch does not exist');
    await call(
      test,
      'POST',
      '/api/admin/projects/envs/features/envs-flag/environments/production/on',
      undefined,
      200,
    );
    await call(test, 'DELETE', '/api/admin/projects/envs/environments/production', undefined, 200);
    const last = await expectRejectedWithoutEvent(
      test,
      'DELETE',
      '/api/admin/projects/envs/environments/development',
      undefined,
      400,
    );
    expect(JSON.parse(last.body).name).toBe('MinimumOneEnvironmentError');
    const events = await eventsAfter(test.db, before);
    expect(
      events
        .filter((event) => event.type.startsWith('project-environment'))
        .map((event) => [event.type, event.environment]),
    ).toEqual([
      ['project-environment-added', 'production'],
      ['project-environment-removed', 'production'],
    ]);
    const envs = await call<{ environments: Array<{ name: string; visible: boolean }> }>(
      test,
      'GET',
      '/api/admin/environments/project/envs',
      undefined,
      200,
    );
    expect(envs.environments.map((env) => [env.name, env.visible])).toEqual([
      ['development', true],
      ['production', false],
    ]);
  });

  it('uses the project environment default strategy when a flag is turned on', async () => {
    await call(test, 'POST', '/api/admin/projects', { id: 'defaults', name: 'Defaults' }, 201);
    const strategy = {
      name: 'flexibleRollout',
      constraints: [{ contextName: 'appName', operator: 'IN', values: ['web'] }],
      parameters: { rollout: '25', stickiness: 'userId', groupId: 'g' },
    };
    const before = await latestEventId(test.db);
    expect(
      await call(
        test,
        'POST',
        '/api/admin/projects/defaults/environments/development/default-strategy',
        strategy,
        200,
      ),
    ).toMatchObject(strategy);
    expect((await eventsAfter(test.db, before)).map((event) => event.type)).toEqual([
      'default-strategy-updated',
    ]);
    await createFlag(test, 'defaulted', 'defaults');
    await call(
      test,
      'POST',
      '/api/admin/projects/defaults/features/defaulted/environments/development/on',
      undefined,
      200,
    );
    const env = await call<{
      strategies: Array<{ parameters: Record<string, string>; constraints: unknown[] }>;
    }>(
      test,
      'GET',
      '/api/admin/projects/defaults/features/defaulted/environments/development',
      undefined,
      200,
    );
    expect(env.strategies[0]).toMatchObject({
      parameters: strategy.parameters,
      constraints: strategy.constraints,
    });
    await expectRejectedWithoutEvent(
      test,
      'POST',
      '/api/admin/projects/defaults/environments/development/default-strategy',
      { name: 'noSuchStrategy' },
      400,
    );
  });

  it('shows an overview with type counts, stats and environments', async () => {
    await call(test, 'POST', '/api/admin/projects', { id: 'seen', name: 'Seen' }, 201);
    await createFlag(test, 'seen-1', 'seen', { type: 'experiment' });
    await createFlag(test, 'seen-2', 'seen');
    const overview = await call<Record<string, unknown>>(
      test,
      'GET',
      '/api/admin/projects/seen/overview',
      undefined,
      200,
    );
    expect(overview).toMatchObject({
      version: 1,
      name: 'Seen',
      featureTypeCounts: [
        { type: 'experiment', count: 1 },
        { type: 'release', count: 1 },
      ],
      environments: [{ environment: 'development' }, { environment: 'production' }],
      health: 100,
      stats: { createdCurrentWindow: 2, archivedCurrentWindow: 0 },
      onboardingStatus: { status: 'first-flag-created' },
    });
    await call(test, 'GET', '/api/admin/projects/nosuch/overview', undefined, 404);
    const creators = await call<Array<{ name: string }>>(
      test,
      'GET',
      '/api/admin/projects/seen/flag-creators',
      undefined,
      200,
    );
    expect(creators).toHaveLength(1);
  });
});
