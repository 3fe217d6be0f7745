import { afterAll, describe, expect, it } from 'vitest';
import { as, eventsOfType } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('service accounts', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());

  it('creates an account with a root role: 201, event, no password, not a person', async () => {
    const response = await t.request('POST', '/api/admin/service-account', {
      username: 'deployer',
      name: 'Deploy bot',
      rootRole: 2,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: 'deployer',
      name: 'Deploy bot',
      rootRole: 2,
      isAPI: false,
      tokens: [],
    });
    expect((await eventsOfType(t, 'service-account-created'))[0]?.data).toMatchObject({
      username: 'deployer',
      rootRole: 2,
    });
    const users = (await t.request('GET', '/api/admin/user-admin')).json().users;
    expect(users.map((u: { username: string }) => u.username)).not.toContain('deployer');
    const login = await as(t)('POST', '/auth/simple/login', {
      username: 'deployer',
      password: 'anything-1A!',
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a taken username with 409 and a project role with 400', async () => {
    expect(
      (
        await t.request('POST', '/api/admin/service-account', {
          username: 'deployer',
          name: 'x',
          rootRole: 3,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await t.request('POST', '/api/admin/service-account', { username: 'other', name: 'x', rootRole: 5 }))
        .statusCode,
    ).toBe(400);
  });

  it('issues tokens that act as the account, listed without secrets', async () => {
    const id = (await t.request('GET', '/api/admin/service-account')).json().serviceAccounts[0].id;
    const created = await t.request('POST', `/api/admin/service-account/${id}/token`, {
      description: 'pipeline',
      expiresAt: inDays(90),
    });
    expect(created.statusCode).toBe(201);
    const secret = created.json().secret;
    expect(secret).toMatch(/^user:[0-9a-f]{56}$/);
    expect((await eventsOfType(t, 'service-account-token-created'))[0]?.data).toMatchObject({
      description: 'pipeline',
      userId: id,
    });
    const me = await as(t, { authorization: secret })('GET', '/api/admin/user');
    expect(me.json().user).toMatchObject({ id, accountType: 'Service Account' });
    // The account acts with its Editor root role: no user administration.
    expect((await as(t, { authorization: secret })('GET', '/api/admin/user-admin')).statusCode).toBe(403);
    const listed = (await t.request('GET', `/api/admin/service-account/${id}/token`)).json().pats;
    expect(listed).toEqual([expect.objectContaining({ description: 'pipeline' })]);
    expect(listed[0]).not.toHaveProperty('secret');
    const all = (await t.request('GET', '/api/admin/service-account')).json();
    expect(all.serviceAccounts[0].tokens).toHaveLength(1);
    expect(all.rootRoles.map((r: { name: string }) => r.name)).toEqual(['Admin', 'Editor', 'Viewer']);

    const tokenId = listed[0].id;
    expect((await t.request('DELETE', `/api/admin/service-account/${id}/token/${tokenId}`)).statusCode).toBe(
      200,
    );
    expect((await as(t, { authorization: secret })('GET', '/api/admin/user')).statusCode).toBe(401);
    expect((await t.request('DELETE', `/api/admin/service-account/${id}/token/${tokenId}`)).statusCode).toBe(
      404,
    );
    expect((await eventsOfType(t, 'service-account-token-deleted'))[0]?.pre_data).toMatchObject({
      id: tokenId,
    });
  });

  it('updates name and root role, then deletes the account', async () => {
    const id = (await t.request('GET', '/api/admin/service-account')).json().serviceAccounts[0].id;
    const updated = await t.request('PUT', `/api/admin/service-account/${id}`, {
      name: 'Renamed bot',
      rootRole: 1,
    });
    expect(updated.json()).toMatchObject({ id, name: 'Renamed bot', rootRole: 1 });
    expect((await eventsOfType(t, 'service-account-updated'))[0]).toMatchObject({
      pre_data: expect.objectContaining({ name: 'Deploy bot', rootRole: 2 }),
      data: expect.objectContaining({ name: 'Renamed bot', rootRole: 1 }),
    });
    expect(
      (await t.request('GET', `/api/admin/service-account/${id}/permissions`)).json().rootRole,
    ).toMatchObject({ id: 1 });
    expect((await t.request('DELETE', `/api/admin/service-account/${id}`)).statusCode).toBe(200);
    expect((await eventsOfType(t, 'service-account-deleted'))[0]?.pre_data).toMatchObject({
      id,
      username: 'deployer',
    });
    expect((await t.request('PUT', `/api/admin/service-account/${id}`, { name: 'x' })).statusCode).toBe(404);
    expect((await t.request('GET', `/api/admin/service-account/${id}/token`)).statusCode).toBe(404);
  });

  it('does not treat a person as a service account', async () => {
    const person = (await t.request('GET', '/api/admin/user-admin')).json().users[0].id;
    expect((await t.request('DELETE', `/api/admin/service-account/${person}`)).statusCode).toBe(404);
  });
});
