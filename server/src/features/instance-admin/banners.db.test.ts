import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

describe('banners (getBanners, createBanner, updateBanner, deleteBanner, enableBanner, disableBanner)', () => {
  let t: TestApp;
  let viewer: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, { username: 'banner-viewer', rootRole: 'Viewer' });
    viewer = as(t, { cookie: await login(t, 'banner-viewer') });
  });
  afterAll(() => t.close());

  it('creates with Unleash defaults, lists, updates, toggles and deletes, each with its event', async () => {
    const before = await latestEventId(t.db);
    const created = await t.request('POST', '/api/admin/banners', { message: '**Upgrade** at 18:00' });
    expect(created.statusCode, created.body).toBe(201);
    const banner = created.json();
    expect(banner).toMatchObject({
      message: '**Upgrade** at 18:00',
      enabled: true,
      variant: 'info',
      sticky: false,
      icon: null,
      link: null,
      linkText: null,
      dialogTitle: null,
      dialog: null,
    });
    expect(Date.parse(banner.createdAt)).not.toBeNaN();

    const updated = await t.request('PUT', `/api/admin/banners/${banner.id}`, {
      message: 'Upgrade moved',
      variant: 'warning',
      link: 'https://status.example.com',
      linkText: 'Status',
      dialogTitle: 'Details',
      dialog: '# Why\nBecause.',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      id: banner.id,
      variant: 'warning',
      link: 'https://status.example.com',
    });

    const off = await t.request('POST', `/api/admin/banners/${banner.id}/off`);
    expect(off.json().enabled).toBe(false);
    const on = await t.request('POST', `/api/admin/banners/${banner.id}/on`);
    expect(on.json().enabled).toBe(true);

    // Every signed-in user reads them (the console's banner bar).
    const listed = await viewer('GET', '/api/admin/banners');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().banners).toEqual([on.json()]);

    const deleted = await t.request('DELETE', `/api/admin/banners/${banner.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await t.request('GET', '/api/admin/banners')).json()).toEqual({ banners: [] });

    const events = await eventsAfter(t.db, before);
    expect(events.map((event) => event.type)).toEqual([
      'banner-created',
      'banner-updated',
      'banner-updated',
      'banner-updated',
      'banner-deleted',
    ]);
    expect(events[2]).toMatchObject({ data: { enabled: false }, preData: { enabled: true } });
  });

  it('accepts the links Unleash\u2019s bannerSchema allows: a console path and "dialog" (issue 31 §4)', async () => {
    for (const link of ['/admin/service-accounts', 'dialog', 'http://status.example.com/x']) {
      const created = await t.request('POST', '/api/admin/banners', {
        message: 'hi',
        link,
        linkText: 'Open',
        dialog: 'More',
      });
      expect([link, created.statusCode, created.json().link]).toEqual([link, 201, link]);
      const id = created.json().id;
      const updated = await t.request('PUT', `/api/admin/banners/${id}`, { message: 'hi', link });
      expect([link, updated.statusCode, updated.json().link]).toEqual([link, 200, link]);
      await t.request('DELETE', `/api/admin/banners/${id}`);
    }
  });

  it('refuses bad input with 400 and unknown ids with 404, writing no event', async () => {
    const before = await latestEventId(t.db);
    for (const body of [
      {},
      { message: '' },
      { message: 'x'.repeat(1001) },
      { message: 'hi', variant: 'purple' },
      { message: 'hi', link: 'javascript:alert(1)' },
      { message: 'hi', link: 'not a url' },
      // Another host, however spelled, is never a console path.
      { message: 'hi', link: '//evil.example.com/x' },
      { message: 'hi', link: '/\\evil.example.com/x' },
      { message: 'hi', link: 'Dialog' },
      { message: 'hi', extra: true },
    ]) {
      const response = await t.request('POST', '/api/admin/banners', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(['ValidationError', 'BadDataError']).toContain(response.json().name);
    }
    for (const [method, url] of [
      ['PUT', '/api/admin/banners/999999'],
      ['DELETE', '/api/admin/banners/999999'],
      ['POST', '/api/admin/banners/999999/on'],
      ['POST', '/api/admin/banners/999999/off'],
    ] as const) {
      const response = await t.request(method, url, method === 'PUT' ? { message: 'x' } : undefined);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().name).toBe('NotFoundError');
    }
    expect((await t.request('PUT', '/api/admin/banners/abc', { message: 'x' })).statusCode).toBe(400);
    expect(await eventsAfter(t.db, before)).toEqual([]);
  });

  it('needs UPDATE_INSTANCE_BANNERS to change them', async () => {
    const response = await viewer('POST', '/api/admin/banners', { message: 'nope' });
    expect(response.statusCode).toBe(403);
    expect((await as(t)('GET', '/api/admin/banners')).statusCode).toBe(401);
  });
});
