import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, eventsOfType, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

describe('project access', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  await t.db.insertInto('projects').values({ id: 'payments', name: 'Payments' }).execute();
  const owner = await createUser(t, { username: 'owner', rootRole: 'Viewer' });
  const member = await createUser(t, { username: 'member', rootRole: 'Viewer' });
  const grouped = await createUser(t, { username: 'grouped', rootRole: 'Viewer' });
  const group = (
    await t.request('POST', '/api/admin/groups', {
      name: 'Payments team',
      users: [{ user: { id: grouped } }],
    })
  ).json();

  it('adds users and groups with project roles, and lists who has access', async () => {
    const added = await t.request('POST', '/api/admin/projects/payments/access', {
      roles: [4],
      users: [owner],
      groups: [],
    });
    expect(added.statusCode).toBe(200);
    await t.request('POST', '/api/admin/projects/payments/access', {
      roles: [5],
      users: [member],
      groups: [group.id],
    });
    const access = (await t.request('GET', '/api/admin/projects/payments/access')).json();
    expect(access.users.map((u: { id: number; roles: number[] }) => [u.id, u.roles])).toEqual([
      [owner, [4]],
      [member, [5]],
    ]);
    expect(access.groups).toEqual([
      expect.objectContaining({ id: group.id, name: 'Payments team', roles: [5], roleId: 5 }),
    ]);
    expect(access.roles.map((r: { name: string }) => r.name)).toEqual(['Owner', 'Member', 'Reader']);
    const [event] = await eventsOfType(t, 'project-access-added');
    expect(event).toMatchObject({
      project: 'payments',
      data: { roles: [5], users: [member], groups: [group.id] },
    });
  });

  it('lets project roles act in their project only, directly and through groups', async () => {
    for (const username of ['owner', 'grouped']) {
      const send = as(t, { cookie: await login(t, username) });
      const me = (await send('GET', '/api/admin/user')).json();
      expect(me.permissions).toEqual(
        expect.arrayContaining([{ permission: 'CREATE_FEATURE', project: 'payments' }]),
      );
      expect(me.permissions.some((p: { project?: string }) => p.project === 'default')).toBe(false);
    }
    const ownerSend = as(t, { cookie: await login(t, 'owner') });
    expect((await ownerSend('GET', '/api/admin/projects/payments/access')).statusCode).toBe(200);
    expect((await ownerSend('GET', '/api/admin/projects/default/access')).statusCode).toBe(403);
    const memberSend = as(t, { cookie: await login(t, 'member') });
    expect((await memberSend('GET', '/api/admin/projects/payments/access')).statusCode).toBe(403);
  });

  it("answers the signed-in user's roles in a project", async () => {
    const send = as(t, { cookie: await login(t, 'grouped') });
    const roles = (await send('GET', '/api/admin/user/roles?projectId=payments')).json();
    expect(roles.roles.map((r: { id: number; project: string | null }) => [r.id, r.project])).toEqual([
      [3, null],
      [5, 'payments'],
    ]);
    expect((await send('GET', '/api/admin/user/roles')).statusCode).toBe(400);
    expect((await send('GET', '/api/admin/user/profile')).json().projects).toEqual(['payments']);
  });

  it('sets and removes the roles of one user and one group, with events', async () => {
    expect(
      (await t.request('PUT', `/api/admin/projects/payments/users/${member}/roles`, { roles: [6] }))
        .statusCode,
    ).toBe(200);
    expect((await eventsOfType(t, 'project-access-user-roles-updated'))[0]).toMatchObject({
      data: { userId: member, roles: [6] },
      pre_data: { userId: member, roles: [5] },
    });
    expect(
      (await t.request('PUT', `/api/admin/projects/payments/groups/${group.id}/roles`, { roles: [4] }))
        .statusCode,
    ).toBe(200);
    expect((await t.request('DELETE', `/api/admin/projects/payments/users/${member}/roles`)).statusCode).toBe(
      200,
    );
    expect((await eventsOfType(t, 'project-access-user-roles-deleted'))[0]?.pre_data).toEqual({
      userId: member,
      roles: [6],
    });
    expect((await t.request('DELETE', `/api/admin/projects/payments/users/${member}/roles`)).statusCode).toBe(
      404,
    );
    expect(
      (await t.request('DELETE', `/api/admin/projects/payments/groups/${group.id}/roles`)).statusCode,
    ).toBe(200);
    expect((await eventsOfType(t, 'project-access-group-roles-deleted'))[0]?.pre_data).toEqual({
      groupId: group.id,
      roles: [4],
    });
  });

  it('replaces the whole access list', async () => {
    const response = await t.request('PUT', '/api/admin/projects/payments/access', {
      roles: [{ id: 4, users: [member], groups: [group.id] }],
    });
    expect(response.statusCode).toBe(200);
    const access = (await t.request('GET', '/api/admin/projects/payments/access')).json();
    expect(access.users.map((u: { id: number }) => u.id)).toEqual([member]);
    expect(access.groups.map((g: { id: number }) => g.id)).toEqual([group.id]);
    const [event] = await eventsOfType(t, 'project-access-updated');
    expect(event?.pre_data).toEqual({ users: [{ id: owner, roles: [4] }], groups: [] });
  });

  it('refuses root roles, unknown users and unknown projects', async () => {
    const root = await t.request('POST', '/api/admin/projects/payments/access', {
      roles: [1],
      users: [owner],
      groups: [],
    });
    expect(root.statusCode).toBe(400);
    const ghost = await t.request('POST', '/api/admin/projects/payments/access', {
      roles: [4],
      users: [9999],
      groups: [],
    });
    expect(ghost.statusCode).toBe(400);
    expect((await t.request('GET', '/api/admin/projects/nowhere/access')).statusCode).toBe(404);
  });

  it('reports where a role is used', async () => {
    const usage = (await t.request('GET', '/api/admin/projects/roles/4/access')).json();
    expect(usage.projects).toEqual([
      { project: 'payments', role: 4, userCount: 1, serviceAccountCount: 0, groupCount: 1 },
    ]);
  });

  it('lists everyone a project can be shared with', async () => {
    const targets = (
      await as(t, { cookie: await login(t, 'member') })('GET', '/api/admin/user-admin/access')
    ).json();
    expect(targets.users.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['owner', 'member', 'grouped']),
    );
    expect(targets.groups.map((g: { name: string }) => g.name)).toEqual(['Payments team']);
  });

  it("shows a user's effective permissions in a project and environment", async () => {
    const overview = (
      await t.request(
        'GET',
        `/api/admin/user-admin/${member}/permissions?project=payments&environment=production`,
      )
    ).json();
    const has = (list: Array<{ name: string; hasPermission: boolean }>, name: string) =>
      list.find((p) => p.name === name)?.hasPermission;
    expect(has(overview.overview.project, 'UPDATE_PROJECT')).toBe(true);
    expect(has(overview.overview.environment, 'UPDATE_FEATURE_ENVIRONMENT')).toBe(true);
    expect(has(overview.overview.root, 'CREATE_SEGMENT')).toBe(false);
    expect(overview.rootRole).toMatchObject({ id: 3, name: 'Viewer' });
    expect(overview.projectRoles.map((r: { id: number }) => r.id)).toEqual([4]);
    expect(overview.overview.groups.map((g: { name: string }) => g.name)).toEqual([]);
    expect((await t.request('GET', '/api/admin/user-admin/9999/permissions')).statusCode).toBe(404);
  });

  it('makes the user who creates a project its Owner, as Unleash does; an admin token makes no one', async () => {
    const creator = await createUser(t, { username: 'creator', rootRole: 'Editor' });
    const send = as(t, { cookie: await login(t, 'creator') });
    expect((await send('POST', '/api/admin/projects', { id: 'checkout', name: 'Checkout' })).statusCode).toBe(
      201,
    );
    const access = (await t.request('GET', '/api/admin/projects/checkout/access')).json();
    expect(access.users.map((u: { id: number; roles: number[] }) => [u.id, u.roles])).toEqual([
      [creator, [4]],
    ]);
    // The Owner may now share its project, which a root Editor alone may not.
    expect((await send('GET', '/api/admin/projects/checkout/access')).statusCode).toBe(200);

    expect(
      (await t.request('POST', '/api/admin/projects', { id: 'by-token', name: 'By token' })).statusCode,
    ).toBe(201);
    expect((await t.request('GET', '/api/admin/projects/by-token/access')).json().users).toEqual([]);
  });
});
