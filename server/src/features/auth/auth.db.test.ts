import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, login, TEST_PASSWORD } from '../../../../tests/helpers/identity';
import { createTestApp, TEST_ADMIN_TOKEN } from '../../../../tests/helpers/test-app';
import { createTestDatabase } from '../../../../tests/helpers/test-database';
import { buildApp } from '../../app/build-app';
import { loadConfig } from '../../config';
import { createLogger } from '../../lib/logger';

const ADMIN_PASSWORD = 'Adm1n-Passw0rd!';

describe('first start', () => {
  it('creates admin with a generated password, logged once, and never again', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({});
    try {
      const app = await buildApp({ config, db: database.db, logger: createLogger('info', sink) });
      await app.ready();
      const announced = lines
        .map((line) => JSON.parse(line))
        .filter((entry) => /generated password/.test(entry.msg));
      expect(announced).toHaveLength(1);
      const password = /generated password (\S+) /.exec(announced[0].msg)?.[1] as string;
      expect(password.length).toBeGreaterThanOrEqual(20);
      const ok = await app.inject({
        method: 'POST',
        url: '/auth/simple/login',
        payload: { username: 'admin', password },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ username: 'admin', rootRole: 1 });
      // The stored hash is bcrypt, never the password.
      const row = await database.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$2[aby]\$10\$/);
      expect(row.password_hash).not.toContain(password);
      await app.close();

      const again = await buildApp({ config, db: database.db, logger: createLogger('info', sink) });
      await again.ready();
      const users = await database.db.selectFrom('users').select('username').execute();
      expect(users).toEqual([{ username: 'admin' }]);
      expect(lines.filter((line) => line.includes('generated password'))).toHaveLength(1);
      await again.close();
    } finally {
      await database.drop();
    }
  });

  it('uses the configured password and writes a user-created event', async () => {
    const t = await createTestApp({ defaultAdmin: { username: 'root', password: ADMIN_PASSWORD } });
    try {
      await login(t, 'root', ADMIN_PASSWORD);
      const events = await t.db.selectFrom('events').selectAll().where('type', '=', 'user-created').execute();
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ created_by: 'system', created_by_user_id: -1337 });
      expect(JSON.stringify(events[0]?.data)).not.toContain(ADMIN_PASSWORD);
    } finally {
      await t.close();
    }
  });

  it('creates the first user exactly once when instances start together', async () => {
    const database = await createTestDatabase();
    try {
      const config = { ...loadConfig({}), defaultAdmin: { username: 'admin', password: ADMIN_PASSWORD } };
      const apps = await Promise.all(
        [1, 2, 3].map(() => buildApp({ config, db: database.db, logger: createLogger('silent') })),
      );
      await Promise.all(apps.map((app) => app.ready()));
      const count = await database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
      await Promise.all(apps.map((app) => app.close()));
    } finally {
      await database.drop();
    }
  });
});

