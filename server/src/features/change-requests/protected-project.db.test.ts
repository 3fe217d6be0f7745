import { afterAll, describe, expect, it } from 'vitest';
import { createFlag } from '../../../../tests/helpers/flag-model';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

/**
 * Issue 24 part 4 with issue 13: a protected project takes change requests only from its members
 * (directly or through a group), admins and tokens scoped to it; an open one from anyone who may
 * write the change.
 */
describe('change requests in a protected project', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());

  // The default project, where an Editor may write flags without being a member (as in Unleash).
  expect(
    (await t.request('PUT', '/api/admin/projects/default/settings', { mode: 'protected' })).statusCode,
  ).toBe(200);
  const config = await t.request(
    'PUT',
    '/api/admin/projects/default/environments/production/change-requests/config',
    { changeRequestsEnabled: true, requiredApprovals: 1 },
  );
  expect(config.statusCode, config.body).toBe(200);
  await createFlag(t, 'guarded-flag', 'default');
  await createUser(t, { username: 'outsider', rootRole: 'Editor' });
  const memberId = await createUser(t, { username: 'member', rootRole: 'Editor' });
  const groupMemberId = await createUser(t, { username: 'group-member', rootRole: 'Editor' });
  // Role 5 is the built-in project Member role.
  await t.request('POST', '/api/admin/projects/default/access', {
    roles: [5],
    users: [memberId],
    groups: [],
  });
  const group = await t.request('POST', '/api/admin/groups', {
    name: 'Guardians',
    users: [{ user: { id: groupMemberId } }],
  });
  expect(group.statusCode, group.body).toBe(201);
  await t.request('POST', '/api/admin/projects/default/access', {
    roles: [5],
    users: [],
    groups: [group.json().id],
  });

  const change = { feature: 'guarded-flag', action: 'updateEnabled', payload: { enabled: true } };
  const draft = async (send: ReturnType<typeof as>) =>
    send('POST', '/api/admin/projects/default/environments/production/change-requests', change);
  const signedIn = async (username: string) => as(t, { cookie: await login(t, username) });

  it('refuses a non-member with NoAccessError and writes nothing', async () => {
    const refused = await draft(await signedIn('outsider'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().name).toBe('NoAccessError');
    const drafts = await t.db
      .selectFrom('change_requests')
      .select('id')
      .where('project', '=', 'default')
      .execute();
    expect(drafts).toEqual([]);
  });

  it('takes the draft of a member, a group member and an admin', async () => {
    for (const username of ['member', 'group-member']) {
      const accepted = await draft(await signedIn(username));
      expect(accepted.statusCode, `${username}: ${accepted.body}`).toBe(200);
      expect(accepted.json().state).toBe('Draft');
    }
    const admin = await t.request(
      'POST',
      '/api/admin/projects/default/environments/production/change-requests',
      change,
    );
    expect(admin.statusCode, admin.body).toBe(200);
  });

  it('takes anyone who may write once the project is open again', async () => {
    await t.request('PUT', '/api/admin/projects/default/settings', { mode: 'open' });
    const accepted = await draft(await signedIn('outsider'));
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
