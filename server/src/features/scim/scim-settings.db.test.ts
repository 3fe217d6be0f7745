import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, eventsOfType, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

describe('SCIM settings, token and bulk deletes', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  await createUser(t, { username: 'viewer', rootRole: 'Viewer' });
  const viewer = as(t, { cookie: await login(t, 'viewer') });
  const scimWith = (token: string) => (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it('starts disabled without a token, and only admins read or change it', async () => {
    expect((await t.request('GET', '/api/admin/scim-settings')).json()).toEqual({
      enabled: false,
      hasToken: false,
    });
    expect((await viewer('GET', '/api/admin/scim-settings')).statusCode).toBe(403);
    expect((await viewer('POST', '/api/admin/scim-settings', { enabled: true })).statusCode).toBe(403);
    expect((await viewer('POST', '/api/admin/scim-settings/generate-new-token')).statusCode).toBe(403);
    expect((await t.request('POST', '/api/admin/scim-settings', { enabled: 'yes' })).statusCode).toBe(400);
  });

  it('enables SCIM, records the change, and shows a generated token once, keeping only its hash', async () => {
    const set = await t.request('POST', '/api/admin/scim-settings', { enabled: true });
    expect(set.json()).toEqual({ enabled: true, hasToken: false });
    expect((await eventsOfType(t, 'setting-created'))[0]?.data).toEqual({ id: 'scim', enabled: true });

    const generated = await t.request('POST', '/api/admin/scim-settings/generate-new-token');
    const token: string = generated.json().token;
    expect(token).toMatch(/^scim:[0-9a-f]{64}$/);
    expect((await t.request('GET', '/api/admin/scim-settings')).json()).toEqual({
      enabled: true,
      hasToken: true,
    });
    const stored = await t.db
      .selectFrom('settings')
      .select('content')
      .where('name', '=', 'scim')
      .executeTakeFirst();
    expect(JSON.stringify(stored?.content)).not.toContain(token.slice(5));
    const updated = await eventsOfType(t, 'setting-updated');
    expect(JSON.stringify(updated.map((event) => event.data))).not.toContain(token.slice(5));
    expect((await scimWith(token)('GET', '/Users')).statusCode).toBe(200);
  });

  it('makes SCIM users and groups read-only in the admin API and bulk-deletes them', async () => {
    const token = (await t.request('POST', '/api/admin/scim-settings/generate-new-token')).json().token;
    const scim = scimWith(token);
    const user = (
      await scim('POST', '/Users', { schemas: [USER], userName: 'carol', emails: [{ value: 'c@x.io' }] })
    ).json();
    await scim('POST', '/Groups', { displayName: 'Provisioned', members: [{ value: user.id }] });
    const manual = await createUser(t, { username: 'manual', rootRole: 'Viewer' });

    const listed = (await t.request('GET', '/api/admin/user-admin')).json().users;
    const carol = listed.find((u: { username: string }) => u.username === 'carol');
    expect(carol.scimId).toBe(user.id);
    const edit = await t.request('PUT', `/api/admin/user-admin/${carol.id}`, { name: 'Changed' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(
      'This user is managed by your SCIM provider and cannot be changed manually',
    );
    expect((await t.request('DELETE', `/api/admin/user-admin/${carol.id}`)).statusCode).toBe(403);

    expect((await viewer('DELETE', '/api/admin/user-admin/scim-users')).statusCode).toBe(403);
    expect((await viewer('DELETE', '/api/admin/groups/scim-groups')).statusCode).toBe(403);
    expect((await t.request('DELETE', '/api/admin/groups/scim-groups')).statusCode).toBe(200);
    expect((await t.request('DELETE', '/api/admin/user-admin/scim-users')).statusCode).toBe(200);
    expect((await eventsOfType(t, 'scim-groups-deleted'))[0]?.data).toMatchObject({ count: 1 });
    expect((await eventsOfType(t, 'scim-users-deleted'))[0]?.data).toEqual({ count: 1 });

    const after = (await t.request('GET', '/api/admin/user-admin'))
      .json()
      .users.map((u: { id: number }) => u.id);
    expect(after).toContain(manual);
    expect(after).not.toContain(carol.id);
    expect((await t.request('GET', '/api/admin/groups')).json().groups).toEqual([]);
  });
});
