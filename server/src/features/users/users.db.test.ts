import { afterAll, describe, expect, it } from 'vitest';
import {
  as,
  createPat,
  createUser,
  eventsOfType,
  login,
  TEST_PASSWORD,
} from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

describe('user administration', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000, publicUrl: 'http://flags.test' });
  afterAll(() => t.close());

  it('creates a user with a password: 201, root role, no invite link, an event without secrets', async () => {
    const response = await t.request('POST', '/api/admin/user-admin', {
      username: 'alice',
      email: 'alice@example.com',
      name: 'Alice',
      password: TEST_PASSWORD,
      rootRole: 2,
      sendEmail: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: 'alice',
      email: 'alice@example.com',
      name: 'Alice',
      rootRole: 2,
      inviteLink: '',
      emailSent: false,
      accountType: 'User',
    });
    const [event] = await eventsOfType(t, 'user-created');
    expect(event?.data).toEqual({
      id: response.json().id,
      name: 'Alice',
      email: 'alice@example.com',
      username: 'alice',
      rootRole: 2,
    });
    expect(event?.created_by).toBe('admin');
    expect(event?.created_by_user_id).toBe(-42);
    const stored = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'alice')
      .executeTakeFirst();
    expect(stored?.password_hash).toMatch(/^\$2/);
  });

  it('creates a user without a password with an invite link that sets one', async () => {
    const response = await t.request('POST', '/api/admin/user-admin', {
      email: 'bob@example.com',
      rootRole: 'Viewer',
    });
    expect(response.statusCode).toBe(201);
    const link = new URL(response.json().inviteLink);
    expect(`${link.origin}${link.pathname}`).toBe('http://flags.test/new-user');
    const token = link.searchParams.get('token') as string;
    expect(
      (await as(t)('POST', '/auth/reset/password', { token, password: 'B0b-Passw0rd!' })).statusCode,
    ).toBe(200);
    await login(t, 'bob@example.com', 'B0b-Passw0rd!');
  });

  it.each([
    [{ name: 'No Login', rootRole: 3 }, 400, 'BadDataError'],
    [{ email: 'not-an-email', rootRole: 3 }, 400, 'BadDataError'],
    [{ username: 'x1', rootRole: 999 }, 400, 'BadDataError'],
    [{ username: 'x2', rootRole: 4 }, 400, 'BadDataError'],
    [{ username: 'x3', rootRole: 'Owner' }, 400, 'BadDataError'],
    [{ username: 'x4', rootRole: 3, password: 'weak' }, 400, 'OwaspValidationError'],
    [{ username: 'x5', rootRole: 3, unknown: true }, 400, 'BadDataError'],
    [{ username: 'x6' }, 400, 'BadDataError'],
  ])('refuses %j with %i %s', async (body, status, name) => {
    const response = await t.request('POST', '/api/admin/user-admin', body);
    expect(response.statusCode).toBe(status);
    expect(response.json().name).toBe(name);
  });

  it('refuses a taken username or e-mail in any letter case with 400 "User already exists"', async () => {
    await createUser(t, { username: 'carol', email: 'carol@example.com', rootRole: 3 });
    for (const body of [
      { username: 'CAROL', rootRole: 3 },
      { email: 'Carol@Example.com', rootRole: 3 },
    ]) {
      const response = await t.request('POST', '/api/admin/user-admin', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ name: 'BadDataError', message: 'User already exists' });
    }
  });

  it('lists people with their root roles and the root roles to choose from', async () => {
    const response = await t.request('GET', '/api/admin/user-admin');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.users.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'alice']),
    );
    expect(body.rootRoles.map((r: { name: string }) => r.name)).toEqual(['Admin', 'Editor', 'Viewer']);
    for (const user of body.users) expect(user).not.toHaveProperty('passwordHash');
  });

  it('gets one user, 404 for a missing one, 400 for a non-numeric id', async () => {
    const id = await createUser(t, { username: 'dave', rootRole: 'Editor' });
    expect((await t.request('GET', `/api/admin/user-admin/${id}`)).json()).toMatchObject({
      id,
      username: 'dave',
      rootRole: 2,
    });
    const missing = await t.request('GET', '/api/admin/user-admin/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No user found');
    expect((await t.request('GET', '/api/admin/user-admin/abc')).statusCode).toBe(400);
  });

  it('updates name, e-mail and root role with a user-updated event holding before and after', async () => {
    const id = await createUser(t, { username: 'erin', rootRole: 'Viewer' });
    const response = await t.request('PUT', `/api/admin/user-admin/${id}`, {
      name: 'Erin',
      email: 'erin@example.com',
      rootRole: 'Editor',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, name: 'Erin', email: 'erin@example.com', rootRole: 2 });
    const [event] = await eventsOfType(t, 'user-updated');
    expect(event?.pre_data).toMatchObject({ id, name: null, rootRole: 3 });
    expect(event?.data).toMatchObject({ id, name: 'Erin', email: 'erin@example.com', rootRole: 2 });
    expect((await t.request('PUT', '/api/admin/user-admin/99999', { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes a user: 200, a user-deleted event, their session ends; 404 afterwards', async () => {
    const id = await createUser(t, { username: 'frank', rootRole: 'Viewer' });
    const cookie = await login(t, 'frank');
    expect((await t.request('DELETE', `/api/admin/user-admin/${id}`)).statusCode).toBe(200);
    const [event] = await eventsOfType(t, 'user-deleted');
    expect(event?.pre_data).toMatchObject({ id, username: 'frank', rootRole: 3 });
    expect((await as(t, { cookie })('GET', '/api/admin/user')).statusCode).toBe(401);
    expect((await t.request('DELETE', `/api/admin/user-admin/${id}`)).statusCode).toBe(404);
  });

  it('sets a password as admin: policy applies, sessions end, the new one logs in', async () => {
    const id = await createUser(t, { username: 'grace', rootRole: 'Viewer' });
    const cookie = await login(t, 'grace');
    const weak = await t.request('POST', `/api/admin/user-admin/${id}/change-password`, {
      password: 'password',
    });
    expect(weak.json().name).toBe('OwaspValidationError');
    const ok = await t.request('POST', `/api/admin/user-admin/${id}/change-password`, {
      password: 'Grace-Passw0rd!',
    });
    expect(ok.statusCode).toBe(200);
    expect((await as(t, { cookie })('GET', '/api/admin/user')).statusCode).toBe(401);
    await login(t, 'grace', 'Grace-Passw0rd!');
  });

  it('validates a password for the signed-in admin', async () => {
    const weak = await t.request('POST', '/api/admin/user-admin/validate-password', { password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].validationErrors).toHaveLength(4);
    expect(
      (await t.request('POST', '/api/admin/user-admin/validate-password', { password: 'Str0ng-Enough!' }))
        .statusCode,
    ).toBe(200);
  });

  it('counts admins by password, no password and service accounts', async () => {
    await t.request('POST', '/api/admin/user-admin', { username: 'nopass-admin', rootRole: 'Admin' });
    await t.request('POST', '/api/admin/service-account', {
      username: 'robot-admin',
      name: 'Robot',
      rootRole: 1,
    });
    const response = await t.request('GET', '/api/admin/user-admin/admin-count');
    expect(response.json()).toEqual({ password: 1, noPassword: 1, service: 1 });
  });
});

describe('user search', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());
  await createUser(t, {
    username: 'searchable',
    email: 'findme@example.com',
    name: 'Henry Hill',
    rootRole: 3,
  });
  await createUser(t, { username: 'percent%user', rootRole: 3 });
  await t.request('POST', '/api/admin/service-account', {
    username: 'search-robot',
    name: 'Henry Robot',
    rootRole: 3,
  });

  it.each(['', 'h', 'x'])('finds nothing for q=%j shorter than 2 characters, with 200', async (q) => {
    const response = await t.request('GET', `/api/admin/user-admin/search?q=${q}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('answers 200 [] without q', async () => {
    expect((await t.request('GET', '/api/admin/user-admin/search')).json()).toEqual([]);
  });

  it.each(['henry', 'HILL', 'findme@', 'searchab'])(
    'matches name, username or e-mail for q=%s',
    async (q) => {
      const response = await t.request('GET', `/api/admin/user-admin/search?q=${encodeURIComponent(q)}`);
      expect(response.json().map((u: { username: string }) => u.username)).toEqual(['searchable']);
    },
  );

  it('treats % and _ literally', async () => {
    const response = await t.request('GET', `/api/admin/user-admin/search?q=${encodeURIComponent('t%u')}`);
    expect(response.json().map((u: { username: string }) => u.username)).toEqual(['percent%user']);
    expect((await t.request('GET', '/api/admin/user-admin/search?q=__')).json()).toEqual([]);
  });
});

describe('inactive users', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  const old = new Date(Date.now() - 200 * 24 * 3600 * 1000);
  const stale = await createUser(t, { username: 'stale', rootRole: 3 });
  const patUser = await createUser(t, { username: 'pat-user', rootRole: 3 });
  const fresh = await createUser(t, { username: 'fresh', rootRole: 3 });
  const cookie = await login(t, 'pat-user');
  await createPat(t, cookie);
  await t.db
    .updateTable('users')
    .set({ created_at: old, seen_at: old })
    .where('id', 'in', [stale, patUser])
    .execute();
  await t.db
    .updateTable('personal_access_tokens')
    .set({ seen_at: new Date() })
    .where('user_id', '=', patUser)
    .execute();

  it('lists people not seen for 180 days, unless they used a token recently', async () => {
    const response = await t.request('GET', '/api/admin/user-admin/inactive');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.version).toBe(1);
    expect(body.inactiveUsers.map((u: { username: string }) => u.username)).toEqual(['stale']);
    expect(body.inactiveUsers[0]).toMatchObject({ id: stale, seenAt: old.toISOString(), patSeenAt: null });
  });

  it('deletes only those of the given ids that are inactive, with events', async () => {
    const response = await t.request('POST', '/api/admin/user-admin/inactive/delete', {
      ids: [stale, fresh],
    });
    expect(response.statusCode).toBe(200);
    const left = await t.db.selectFrom('users').select('username').orderBy('id').execute();
    expect(left.map((u) => u.username)).toEqual(['admin', 'pat-user', 'fresh']);
    const events = await eventsOfType(t, 'user-deleted');
    expect(events.map((e) => (e.pre_data as { id: number }).id)).toEqual([stale]);
  });

  it('counts people who never logged in by their creation date, and never lists service accounts', async () => {
    const neverOld = await createUser(t, { username: 'never-old', rootRole: 3 });
    const neverNew = await createUser(t, { username: 'never-new', rootRole: 3 });
    await t.db
      .updateTable('users')
      .set({ created_at: old, seen_at: null })
      .where('id', '=', neverOld)
      .execute();
    await t.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 10 * 24 * 3600 * 1000), seen_at: null })
      .where('id', '=', neverNew)
      .execute();
    const account = await t.request('POST', '/api/admin/service-account', {
      username: 'old-robot',
      name: 'Old robot',
      rootRole: 3,
    });
    expect(account.statusCode).toBe(201);
    await t.db
      .updateTable('users')
      .set({ created_at: old, seen_at: null })
      .where('username', '=', 'old-robot')
      .execute();
    const listed = (await t.request('GET', '/api/admin/user-admin/inactive')).json().inactiveUsers;
    expect(listed.map((u: { username: string }) => u.username)).toEqual(['never-old']);
    expect(listed[0]).toMatchObject({ seenAt: null, createdAt: old.toISOString() });
  });

  it('keeps a listed user who logged in before the delete, and bounds the request', async () => {
    const comeback = await createUser(t, { username: 'comeback', rootRole: 3 });
    await t.db
      .updateTable('users')
      .set({ created_at: old, seen_at: old })
      .where('id', '=', comeback)
      .execute();
    const listed = (await t.request('GET', '/api/admin/user-admin/inactive')).json().inactiveUsers;
    expect(listed.map((u: { id: number }) => u.id)).toContain(comeback);
    await login(t, 'comeback');
    const response = await t.request('POST', '/api/admin/user-admin/inactive/delete', { ids: [comeback] });
    expect(response.statusCode).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', comeback).executeTakeFirst()).toEqual(
      { id: comeback },
    );

    const tooMany = await t.request('POST', '/api/admin/user-admin/inactive/delete', {
      ids: Array.from({ length: 1001 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().name).toBe('BadDataError');
  });
});
