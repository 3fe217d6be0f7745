import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, eventsOfType, login, TEST_PASSWORD } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

const anonymous = (t: TestApp) => as(t);

describe('password login settings', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  await createUser(t, { username: 'viewer', rootRole: 'Viewer' });
  const viewer = as(t, { cookie: await login(t, 'viewer') });

  it('is on by default; only admins read or change it', async () => {
    expect((await t.request('GET', '/api/admin/auth/simple/settings')).json()).toEqual({ disabled: false });
    expect((await viewer('GET', '/api/admin/auth/simple/settings')).statusCode).toBe(403);
    expect((await viewer('POST', '/api/admin/auth/simple/settings', { disabled: true })).statusCode).toBe(
      403,
    );
    const first = await anonymous(t)('GET', '/api/admin/user');
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({
      type: 'password',
      defaultHidden: false,
      path: '/auth/simple/login',
    });
    // Unleash 8.2's body (checked on the reference): `options` only when there are other methods.
    expect(Object.keys(first.json()).sort()).toEqual(
      ['defaultHidden', 'details', 'id', 'message', 'name', 'path', 'type'].sort(),
    );
  });

  it('refuses password logins once disabled and says so in the 401 body, with an event', async () => {
    const set = await t.request('POST', '/api/admin/auth/simple/settings', { disabled: true });
    expect(set.json()).toEqual({ disabled: true });
    expect((await eventsOfType(t, 'setting-created'))[0]?.data).toEqual({
      id: 'unleash.auth.simple',
      disabled: true,
    });

    const refused = await anonymous(t)('POST', '/auth/simple/login', {
      username: 'viewer',
      password: TEST_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().name).toBe('ForbiddenError');
    const unauthenticated = await anonymous(t)('GET', '/api/admin/user');
    expect(unauthenticated.json()).toMatchObject({
      name: 'AuthenticationRequired',
      type: 'password',
      path: '/auth/simple/login',
      defaultHidden: true,
    });
    // Sessions opened before keep working; API tokens are not concerned.
    expect((await viewer('GET', '/api/admin/user')).statusCode).toBe(200);

    await t.request('POST', '/api/admin/auth/simple/settings', { disabled: false });
    expect((await eventsOfType(t, 'setting-updated'))[0]?.pre_data).toEqual({
      id: 'unleash.auth.simple',
      disabled: true,
    });
    expect(await login(t, 'viewer')).toMatch(/^unleash-session=/);
  });
});

describe('the break-glass variable', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000, allowPasswordLogin: true });
  afterAll(() => t.close());
  await createUser(t, { username: 'admin2', rootRole: 'Admin' });

  it('keeps password login working while it is disabled (SWITCHYARD_ALLOW_PASSWORD_LOGIN)', async () => {
    await t.request('POST', '/api/admin/auth/simple/settings', { disabled: true });
    expect(await login(t, 'admin2')).toMatch(/^unleash-session=/);
  });
});
