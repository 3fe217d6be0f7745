import { afterAll, describe, expect, it } from 'vitest';
import { createFlag } from '../../../../tests/helpers/flag-model';
import { as, createApiToken, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

/** Issue 33 §1: the getting-started checklist ticks itself from what the instance really holds. */
describe('GET /api/admin/getting-started', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());
  const progress = async () => {
    const response = await t.request('GET', '/api/admin/getting-started');
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('starts with nothing done: the default project and an admin token do not count', async () => {
    expect(await progress()).toEqual({
      steps: { project: false, flag: false, apiToken: false, sdk: false, change: false },
      flags: 0,
      changes: 0,
    });
  });

  it('ticks each step as the real thing happens', async () => {
    const project = await t.request('POST', '/api/admin/projects', { id: 'web', name: 'Web' });
    expect(project.statusCode).toBeLessThan(300);
    await createFlag(t, 'checkout', 'web');
    expect((await progress()).steps).toEqual({
      project: true,
      flag: true,
      apiToken: false,
      sdk: false,
      change: false,
    });

    await createApiToken(t, { type: 'backend', environment: 'development', projects: ['web'] });
    // What the buffered registration writes at its flush.
    await t.db.insertInto('client_applications').values({ app_name: 'shop', strategies: '[]' }).execute();
    const toggled = await t.request(
      'POST',
      '/api/admin/projects/web/features/checkout/environments/development/on',
    );
    expect(toggled.statusCode).toBe(200);
    const done = await progress();
    expect(done.steps).toEqual({ project: true, flag: true, apiToken: true, sdk: true, change: true });
    expect(done.flags).toBe(1);
    expect(done.changes).toBeGreaterThanOrEqual(1);
  });

  it('answers any signed-in user', async () => {
    await createUser(t, { username: 'viewer', rootRole: 'Viewer' });
    const response = await as(t, { cookie: await login(t, 'viewer') })('GET', '/api/admin/getting-started');
    expect(response.statusCode).toBe(200);
    expect(response.json().steps.flag).toBe(true);
  });
});
