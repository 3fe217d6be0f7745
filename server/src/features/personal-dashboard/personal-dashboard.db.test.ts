import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/helpers/flag-model';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { onboardingStatus } from './personal-dashboard-service';

describe('personal dashboard (issue 31 §5)', () => {
  let test: TestApp;
  let dana: ReturnType<typeof as>;
  let danaId: number;
  beforeAll(async () => {
    test = await createTestApp();
    await test.db
      .insertInto('projects')
      .values([
        { id: 'web', name: 'Web' },
        { id: 'quiet', name: 'Quiet' },
      ])
      .execute();
    danaId = await createUser(test, { username: 'dana', email: 'dana@example.com', rootRole: 'Editor' });
    await createUser(test, { username: 'root', email: 'root@example.com', rootRole: 'Admin' });
    const owner = await test.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'Owner')
      .executeTakeFirstOrThrow();
    await test.db
      .insertInto('role_user')
      .values({ user_id: danaId, role_id: owner.id, project: 'web' })
      .execute();
    dana = as(test, { cookie: await login(test, 'dana'), 'content-type': 'application/json' });
    // Dana creates a flag in web (evented), and favourites one in quiet created by someone else.
    expect((await dana('POST', '/api/admin/projects/web/features', { name: 'dana-flag' })).statusCode).toBe(
      201,
    );
    await call(test, 'POST', '/api/admin/projects/quiet/features', { name: 'quiet-flag' }, 201);
    expect((await dana('POST', '/api/admin/projects/quiet/features/quiet-flag/favorites')).statusCode).toBe(
      200,
    );
  });
  afterAll(async () => {
    await test.close();
  });

  it("shows the user's flags and projects, the admins and the project owners", async () => {
    const response = await dana('GET', '/api/admin/personal-dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.flags).toEqual([
      { name: 'dana-flag', project: 'web', type: 'release' },
      { name: 'quiet-flag', project: 'quiet', type: 'release' },
    ]);
    expect(body.projects).toEqual([
      { id: 'web', name: 'Web', health: 100, technicalDebt: 0, memberCount: 1, featureCount: 1 },
    ]);
    expect(body.admins).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'root', email: 'root@example.com' })]),
    );
    expect(body.projectOwners).toEqual([
      expect.objectContaining({ ownerType: 'user', name: 'dana', email: 'dana@example.com' }),
    ]);
  });

  it("details a project: insights, onboarding, latest events, owners and the user's roles", async () => {
    const response = await dana('GET', '/api/admin/personal-dashboard/web');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.insights).toEqual({
      avgHealthCurrentWindow: null,
      avgHealthPastWindow: null,
      totalFlags: 1,
      activeFlags: 1,
      staleFlags: 0,
      potentiallyStaleFlags: 0,
      health: 100,
      technicalDebt: 0,
    });
    expect(body.onboardingStatus).toEqual({ status: 'first-flag-created', feature: 'dana-flag' });
    expect(body.latestEvents[0]).toMatchObject({
      createdBy: 'dana',
      summary: expect.stringContaining('dana-flag'),
    });
    expect(body.owners).toEqual([expect.objectContaining({ ownerType: 'user', name: 'dana' })]);
    expect(body.roles).toEqual([{ id: expect.any(Number), name: 'Owner', type: 'project' }]);

    const quiet = (await dana('GET', '/api/admin/personal-dashboard/quiet')).json();
    expect(quiet.owners).toEqual([{ ownerType: 'system' }]);
    expect(quiet.roles).toEqual([]);
    expect((await dana('GET', '/api/admin/personal-dashboard/nope')).statusCode).toBe(404);
  });

  it('needs a person: an admin API token is refused', async () => {
    expect((await test.request('GET', '/api/admin/personal-dashboard')).statusCode).toBe(403);
  });

  it('names the onboarding steps in order', () => {
    const facts = { latestFlag: null, sdkRegistered: false, metricsReceived: false };
    expect(onboardingStatus(facts)).toEqual({ status: 'onboarding-started' });
    expect(onboardingStatus({ ...facts, latestFlag: 'f' })).toEqual({
      status: 'first-flag-created',
      feature: 'f',
    });
    expect(onboardingStatus({ ...facts, latestFlag: 'f', sdkRegistered: true })).toEqual({
      status: 'sdk-connected',
    });
    expect(onboardingStatus({ ...facts, latestFlag: 'f', metricsReceived: true })).toEqual({
      status: 'onboarded',
    });
  });
});
