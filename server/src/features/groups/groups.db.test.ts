import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, eventsOfType, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

describe('groups', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  const ann = await createUser(t, { username: 'ann', rootRole: 'Viewer' });
  const ben = await createUser(t, { username: 'ben', rootRole: 'Viewer' });

  it('creates a group with members and a root role: 201, events per member', async () => {
    const response = await t.request('POST', '/api/admin/groups', {
      name: 'Release team',
      description: 'Ships things',
      rootRole: 2,
      users: [{ user: { id: ann } }],
    });
    expect(response.statusCode).toBe(201);
    const group = response.json();
    expect(group).toMatchObject({
      name: 'Release team',
      description: 'Ships things',
      rootRole: 2,
      userCount: 1,
      projects: [],
      createdBy: 'admin',
    });
    expect(group.users[0].user).toMatchObject({ id: ann, username: 'ann' });
    expect((await eventsOfType(t, 'group-created'))[0]?.data).toMatchObject({
      name: 'Release team',
      users: [ann],
      rootRole: 2,
    });
    expect((await eventsOfType(t, 'group-user-added'))[0]?.data).toEqual({ groupId: group.id, userId: ann });
  });

  it("grants members the group's root role on top of their own", async () => {
    const me = (await as(t, { cookie: await login(t, 'ann') })('GET', '/api/admin/user')).json();
    expect(me.permissions).toEqual(expect.arrayContaining([{ permission: 'CREATE_SEGMENT' }]));
    const benMe = (await as(t, { cookie: await login(t, 'ben') })('GET', '/api/admin/user')).json();
    expect(benMe.permissions).toEqual([]);
  });

  it('refuses a taken name (409), unknown users and project roles as root role (400)', async () => {
    expect((await t.request('POST', '/api/admin/groups', { name: 'release TEAM' })).statusCode).toBe(409);
    expect(
      (await t.request('POST', '/api/admin/groups', { name: 'G1', users: [{ user: { id: 9999 } }] }))
        .statusCode,
    ).toBe(400);
    expect((await t.request('POST', '/api/admin/groups', { name: 'G2', rootRole: 4 })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/admin/groups', { name: '' })).statusCode).toBe(400);
  });

  it('replaces members on update with added and removed events, and the profile shows the group', async () => {
    const id = (await t.request('GET', '/api/admin/groups')).json().groups[0].id;
    const response = await t.request('PUT', `/api/admin/groups/${id}`, {
      name: 'Release crew',
      users: [{ user: { id: ben } }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Release crew', userCount: 1, rootRole: 2 });
    expect((await eventsOfType(t, 'group-user-removed'))[0]?.pre_data).toEqual({ groupId: id, userId: ann });
    expect((await eventsOfType(t, 'group-updated'))[0]).toMatchObject({
      pre_data: expect.objectContaining({ name: 'Release team', users: [ann] }),
      data: expect.objectContaining({ name: 'Release crew', users: [ben] }),
    });
    const profile = (await as(t, { cookie: await login(t, 'ben') })('GET', '/api/admin/user/profile')).json();
    expect(profile.groups).toEqual([expect.objectContaining({ id, name: 'Release crew', rootRole: 2 })]);
    expect((await t.request('PUT', '/api/admin/groups/999', { name: 'x' })).statusCode).toBe(404);
  });

  it('lets everyone signed in read groups, only admins change them', async () => {
    const viewer = as(t, { cookie: await login(t, 'ann') });
    expect((await viewer('GET', '/api/admin/groups')).statusCode).toBe(200);
    expect((await viewer('POST', '/api/admin/groups', { name: 'Mine' })).statusCode).toBe(403);
  });

  it('deletes a group: members lose its root role', async () => {
    const id = (await t.request('GET', '/api/admin/groups')).json().groups[0].id;
    expect((await t.request('DELETE', `/api/admin/groups/${id}`)).statusCode).toBe(200);
    expect((await eventsOfType(t, 'group-deleted'))[0]?.pre_data).toMatchObject({ id, name: 'Release crew' });
    const me = (await as(t, { cookie: await login(t, 'ben') })('GET', '/api/admin/user')).json();
    expect(me.permissions).toEqual([]);
    expect((await t.request('GET', `/api/admin/groups/${id}`)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/admin/groups/${id}`)).statusCode).toBe(404);
  });

  it('keeps mappingsSSO as Unleash does: given on create, returned everywhere, replaced on update', async () => {
    const created = await t.request('POST', '/api/admin/groups', {
      name: 'SSO mapped',
      mappingsSSO: ['okta-platform', 'entra-platform'],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json().mappingsSSO).toEqual(['okta-platform', 'entra-platform']);
    expect((await t.request('GET', `/api/admin/groups/${id}`)).json().mappingsSSO).toEqual([
      'okta-platform',
      'entra-platform',
    ]);
    const listed = (await t.request('GET', '/api/admin/groups')).json().groups;
    expect(listed.find((group: { id: number }) => group.id === id).mappingsSSO).toEqual([
      'okta-platform',
      'entra-platform',
    ]);
    const updated = await t.request('PUT', `/api/admin/groups/${id}`, {
      name: 'SSO mapped',
      mappingsSSO: ['okta-only'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().mappingsSSO).toEqual(['okta-only']);
    const cleared = await t.request('PUT', `/api/admin/groups/${id}`, {
      name: 'SSO mapped',
      mappingsSSO: [],
    });
    expect(cleared.json().mappingsSSO).toEqual([]);
  });
});
