import { afterAll, describe, expect, it } from 'vitest';
import { as, createUser, login, TEST_PASSWORD } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';
import { startScheduler } from '../scheduler';
import { LOGIN_FAILURE, loginHistoryRetentionJob, recordLogin } from '.';

const WRONG = 'not-the-password-at-all-1A!';

describe('login history (issue 19)', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 10_000 });
  afterAll(() => t.close());
  await createUser(t, { username: 'carol', email: 'carol@example.com', rootRole: 'Viewer' });
  const attempt = (username: string, password: string, ip: string) =>
    as(t, {}, ip)('POST', '/auth/simple/login', { username, password });
  const history = async (query = '') => {
    const response = await t.request('GET', `/api/admin/logins${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().events as Array<Record<string, unknown>>;
  };

  it('records failed and successful password logins with method, address and reason, newest first', async () => {
    await t.db.deleteFrom('login_history').execute();
    expect((await attempt('carol', WRONG, '10.0.0.7')).statusCode).toBe(401);
    expect((await attempt('nobody', WRONG, '10.0.0.8')).statusCode).toBe(401);
    expect((await attempt('carol@example.com', TEST_PASSWORD, '10.0.0.9')).statusCode).toBe(200);
    const events = await history();
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({
      username: 'carol@example.com',
      auth_type: 'password',
      successful: true,
      ip: '10.0.0.9',
      failure_reason: null,
    });
    expect(events[1]).toMatchObject({
      username: 'nobody',
      successful: false,
      failure_reason: LOGIN_FAILURE.unknownUser,
    });
    expect(events[2]).toMatchObject({
      username: 'carol',
      successful: false,
      ip: '10.0.0.7',
      failure_reason: LOGIN_FAILURE.wrongPassword,
    });
    expect(Number.isNaN(Date.parse(String(events[0]?.created_at)))).toBe(false);
  });

  it('records a refused attempt while the account is locked', async () => {
    await t.db.deleteFrom('login_history').execute();
    for (let i = 0; i < 5; i += 1) await attempt('carol', WRONG, `10.0.1.${i + 1}`);
    expect((await attempt('carol', TEST_PASSWORD, '10.0.1.99')).statusCode).toBe(429);
    const [latest] = await history();
    expect(latest).toMatchObject({
      ip: '10.0.1.99',
      successful: false,
      failure_reason: LOGIN_FAILURE.locked,
    });
    await t.db.deleteFrom('login_attempts').execute();
  });

  it('filters by text and outcome, pages, and exports CSV with formula cells defused', async () => {
    await t.db.deleteFrom('login_history').execute();
    await recordLogin(t.db, {
      username: 'sso-user@example.com',
      authType: 'open-id-connect',
      successful: true,
      ip: '192.0.2.1',
    });
    await recordLogin(t.db, {
      username: '=HYPERLINK("http://evil")',
      authType: 'password',
      successful: false,
      ip: '192.0.2.2',
      failureReason: LOGIN_FAILURE.unknownUser,
    });
    expect((await history('?q=SSO-user')).map((e) => e.username)).toEqual(['sso-user@example.com']);
    expect((await history('?q=192.0.2.2')).map((e) => e.successful)).toEqual([false]);
    expect((await history('?successful=false')).map((e) => e.ip)).toEqual(['192.0.2.2']);
    expect(await history('?limit=1&offset=1')).toHaveLength(1);

    const csv = await t.request('GET', '/api/admin/logins?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="login-history-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"id","created_at","username","auth_type","ip","successful","failure_reason"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")","password","192.0.2.2","false"`);
    expect(lines[2]).toContain('"sso-user@example.com","open-id-connect","192.0.2.1","true",""');
    const byAccept = await t.request('GET', '/api/admin/logins', undefined, { accept: 'text/csv' });
    expect(byAccept.body).toBe(csv.body);
  });

  it('bounds what one attempt stores and refuses bad queries with 400', async () => {
    await t.db.deleteFrom('login_history').execute();
    await recordLogin(t.db, {
      username: `x${'y'.repeat(5000)}\u0000`,
      authType: 'saml',
      successful: false,
      failureReason: 'r'.repeat(5000),
    });
    const [event] = await history();
    expect(String(event?.username).length).toBe(255);
    expect(String(event?.failure_reason).length).toBe(500);
    for (const query of [
      '?limit=0',
      '?limit=10001',
      '?successful=maybe',
      '?format=xml',
      `?q=${'a'.repeat(201)}`,
    ]) {
      const response = await t.request('GET', `/api/admin/logins${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().name).toBe('BadDataError');
    }
  });

  it('is for admins only', async () => {
    const viewer = await login(t, 'carol');
    const response = await as(t, { cookie: viewer })('GET', '/api/admin/logins');
    expect(response.statusCode).toBe(403);
  });

  it('deletes entries older than the retention through the scheduler, once across instances', async () => {
    await t.db.deleteFrom('login_history').execute();
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    for (const hours of [400, 337, 335, 1]) {
      await recordLogin(t.db, {
        username: `u${hours}`,
        authType: 'password',
        successful: true,
        at: hoursAgo(hours),
      });
    }
    const job = loginHistoryRetentionJob(336, () => now);
    const logger = { warn: () => undefined, error: () => undefined, info: () => undefined } as never;
    // Two schedulers, as two instances would run them, at the same moment.
    const one = startScheduler({ db: t.db, kinds: [job], intervalMs: 60_000, logger });
    const two = startScheduler({ db: t.db, kinds: [job], intervalMs: 60_000, logger });
    await Promise.all([one.tick(), two.tick()]);
    await Promise.all([one.stop(), two.stop()]);
    const left = await t.db.selectFrom('login_history').select('username').orderBy('username').execute();
    expect(left.map((row) => row.username)).toEqual(['u1', 'u335']);
  });
});
