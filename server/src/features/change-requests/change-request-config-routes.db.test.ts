import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P, rollout, startChangeRequestRouteApp } from '../../../../tests/helpers/change-request-route-setup';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import type { Send } from '../../../../tests/helpers/identity';
import type { TestApp } from '../../../../tests/helpers/test-app';
import type { ChangeRequestEnvironmentConfig } from '../../../contract';

describe('change requests: configuration and governed writes', () => {
  let t: TestApp;
  let alice: Send;
  let viewer: Send;

  beforeAll(async () => {
    ({ t, alice, viewer } = await startChangeRequestRouteApp());
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every project environment and clamps required approvals to 1..10', async () => {
    const before = await latestEventId(t.db);
    const initial = await call<ChangeRequestEnvironmentConfig[]>(
      t,
      'GET',
      `${P}/change-requests/config`,
      undefined,
      200,
    );
    expect(initial.map((row) => [row.environment, row.changeRequestEnabled, row.requiredApprovals])).toEqual(
      expect.arrayContaining([
        ['development', false, null],
        ['production', false, null],
      ]),
    );
    const url = `${P}/environments/production/change-requests/config`;
    await call(t, 'PUT', url, { changeRequestsEnabled: true, requiredApprovals: 42 }, 200);
    let config = await call<ChangeRequestEnvironmentConfig[]>(
      t,
      'GET',
      `${P}/change-requests/config`,
      undefined,
      200,
    );
    expect(config.find((row) => row.environment === 'production')).toEqual({
      environment: 'production',
      type: 'production',
      changeRequestEnabled: true,
      requiredApprovals: 10,
    });
    await call(t, 'PUT', url, { changeRequestsEnabled: true, requiredApprovals: -3 }, 200);
    config = await call(t, 'GET', `${P}/change-requests/config`, undefined, 200);
    expect(config.find((row) => row.environment === 'production')?.requiredApprovals).toBe(1);
    await call(t, 'PUT', url, { changeRequestsEnabled: true, requiredApprovals: 2 }, 200);
    const events = await eventsAfter(t.db, before);
    expect(events.filter((e) => e.type === 'change-request-configuration-updated')).toHaveLength(3);
    // An unknown environment is a 404; a viewer may not change the configuration.
    expect(
      (
        await t.request('PUT', `${P}/environments/nope/change-requests/config`, {
          changeRequestsEnabled: true,
        })
      ).statusCode,
    ).toBe(404);
    expect((await viewer('PUT', url, { changeRequestsEnabled: false })).statusCode).toBe(403);
  });

  it('turns change requests on at project creation (changeRequestEnvironments), clamped, and refuses an environment outside the project', async () => {
    const created = await call<{ changeRequestEnvironments?: unknown }>(
      t,
      'POST',
      '/api/admin/projects',
      {
        id: 'governed',
        name: 'Governed',
        environments: ['production'],
        changeRequestEnvironments: [{ name: 'production', requiredApprovals: 99 }],
      },
      201,
    );
    expect(created.changeRequestEnvironments).toEqual([{ name: 'production', requiredApprovals: 10 }]);
    const config = await call<ChangeRequestEnvironmentConfig[]>(
      t,
      'GET',
      '/api/admin/projects/governed/change-requests/config',
      undefined,
      200,
    );
    expect(config).toEqual([
      { environment: 'production', type: 'production', changeRequestEnabled: true, requiredApprovals: 10 },
    ]);
    const refused = await t.request('POST', '/api/admin/projects', {
      id: 'governed-2',
      name: 'Governed 2',
      environments: ['production'],
      changeRequestEnvironments: [{ name: 'development' }],
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.request('GET', '/api/admin/projects/governed-2')).statusCode).toBe(404);
  });

  it('refuses direct writes to the governed environment unless the caller may skip change requests', async () => {
    const strategies = `${P}/features/cr-flag/environments/production/strategies`;
    const refused = await alice('POST', strategies, rollout('10'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ name: 'PermissionError', permissions: ['SKIP_CHANGE_REQUEST'] });
    expect((await alice('POST', `${P}/features/cr-flag/environments/production/on`)).statusCode).toBe(403);
    // Development has no change requests: the same write goes through.
    expect(
      (await alice('POST', `${P}/features/cr-flag/environments/development/strategies`, rollout('10')))
        .statusCode,
    ).toBe(200);
    // Archiving a flag of a project with change requests on is refused too.
    expect((await alice('DELETE', `${P}/features/cr-flag`)).statusCode).toBe(403);
    // The admin token holds every permission, SKIP_CHANGE_REQUEST included (as Unleash's ADMIN).
    const direct = await call<{ id: string }>(t, 'POST', strategies, rollout('5'), 200);
    await call(t, 'DELETE', `${strategies}/${direct.id}`, undefined, 200);
  });
});
