import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// Issue 13: a real unleash-client polling the server sees a strategy change drafted in a
// governed environment only once its change request is applied, not while drafted or approved.

const PASSWORD = 'Test-Passw0rd!';
const P = '/api/admin/projects/default';

interface StrategyView {
  id: string;
}

describe('change requests seen by a real SDK', () => {
  let s: SdkTestServer;
  let token: string;
  const cookies: Record<string, string> = {};

  async function as<T>(
    who: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    status = 200,
  ) {
    const answer = await s.http<T>(method, path, {
      headers: { cookie: cookies[who] ?? '', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
    expect(answer.status, `${who} ${method} ${path}: ${answer.text}`).toBe(status);
    return answer.body;
  }

  beforeAll(async () => {
    s = await startSdkTestServer();
    const role = await s.adminOk<{ roles?: { id: number }; id?: number }>(
      'POST',
      '/api/admin/roles',
      {
        name: 'Approver',
        type: 'custom',
        permissions: [
          { name: 'APPROVE_CHANGE_REQUEST', environment: 'production' },
          { name: 'APPLY_CHANGE_REQUEST', environment: 'production' },
        ],
      },
      200,
    );
    for (const username of ['author', 'approver']) {
      const user = await s.adminOk<{ id: number }>(
        'POST',
        '/api/admin/user-admin',
        { username, rootRole: 'Editor', password: PASSWORD },
        201,
      );
      if (username === 'approver') {
        await s.adminOk('PUT', `${P}/users/${user.id}/roles`, { roles: [role.roles?.id ?? role.id] }, 200);
      }
      const login = await s.http('POST', '/auth/simple/login', { body: { username, password: PASSWORD } });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      cookies[username] = cookie;
    }
    await addFlag(s, {
      name: 'governed-rollout',
      environments: ['production'],
      strategies: [
        { name: 'flexibleRollout', parameters: { rollout: '0', stickiness: 'default', groupId: 'g' } },
      ],
    });
    await s.adminOk(
      'PUT',
      `${P}/environments/production/change-requests/config`,
      { changeRequestsEnabled: true },
      200,
    );
    token = await s.createToken({ type: 'client', environment: 'production' });
  });

  afterAll(async () => {
    await s?.stop();
  });

  it('sees the 0% → 100% rollout only after the change request is applied', async () => {
    const { unleash } = await startNodeSdk({
      url: s.url,
      token,
      appName: 'cr-sdk-test',
      refreshInterval: 100,
    });
    try {
      expect(unleash.isEnabled('governed-rollout', { userId: 'u1' })).toBe(false);
      const strategies = await as<StrategyView[]>(
        'author',
        'GET',
        `${P}/features/governed-rollout/environments/production/strategies`,
      );
      const strategyId = strategies[0]?.id ?? '';
      // The direct write is refused; the same change goes into a draft.
      const direct = {
        name: 'flexibleRollout',
        parameters: { rollout: '100', stickiness: 'default', groupId: 'g' },
      };
      await as(
        'author',
        'PUT',
        `${P}/features/governed-rollout/environments/production/strategies/${strategyId}`,
        direct,
        403,
      );
      const draft = await as<{ id: number }>(
        'author',
        'POST',
        `${P}/environments/production/change-requests`,
        {
          feature: 'governed-rollout',
          action: 'updateStrategy',
          payload: { id: strategyId, ...direct },
        },
      );
      await as('author', 'PUT', `${P}/change-requests/${draft.id}/state`, { state: 'In review' });
      await as('approver', 'PUT', `${P}/change-requests/${draft.id}/state`, { state: 'Approved' });
      // Approved is not applied: after several 100 ms polls the SDK still sees 0%.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(unleash.isEnabled('governed-rollout', { userId: 'u1' })).toBe(false);

      await as('approver', 'PUT', `${P}/change-requests/${draft.id}/state`, { state: 'Applied' });
      await waitFor('the SDK to see the applied rollout', () =>
        unleash.isEnabled('governed-rollout', { userId: 'u1' }) ? true : undefined,
      );
      expect(unleash.isEnabled('governed-rollout', { userId: 'u2' })).toBe(true);
    } finally {
      unleash.destroy();
    }
  });
});
