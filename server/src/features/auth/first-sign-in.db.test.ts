import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_TOKEN } from '../../../../tests/helpers/test-app';
import { createTestDatabase } from '../../../../tests/helpers/test-database';
import { buildApp } from '../../app/build-app';
import { loadConfig } from '../../config';
import { createLogger } from '../../lib/logger';

const NEW_PASSWORD = 'Chosen-Passw0rd!';

/** Issue 33 §1: the admin with the generated (logged) password chooses their own at first sign-in. */
describe('first sign-in of the generated admin', async () => {
  const database = await createTestDatabase();
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config: loadConfig({ INIT_ADMIN_API_TOKENS: TEST_ADMIN_TOKEN }),
    db: database.db,
    logger: createLogger('info', sink),
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
  const generated = /generated password (\S+) /.exec(
    lines.map((line) => JSON.parse(line).msg as string).find((msg) => /generated password/.test(msg)) ?? '',
  )?.[1] as string;

  const loginWith = (password: string) =>
    app.inject({ method: 'POST', url: '/auth/simple/login', payload: { username: 'admin', password } });
  const sessionOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
    response.cookies.find((c) => c.name === 'unleash-session')?.value as string;
  const asSession = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, cookies: { 'unleash-session': cookie }, ...(payload ? { payload } : {}) });
  const asAdminToken = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: TEST_ADMIN_TOKEN },
      ...(payload ? { payload } : {}),
    });

  it('marks the generated admin as having to change the password, in the login and in /api/admin/user', async () => {
    const login = await loginWith(generated);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: 'admin', passwordChangeRequired: true });
    const cookie = login.cookies.find((c) => c.name === 'unleash-session')?.value as string;
    const me = await app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { 'unleash-session': cookie },
    });
    expect(me.json().user).toMatchObject({ username: 'admin', passwordChangeRequired: true });
  });

  it('refuses the rest of the admin API to the session until the password is changed', async () => {
    const cookie = sessionOf(await loginWith(generated));
    for (const refused of [
      await asSession(cookie, 'GET', '/api/admin/projects'),
      await asSession(cookie, 'POST', '/api/admin/projects', { id: 'held-back', name: 'Held back' }),
      await asSession(cookie, 'GET', '/api/admin/user/tokens'),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        name: 'ForbiddenError',
        message: expect.stringMatching(/password must be changed/),
      });
    }
    // What the console's forced change screen needs still answers.
    expect((await asSession(cookie, 'GET', '/api/admin/user')).statusCode).toBe(200);
    expect((await asSession(cookie, 'GET', '/api/admin/ui-config')).statusCode).toBe(200);
    // An admin API token is never held back, and nothing was created through the session.
    expect((await asAdminToken('GET', '/api/admin/projects')).json().projects).not.toContainEqual(
      expect.objectContaining({ id: 'held-back' }),
    );
    expect(
      (await asAdminToken('POST', '/api/admin/projects', { id: 'by-token', name: 'By token' })).statusCode,
    ).toBe(201);
    const logout = await asSession(cookie, 'POST', '/logout');
    expect(logout.statusCode).toBe(302);
    expect((await asSession(cookie, 'GET', '/api/admin/user')).statusCode).toBe(401);
  });

  it('clears the mark with the change, logs it in the same transaction, and the old password stops working', async () => {
    const cookie = (await loginWith(generated)).cookies.find((c) => c.name === 'unleash-session')
      ?.value as string;
    const before = await database.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'user-updated')
      .execute();
    const changed = await app.inject({
      method: 'POST',
      url: '/api/admin/user/change-password',
      cookies: { 'unleash-session': cookie },
      payload: { oldPassword: generated, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const row = await database.db
      .selectFrom('users')
      .select('password_change_required')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(row.password_change_required).toBe(false);
    const events = await database.db
      .selectFrom('events')
      .selectAll()
      .where('type', '=', 'user-updated')
      .execute();
    expect(events).toHaveLength(before.length + 1);
    const event = events.at(-1);
    expect(event).toMatchObject({ created_by: 'admin' });
    expect(event?.pre_data).toMatchObject({ username: 'admin', passwordChangeRequired: true });
    expect(event?.data).toMatchObject({ username: 'admin', passwordChangeRequired: false });
    expect(JSON.stringify(event)).not.toContain(NEW_PASSWORD);

    expect((await loginWith(generated)).statusCode).toBe(401);
    const fresh = await loginWith(NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().passwordChangeRequired).toBeUndefined();

    // The session the change started, and a new one, reach the whole admin API again.
    const renewed = sessionOf(changed);
    expect((await asSession(renewed, 'GET', '/api/admin/projects')).statusCode).toBe(200);
    const signedIn = sessionOf(fresh);
    expect((await asSession(signedIn, 'GET', '/api/admin/projects')).statusCode).toBe(200);
    expect(
      (await asSession(signedIn, 'POST', '/api/admin/projects', { id: 'after', name: 'After' })).statusCode,
    ).toBe(201);
  });
});

describe('a configured admin password', async () => {
  const t = await createTestApp({ defaultAdmin: { username: 'root', password: 'Adm1n-Passw0rd!' } });
  afterAll(() => t.close());

  it('is not marked: the operator chose it', async () => {
    const row = await t.db
      .selectFrom('users')
      .select('password_change_required')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    expect(row.password_change_required).toBe(false);
  });
});
