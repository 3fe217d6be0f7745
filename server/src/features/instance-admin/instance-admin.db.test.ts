import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { UI_ERRORS_KEPT } from '../../../contract';

describe('splash, license and UI errors', () => {
  let t: TestApp;
  let viewer: ReturnType<typeof as>;
  let viewerId: number;
  beforeAll(async () => {
    t = await createTestApp();
    viewerId = await createUser(t, { username: 'splash-viewer', rootRole: 'Viewer' });
    viewer = as(t, { cookie: await login(t, 'splash-viewer') });
  });
  afterAll(() => t.close());

  it('updateSplashSettings marks a splash seen for that user only, shown in GET /api/admin/user', async () => {
    expect((await viewer('GET', '/api/admin/user')).json().splash).toEqual({});
    const response = await viewer('POST', '/api/admin/splash/welcome');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ userId: viewerId, splashId: 'welcome', seen: true });
    // Twice is the same as once.
    expect((await viewer('POST', '/api/admin/splash/welcome')).statusCode).toBe(200);
    expect((await viewer('GET', '/api/admin/user')).json().splash).toEqual({ welcome: true });

    await createUser(t, { username: 'splash-other', rootRole: 'Viewer' });
    const other = as(t, { cookie: await login(t, 'splash-other') });
    expect((await other('GET', '/api/admin/user')).json().splash).toEqual({});
  });

  it('refuses splash ids that are not simple names, and callers without a user', async () => {
    expect((await viewer('POST', `/api/admin/splash/${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await viewer('POST', '/api/admin/splash/%3Cscript%3E')).statusCode).toBe(400);
    expect((await t.request('POST', '/api/admin/splash/welcome')).statusCode).toBe(403);
    expect((await as(t)('POST', '/api/admin/splash/welcome')).statusCode).toBe(401);
  });

  it('answers a valid, unlimited license and stores a posted token without logging it', async () => {
    const read = await viewer('GET', '/api/admin/license');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ isValid: true, type: 'unlimited' });
    expect(read.json().token).toBeUndefined();
    expect((await viewer('GET', '/api/admin/license/check')).json()).toMatchObject({
      isValid: true,
      messageType: 'info',
    });

    const before = await latestEventId(t.db);
    const posted = await t.request('POST', '/api/admin/license', { token: 'ey.some-license.token' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ isValid: true, token: 'ey.some-license.token' });
    expect((await t.request('GET', '/api/admin/license')).json().token).toBe('ey.some-license.token');
    const events = await eventsAfter(t.db, before);
    expect(events.map((event) => event.type)).toEqual(['setting-created']);
    expect(JSON.stringify(events)).not.toContain('some-license');

    expect((await viewer('POST', '/api/admin/license', { token: 'x' })).statusCode).toBe(403);
    expect((await t.request('POST', '/api/admin/license', { token: '' })).statusCode).toBe(400);
    expect((await t.request('POST', '/api/admin/license', {})).statusCode).toBe(400);
  });

  it('records UI errors bounded in size and count, listed newest first for admins', async () => {
    const recorded = await viewer('POST', '/api/admin/record-ui-error', {
      errorMessage: 'Cannot read x of undefined',
      errorStack: 'at FlagPage (FlagPage.tsx:10)',
    });
    expect(recorded.statusCode, recorded.body).toBe(204);
    expect(
      (await viewer('POST', '/api/admin/record-ui-error', { errorMessage: 'm'.repeat(5000) })).statusCode,
    ).toBe(204);
    expect((await viewer('POST', '/api/admin/record-ui-error', {})).statusCode).toBe(400);
    expect((await viewer('GET', '/api/admin/ui-errors')).statusCode).toBe(403);

    const list = (await t.request('GET', '/api/admin/ui-errors')).json().uiErrors;
    expect(list).toHaveLength(2);
    expect(list[0].errorMessage).toHaveLength(2000);
    expect(list[0].errorStack).toBeNull();
    expect(list[1]).toMatchObject({
      errorMessage: 'Cannot read x of undefined',
      errorStack: 'at FlagPage (FlagPage.tsx:10)',
      userId: expect.any(Number),
    });

    // Past the bound the oldest go: keep exactly the newest UI_ERRORS_KEPT.
    await t.db
      .insertInto('ui_errors')
      .values(Array.from({ length: UI_ERRORS_KEPT }, (_, i) => ({ error_message: `bulk ${i}` })))
      .execute();
    await viewer('POST', '/api/admin/record-ui-error', { errorMessage: 'newest' });
    const kept = (await t.request('GET', '/api/admin/ui-errors')).json().uiErrors;
    expect(kept).toHaveLength(UI_ERRORS_KEPT);
    expect(kept[0].errorMessage).toBe('newest');
    expect(kept.at(-1).errorMessage).toBe('bulk 1');
  });
});
