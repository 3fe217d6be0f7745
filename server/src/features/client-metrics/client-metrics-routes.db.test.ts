import { afterAll, describe, expect, it } from 'vitest';
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

  it('refuses unknown fields and answers 404 for an unknown application', async () => {
    const bad = await t.request('POST', '/api/admin/metrics/applications/billing', { owner: 'x' });
    expect(bad.statusCode).toBe(400);
    expect((await t.request('GET', '/api/admin/metrics/applications/nope')).statusCode).toBe(404);
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
