import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlag, latestEventId } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { AdvancedPlaygroundResponse } from '../../../contract';

const P = '/api/admin/projects/default';

describe('change-request playground', () => {
  let test: TestApp;
  let id: number;
  beforeAll(async () => {
    test = await createTestApp();
    await createFlag(test, 'launch');
    const config = await test.request('PUT', `${P}/environments/production/change-requests/config`, {
      changeRequestsEnabled: true,
      requiredApprovals: 1,
    });
    expect(config.statusCode, config.body).toBe(200);
    const draft = await test.request('POST', `${P}/environments/production/change-requests`, [
      {
        feature: 'launch',
        action: 'addStrategy',
        payload: { name: 'userWithId', parameters: { userIds: '7' } },
      },
      { feature: 'launch', action: 'updateEnabled', payload: { enabled: true } },
    ]);
    expect(draft.statusCode, draft.body).toBe(200);
    id = draft.json().id;
  });
  afterAll(async () => {
    await test.close();
  });

  const preview = (changeRequest: number | string, context: unknown) =>
    test.request('POST', `/api/admin/playground/change-request/${changeRequest}`, { context });

  it('evaluates the change request as if applied, and keeps nothing', async () => {
    const before = await latestEventId(test.db);
    const response = await preview(id, { appName: 'web', userId: '7,8' });
    expect(response.statusCode, response.body).toBe(200);
    const body: AdvancedPlaygroundResponse = response.json();
    expect(body.input).toEqual({
      environments: ['production'],
      projects: ['default'],
      context: { appName: 'web', userId: '7,8' },
    });
    const launch = body.features.find((feature) => feature.name === 'launch');
    expect(
      launch?.environments.production?.map((answer) => [answer.context.userId, answer.isEnabled]),
    ).toEqual([
      ['7', true],
      ['8', false],
    ]);
    expect(launch?.environments.production?.[0]?.strategies.data.map((strategy) => strategy.name)).toEqual([
      'userWithId',
    ]);
    // Nothing was applied: the flag is still off in production, no event was kept.
    expect(await latestEventId(test.db)).toBe(before);
    const now: AdvancedPlaygroundResponse = (
      await test.request('POST', '/api/admin/playground/advanced', {
        environments: ['production'],
        context: { appName: 'web', userId: '7' },
      })
    ).json();
    expect(
      now.features.find((feature) => feature.name === 'launch')?.environments.production?.[0],
    ).toMatchObject({
      isEnabled: false,
      isEnabledInCurrentEnvironment: false,
    });
  });

  it('answers 404 for an unknown change request and 400 for bad input', async () => {
    const missing = await preview(99_999, { appName: 'web' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ name: 'NotFoundError' });
    for (const [changeRequest, context] of [
      [2_147_483_648, { appName: 'web' }],
      ['abc', { appName: 'web' }],
      [0, { appName: 'web' }],
      [id, {}],
      [id, { appName: 'web', userId: 'a\u0000b' }],
      [id, { appName: 'web', currentTime: 'x,y' }],
    ] as const) {
      const response = await preview(changeRequest, context);
      expect([changeRequest, response.statusCode]).toEqual([changeRequest, 400]);
      expect(response.json()).toMatchObject({ name: expect.any(String), message: expect.any(String) });
    }
  });
});
