import { afterAll, describe, expect, it } from 'vitest';
import { createMaintenanceSetting } from '../../server/src/features/instance-admin';
import { call, createFlag } from '../helpers/flag-model';
import { as, createApiToken, createUser, login } from '../helpers/identity';
import { createTestApp } from '../helpers/test-app';

/**
 * Maintenance mode (issue 19) over the app's whole route table: while it is on, every route
 * registered with a writing method answers 503 MaintenanceModeError, except the SDK surfaces,
 * signing in and out, and turning maintenance off. The routes come from the table itself, so a
 * write route another domain adds later is covered without touching this file.
 */

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Written out here, apart from the server's rule: what keeps working during maintenance. */
const STILL_SERVED = [
  /^\/api\/client\//,
  /^\/api\/frontend(\/|$)/,
  /^\/ofrep\//,
  /^\/edge\//,
  /^\/auth\//,
  /^\/scim\//,
  /^\/logout$/,
  /^\/api\/admin\/maintenance$/,
];

describe('maintenance mode', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
  afterAll(() => t.close());

  await createUser(t, { username: 'maint-admin', rootRole: 'Admin' });
  const adminCookie = await login(t, 'maint-admin');
  const admin = as(t, { cookie: adminCookie });
  await createFlag(t, 'maint.flag');
  await call(
    t,
    'POST',
    '/api/admin/projects/default/features/maint.flag/environments/development/on',
    undefined,
    200,
  );
  const clientToken = await createApiToken(t, { type: 'client', environment: 'development' });
  const frontendToken = await createApiToken(t, { type: 'frontend', environment: 'development' });

  const base = t.config.baseUriPath;
  const writes = t.app.declaredRoutes.filter((route) => !READS.has(route.method));
  const pathOf = (url: string) => url.slice(base.length);
  const refused = writes.filter((route) => !STILL_SERVED.some((open) => open.test(pathOf(route.url))));
  const served = writes.filter((route) => !refused.includes(route));

  it('is off at first, and an admin turns it on (getMaintenance, toggleMaintenance, ui-config)', async () => {
    expect((await t.request('GET', '/api/admin/maintenance')).json()).toEqual({ enabled: false });
    expect((await t.request('GET', '/api/admin/ui-config')).json().maintenanceMode).toBe(false);
    const viewerId = await createUser(t, { username: 'maint-viewer', rootRole: 'Viewer' });
    expect(viewerId).toBeGreaterThan(0);
    const viewer = as(t, { cookie: await login(t, 'maint-viewer') });
    expect((await viewer('POST', '/api/admin/maintenance', { enabled: true })).statusCode).toBe(403);
    expect((await viewer('GET', '/api/admin/maintenance')).statusCode).toBe(403);
    expect((await t.request('POST', '/api/admin/maintenance', { enabled: 'yes' })).statusCode).toBe(400);

    const on = await admin('POST', '/api/admin/maintenance', { enabled: true });
    expect(on.statusCode, on.body).toBe(204);
    expect((await t.request('GET', '/api/admin/maintenance')).json()).toEqual({ enabled: true });
    expect((await viewer('GET', '/api/admin/ui-config')).json().maintenanceMode).toBe(true);
    const [event] = await t.db
      .selectFrom('events')
      .selectAll()
      .where('type', 'in', ['setting-created', 'setting-updated'])
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(event?.data).toEqual({ id: 'maintenance.mode', enabled: true });
  });

  it('finds the write routes in the route table, and serves exactly the expected ones', () => {
    expect(refused.length).toBeGreaterThan(150);
    console.info(`maintenance walk: ${refused.length} write routes refused, ${served.length} still served`);
    expect(served.map((route) => `${route.method} ${pathOf(route.url)}`).sort()).toEqual(
      expect.arrayContaining([
        'POST /api/admin/maintenance',
        'POST /api/client/metrics',
        'POST /api/client/register',
        'POST /api/frontend',
        'POST /auth/simple/login',
        'POST /logout',
      ]),
    );
  });

  it('refuses every other write route with 503 MaintenanceModeError, before reading its body', async () => {
    const wrong: string[] = [];
    for (const route of refused) {
      const url = route.url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
      const response = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { cookie: adminCookie, 'content-type': 'application/json' },
        payload: '{}',
      });
      const body = response.statusCode === 503 ? response.json() : undefined;
      // OpenFeature's manifest API answers its own protocol's error body (api/v0/sync.yaml).
      const refusedHere = route.url.includes('/openfeature/v0/manifest')
        ? body?.error?.status === 503
        : body?.name === 'MaintenanceModeError';
      if (response.statusCode !== 503 || !refusedHere) {
        wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
    const one = await admin('POST', '/api/admin/projects/default/features', { name: 'maint.blocked' });
    expect(one.json()).toMatchObject({
      name: 'MaintenanceModeError',
      message: 'Switchyard is currently in maintenance mode.',
      details: [{ message: 'Switchyard is currently in maintenance mode.' }],
    });
    // Unknown callers still learn that they must sign in first.
    expect((await as(t)('POST', '/api/admin/projects', { id: 'p', name: 'p' })).statusCode).toBe(401);
  });

  it('keeps the SDK APIs evaluating and accepting metrics, and signing in and out working', async () => {
    const client = await as(t, { authorization: clientToken })('GET', '/api/client/features');
    expect(client.statusCode).toBe(200);
    expect(client.json().features.find((f: { name: string }) => f.name === 'maint.flag')).toMatchObject({
      enabled: true,
    });
    const frontend = await as(t, { authorization: frontendToken })('GET', '/api/frontend');
    expect(frontend.statusCode).toBe(200);
    expect(frontend.json().toggles.map((toggle: { name: string }) => toggle.name)).toContain('maint.flag');
    const posted = await as(t, { authorization: frontendToken })('POST', '/api/frontend', {
      context: { userId: '7' },
    });
    expect(posted.statusCode).toBe(200);
    const registered = await as(t, { authorization: clientToken })('POST', '/api/client/register', {
      appName: 'maint-app',
      instanceId: 'i-1',
      strategies: ['default'],
      started: new Date().toISOString(),
      interval: 10_000,
    });
    expect(registered.statusCode, registered.body).toBe(202);
    const metrics = await as(t, { authorization: clientToken })('POST', '/api/client/metrics', {
      appName: 'maint-app',
      instanceId: 'i-1',
      bucket: {
        start: new Date(Date.now() - 60_000).toISOString(),
        stop: new Date().toISOString(),
        toggles: { 'maint.flag': { yes: 3, no: 0 } },
      },
    });
    expect(metrics.statusCode, metrics.body).toBe(202);

    const cookie = await login(t, 'maint-admin');
    expect((await as(t, { cookie })('POST', '/logout')).statusCode).toBeLessThan(400);
  });

  it('turns off again, after which writes succeed', async () => {
    expect((await admin('POST', '/api/admin/maintenance', { enabled: false })).statusCode).toBe(204);
    await createFlag(t, 'maint.after');
    expect((await t.request('GET', '/api/admin/ui-config')).json().maintenanceMode).toBe(false);
  });

  it("reaches another instance's cache within its maximum age, from memory in between", async () => {
    const mine = createMaintenanceSetting(t.db, { maxAgeMs: 0 });
    const theirs = createMaintenanceSetting(t.db, { maxAgeMs: 60_000 });
    expect(await theirs.isOn()).toBe(false);
    await mine.set(true, { createdBy: 'test', createdByUserId: null });
    // Within its maximum age the other instance answers from memory, without a query...
    expect(await theirs.isOn()).toBe(false);
    // ...and a fresh read sees the change.
    expect(await theirs.current()).toBe(true);
    expect(await theirs.isOn()).toBe(true);
    await mine.set(false, { createdBy: 'test', createdByUserId: null });
  });
});
