import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlag } from '../../../../tests/helpers/flag-model';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { ADMIN_TOKEN_USER_ID } from '../../lib/caller';

describe('applications admin API', async () => {
  const t: TestApp = await createTestApp();
  afterAll(() => t.close());

  it('creates an application with its metadata and audits who did it', async () => {
    const created = await t.request('POST', '/api/admin/metrics/applications/billing', {
      description: 'Bills customers',
      url: 'https://billing.example',
      color: '#123456',
    });
    expect(created.statusCode).toBe(202);
    const read = await t.request('GET', '/api/admin/metrics/applications/billing');
    expect(read.json()).toMatchObject({
      appName: 'billing',
      description: 'Bills customers',
      url: 'https://billing.example',
      color: '#123456',
    });
    const event = await t.db
      .selectFrom('events')
      .select(['type', 'created_by_user_id'])
      .where('type', '=', 'application-created')
      .executeTakeFirstOrThrow();
    expect(event.created_by_user_id).toBe(ADMIN_TOKEN_USER_ID);
  });

  it('ignores unknown fields as Unleash 8.2 does (202) and answers 404 for an unknown application', async () => {
    const extra = await t.request('POST', '/api/admin/metrics/applications/ledger', {
      owner: 'x',
      description: 'Ledger',
    });
    expect(extra.statusCode).toBe(202);
    const [event] = await t.db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'application-created')
      .where(sql<boolean>`data->>'appName' = 'ledger'`)
      .execute();
    expect(event?.data).toEqual({ appName: 'ledger', description: 'Ledger' });
    expect((await t.request('GET', '/api/admin/metrics/applications/nope')).statusCode).toBe(404);
  });

  it('lists the flags an application reported, with their project, environments and latest hour', async () => {
    await t.request('POST', '/api/admin/metrics/applications/shop', { description: 'Web shop' });
    await createFlag(t, 'cart-v2');
    const hour = (iso: string) => new Date(iso);
    await t.db
      .insertInto('client_metrics_env')
      .values([
        {
          feature_name: 'cart-v2',
          app_name: 'shop',
          environment: 'production',
          timestamp: hour('2026-11-22T09:00:00Z'),
          yes: 1,
          no: 0,
        },
        {
          feature_name: 'cart-v2',
          app_name: 'shop',
          environment: 'development',
          timestamp: hour('2026-11-22T10:00:00Z'),
          yes: 2,
          no: 1,
        },
        {
          feature_name: 'gone-flag',
          app_name: 'shop',
          environment: 'development',
          timestamp: hour('2026-11-22T08:00:00Z'),
          yes: 0,
          no: 4,
        },
        {
          feature_name: 'cart-v2',
          app_name: 'other-app',
          environment: 'production',
          timestamp: hour('2026-11-22T11:00:00Z'),
          yes: 1,
          no: 0,
        },
      ])
      .execute();
    const response = await t.request('GET', '/api/admin/metrics/applications/shop/features');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      features: [
        {
          name: 'cart-v2',
          project: 'default',
          environments: ['development', 'production'],
          lastSeen: '2026-11-22T10:00:00.000Z',
        },
        {
          name: 'gone-flag',
          project: null,
          environments: ['development'],
          lastSeen: '2026-11-22T08:00:00.000Z',
        },
      ],
    });
    expect((await t.request('GET', '/api/admin/metrics/applications/nope/features')).statusCode).toBe(404);
  });

  it("fills each environment's yes/no with the last hour's metrics on the flag view and in search, as Unleash 8.2", async () => {
    await createFlag(t, 'usage-flag');
    const ago = (minutes: number) => {
      const at = new Date(Date.now() - minutes * 60_000);
      at.setUTCMinutes(0, 0, 0);
      return at;
    };
    const row = (app: string, environment: string, timestamp: Date, yes: number, no: number) => ({
      feature_name: 'usage-flag',
      app_name: app,
      environment,
      timestamp,
      yes,
      no,
    });
    // The current hour counts (two apps add up); an hour that started over an hour ago does not.
    await t.db
      .insertInto('client_metrics_env')
      .values([
        row('shop', 'development', ago(0), 7, 3),
        row('admin', 'development', ago(0), 1, 1),
        row('shop', 'development', ago(180), 50, 50),
        row('shop', 'production', ago(120), 9, 9),
      ])
      .execute();
    const view = await t.request('GET', '/api/admin/projects/default/features/usage-flag');
    const usage = (environments: Array<{ name: string; yes?: number; no?: number }>) =>
      Object.fromEntries(
        environments.map((environment) => [environment.name, [environment.yes, environment.no]]),
      );
    expect(usage(view.json().environments)).toEqual({ development: [8, 4], production: [0, 0] });
    const search = await t.request('GET', '/api/admin/search/features?query=usage-flag');
    expect(usage(search.json().features[0].environments)).toEqual({
      development: [8, 4],
      production: [0, 0],
    });
  });

  it('deletes an application and records the deletion', async () => {
    expect((await t.request('DELETE', '/api/admin/metrics/applications/billing')).statusCode).toBe(200);
    expect((await t.request('GET', '/api/admin/metrics/applications/billing')).statusCode).toBe(404);
    const event = await t.db
      .selectFrom('events')
      .select(['created_by_user_id', 'pre_data'])
      .where('type', '=', 'application-deleted')
      .executeTakeFirstOrThrow();
    expect(event.created_by_user_id).toBe(ADMIN_TOKEN_USER_ID);
    expect(event.pre_data).toMatchObject({ application: { appName: 'billing' } });
  });
});
