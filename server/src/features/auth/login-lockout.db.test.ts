import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, TEST_PASSWORD } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';
import {
  accountLoginKey,
  claimLoginAttempt,
  clearLoginAttempts,
  LOGIN_FREE_FAILURES,
} from '../users/login-lockout-store';

const WRONG = 'definitely-not-the-password-1A!';

describe('per-account login backoff (issue 12 §6)', async () => {
  // The per-IP limit high, so only the per-account backoff is at work.
  const t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  afterAll(() => t.close());
  const userId = await createUser(t, { username: 'target', email: 'target@example.com', rootRole: 'Viewer' });
  let address = 0;
  // Every guess from another address: the peer does not matter, the account does.
  const attempt = (username: string, password: string) =>
    as(t, {}, `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}`)('POST', '/auth/simple/login', {
      username,
      password,
    });
  const lockRow = (key: string) =>
    t.db.selectFrom('login_attempts').selectAll().where('login_key', '=', key).executeTakeFirst();
  const liftLock = (key: string) =>
    t.db
      .updateTable('login_attempts')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('login_key', '=', key)
      .execute();

  it('locks an account after 5 failures from 5 addresses; the right password is refused until the lock passes', async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES; i += 1) {
      expect((await attempt('target', WRONG)).statusCode).toBe(401);
    }
    // Another spelling of the same account (its e-mail, other case) shares the count.
    const locked = await attempt('TARGET@example.com', TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ name: 'RateLimitError', details: expect.any(Array) });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(await lockRow(`user:${userId}`)).toMatchObject({ failures: LOGIN_FREE_FAILURES });

    await liftLock(`user:${userId}`);
    const after = await attempt('target', TEST_PASSWORD);
    expect(after.statusCode).toBe(200);
    // Success forgets the failures.
    expect(await lockRow(`user:${userId}`)).toBeUndefined();
  });

  it('doubles the lock with each further failure', async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES; i += 1) await attempt('target', WRONG);
    await liftLock(`user:${userId}`);
    expect((await attempt('target', WRONG)).statusCode).toBe(401);
    const locked = await attempt('target', TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(55);
  });

  it('lets an admin unlock the account by setting its password', async () => {
    expect((await attempt('target', TEST_PASSWORD)).statusCode).toBe(429);
    const newPassword = 'An0ther-Strong-Passw0rd!';
    const set = await t.request('POST', `/api/admin/user-admin/${userId}/change-password`, {
      password: newPassword,
    });
    expect(set.statusCode).toBe(200);
    expect((await attempt('target', newPassword)).statusCode).toBe(200);
  });

  it('cuts a parallel burst of guesses at the threshold', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, () => attempt('target', WRONG)));
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - LOGIN_FREE_FAILURES);
  });

  it('answers an unknown account exactly as a known one, so a lock reveals nothing', async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES; i += 1) {
      const response = await attempt('nobody-here', WRONG);
      expect(response.statusCode).toBe(401);
      expect(response.json().name).toBe('PasswordMismatch');
    }
    const locked = await attempt('Nobody-Here', WRONG);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().name).toBe('RateLimitError');
  });
});

describe('TRUST_PROXY and the session cookie (issue 12 §6)', async () => {
  const trusting = await createTestApp({ loginRateLimitPerMinute: 10_000, trustProxy: true });
  const direct = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  afterAll(async () => {
    await trusting.close();
    await direct.close();
  });

  it('marks the cookie Secure behind a TLS proxy it trusts, and not on a forwarded header it does not', async () => {
    for (const [app, secure] of [
      [trusting, true],
      [direct, undefined],
    ] as const) {
      await createUser(app, { username: 'proxied', rootRole: 'Viewer' });
      const response = await as(app, { 'x-forwarded-proto': 'https' })('POST', '/auth/simple/login', {
        username: 'proxied',
        password: TEST_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((cookie) => cookie.name === 'unleash-session')?.secure).toBe(secure);
    }
  });
});

describe('a right password cleared while another attempt is counted (two sign-ins at once)', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  afterAll(() => t.close());

  it('counts the attempt whether or not the other one deleted the row in between', async () => {
    // A successful sign-in deletes the row between another attempt's insert (a no-op: the row
    // was there) and its locked read, which then found nothing: 500 for one of two sign-ins.
    const key = accountLoginKey(4242);
    for (let round = 0; round < 60; round += 1) {
      const [claim] = await Promise.all([
        claimLoginAttempt(t.db, key),
        clearLoginAttempts(t.db, key),
        claimLoginAttempt(t.db, key),
      ]);
      expect(claim.allowed).toBe(true);
    }
  });
});