describe('sessions and login', async () => {
  const t = await createTestApp({
    defaultAdmin: { username: 'admin', password: ADMIN_PASSWORD },
    loginRateLimitPerMinute: 1000,
    sessionTtlHours: 2,
  });
  afterAll(() => t.close());
  await createUser(t, { username: 'viewer', email: 'Viewer@Example.com', rootRole: 'Viewer' });

  it('sets an HttpOnly, SameSite=Lax session cookie with the configured lifetime', async () => {
    const response = await as(t)('POST', '/auth/simple/login', {
      username: 'viewer',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: 'viewer', rootRole: 3, activeSessions: 1 });
    const cookie = response.cookies.find((c) => c.name === 'unleash-session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const lifetime = new Date(cookie?.expires ?? 0).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(2 * 3600_000);
    // Only a hash of the session id is stored.
    const rows = await t.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.map((row) => row.id_hash)).not.toContain(cookie?.value);
  });

  it('logs in by e-mail in any letter case', async () => {
    const response = await as(t)('POST', '/auth/simple/login', {
      username: 'viewer@example.COM',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password or unknown user with 401 PasswordMismatch and counts failures', async () => {
    for (const body of [
      { username: 'viewer', password: 'Wrong-Passw0rd!' },
      { username: 'nobody', password: TEST_PASSWORD },
    ]) {
      const response = await as(t)('POST', '/auth/simple/login', body);
      expect(response.statusCode).toBe(401);
      expect(response.json().name).toBe('PasswordMismatch');
      expect(response.cookies).toHaveLength(0);
    }
    const row = await t.db
      .selectFrom('users')
      .select('login_attempts')
      .where('username', '=', 'viewer')
      .executeTakeFirst();
    expect(row?.login_attempts).toBe(1);
  });

  it('answers who am I for a session', async () => {
    const cookie = await login(t, 'viewer');
    const me = await as(t, { cookie })('GET', '/api/admin/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { username: 'viewer', rootRole: 3 },
      permissions: [],
      feedback: [],
      splash: {},
    });
  });

  it('answers who am I for the admin token with a pseudo user and no secret', async () => {
    const me = await t.request('GET', '/api/admin/user');
    expect(me.json()).toEqual({
      user: { id: -42, name: 'admin', username: 'admin', permissions: ['ADMIN'] },
      permissions: [{ permission: 'ADMIN' }],
      feedback: [],
      splash: {},
    });
    expect(me.body).not.toContain(TEST_ADMIN_TOKEN);
  });

  it('ends the session on logout', async () => {
    const cookie = await login(t, 'viewer');
    const out = await as(t, { cookie })('POST', '/logout');
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/signed-out');
    expect(out.cookies.find((c) => c.name === 'unleash-session')?.value).toBe('');
    expect((await as(t, { cookie })('GET', '/api/admin/user')).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const cookie = await login(t, 'viewer');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const response = await as(t, { cookie })('GET', '/api/admin/user');
    expect(response.statusCode).toBe(401);
    expect(response.json().name).toBe('UnauthorizedError');
  });

  it('shows the profile of the signed-in user', async () => {
    const cookie = await login(t, 'viewer');
    const profile = await as(t, { cookie })('GET', '/api/admin/user/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      rootRole: { id: 3, name: 'Viewer', type: 'root' },
      projects: [],
      groups: [],
      canChangePassword: true,
    });
    expect((await t.request('GET', '/api/admin/user/profile')).statusCode).toBe(403);
  });

  it('changes the own password: old one required, sessions renewed, policy enforced', async () => {
    await createUser(t, { username: 'changer', rootRole: 'Viewer' });
    const cookie = await login(t, 'changer');
    const send = as(t, { cookie });
    expect(
      (await send('POST', '/api/admin/user/change-password', { password: 'New-Passw0rd!' })).statusCode,
    ).toBe(400);
    const wrongOld = await send('POST', '/api/admin/user/change-password', {
      password: 'New-Passw0rd!',
      oldPassword: 'Not-The-0ne!',
    });
    expect(wrongOld.statusCode).toBe(401);
    const weak = await send('POST', '/api/admin/user/change-password', {
      password: 'weak',
      oldPassword: TEST_PASSWORD,
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().name).toBe('OwaspValidationError');
    const mismatch = await send('POST', '/api/admin/user/change-password', {
      password: 'New-Passw0rd!',
      confirmPassword: 'Other-Passw0rd!',
      oldPassword: TEST_PASSWORD,
    });
    expect(mismatch.statusCode).toBe(400);
    const ok = await send('POST', '/api/admin/user/change-password', {
      password: 'New-Passw0rd!',
      confirmPassword: 'New-Passw0rd!',
      oldPassword: TEST_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    // The old session is gone; the fresh cookie works; the new password logs in.
    expect((await send('GET', '/api/admin/user')).statusCode).toBe(401);
    const fresh = ok.cookies.find((c) => c.name === 'unleash-session');
    expect(
      (await as(t, { cookie: `unleash-session=${fresh?.value}` })('GET', '/api/admin/user')).statusCode,
    ).toBe(200);
    await login(t, 'changer', 'New-Passw0rd!');
  });
});

describe('password reset', async () => {
  const t = await createTestApp({ publicUrl: 'https://flags.example.com', loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  await createUser(t, { username: 'forgetful', email: 'forgetful@example.com', rootRole: 'Editor' });

  it('hands the admin a single-use reset link that sets a new password', async () => {
    const reset = await t.request('POST', '/api/admin/user-admin/reset-password', {
      id: 'forgetful@example.com',
    });
    expect(reset.statusCode).toBe(200);
    const url = new URL(reset.json().resetPasswordUrl);
    expect(url.origin + url.pathname).toBe('https://flags.example.com/reset-password');
    const token = url.searchParams.get('token') as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    const validate = await as(t)('GET', `/auth/reset/validate?token=${token}`);
    expect(validate.statusCode).toBe(200);
    expect(validate.json()).toMatchObject({
      email: 'forgetful@example.com',
      token,
      createdBy: 'admin',
      role: { id: 2 },
    });

    const weak = await as(t)('POST', '/auth/reset/password', { token, password: 'weak' });
    expect(weak.json().name).toBe('OwaspValidationError');
    const ok = await as(t)('POST', '/auth/reset/password', { token, password: 'Reset-Passw0rd!' });
    expect(ok.statusCode).toBe(200);
    await login(t, 'forgetful', 'Reset-Passw0rd!');

    const reused = await as(t)('POST', '/auth/reset/password', { token, password: 'Again-Passw0rd!' });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().name).toBe('InvalidTokenError');
    expect((await as(t)('GET', `/auth/reset/validate?token=${token}`)).statusCode).toBe(401);
    // Only a hash of the token is stored.
    const stored = await t.db.selectFrom('reset_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
  });

  it('answers 404 for an unknown user and 401 for an unknown token', async () => {
    expect(
      (await t.request('POST', '/api/admin/user-admin/reset-password', { id: 'nobody@example.com' }))
        .statusCode,
    ).toBe(404);
    expect((await as(t)('GET', '/auth/reset/validate?token=abc')).statusCode).toBe(401);
    expect((await as(t)('GET', '/auth/reset/validate')).statusCode).toBe(401);
  });

  it('validates passwords publicly with Unleash rules', async () => {
    const weak = await as(t)('POST', '/auth/reset/validate-password', { password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      name: 'OwaspValidationError',
      message: 'The password must be at least 10 characters long.',
      details: [
        { validationErrors: expect.arrayContaining(['The password must contain at least one number.']) },
      ],
    });
    expect(
      (await as(t)('POST', '/auth/reset/validate-password', { password: 'Str0ng-Enough!' })).statusCode,
    ).toBe(200);
  });

  it('accepts a reset-by-e-mail request without telling whether the address exists', async () => {
    const known = await as(t, {}, '10.9.9.1')('POST', '/auth/reset/password-email', {
      email: 'forgetful@example.com',
    });
    const unknown = await as(t, {}, '10.9.9.2')('POST', '/auth/reset/password-email', {
      email: 'nobody@example.com',
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
  });
});

describe('login rate limit', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 3 });
  afterAll(() => t.close());

  it('answers 429 in the error shape after the per-IP limit, other IPs unaffected', async () => {
    const attempt = (ip: string) =>
      as(t, {}, ip)('POST', '/auth/simple/login', { username: 'x', password: 'y' });
    for (let i = 0; i < 3; i++) {
      const response = await attempt('10.0.0.1');
      expect(response.statusCode).toBe(401);
      expect(response.headers['ratelimit-limit']).toBe('3');
    }
    const limited = await attempt('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const body = limited.json();
    expect(body.name).toBe('RateLimitError');
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.details).toEqual([{ message: body.message }]);
    expect((await attempt('10.0.0.2')).statusCode).toBe(401);
  });
});
