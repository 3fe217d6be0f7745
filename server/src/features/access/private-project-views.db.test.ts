import { afterAll, describe, expect, it } from 'vitest';
import { createFlag } from '../../../../tests/helpers/flag-model';
import { as, createApiToken, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

/**
 * Issue 24 part 4, the views the first round missed: what an application reported, who wrote
 * events and the profile's projects leave a private project out for everyone who may not see it
 * (non-members, API tokens scoped elsewhere), and keep it for members and tokens scoped to it.
 */
describe('private projects in the application, event-creator and profile views', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());

  expect((await t.request('POST', '/api/admin/projects', { id: 'secret', name: 'Secret' })).statusCode).toBe(
    201,
  );
  await t.request('PUT', '/api/admin/projects/secret/settings', { mode: 'private' });
  await createUser(t, { username: 'outsider', rootRole: 'Editor' });
  const member = await createUser(t, { username: 'member', rootRole: 'Viewer' });
  // The only events this admin writes are in the private project: its name is private data too.
  await createUser(t, { username: 'secret-author', rootRole: 'Admin' });
  await t.request('POST', '/api/admin/projects/secret/access', { roles: [5], users: [member], groups: [] });
  const signedIn = async (username: string) => as(t, { cookie: await login(t, username) });
  const author = await signedIn('secret-author');
  expect(
    (await author('POST', '/api/admin/projects/secret/features', { name: 'secret-flag' })).statusCode,
  ).toBe(201);
  await createFlag(t, 'public-flag');

  // The web shop's SDK reported both flags, in both projects.
  await t.request('POST', '/api/admin/metrics/applications/shop', { description: 'Web shop' });
  await t.db
    .insertInto('client_metrics_env')
    .values(
      ['secret-flag', 'public-flag'].map((feature_name) => ({
        feature_name,
        app_name: 'shop',
        environment: 'development',
        timestamp: new Date(Date.now() - 60_000),
        yes: 3,
        no: 1,
      })),
    )
    .execute();
  await t.db
    .insertInto('client_applications_usage')
    .values(
      ['secret', 'default'].map((project) => ({ app_name: 'shop', project, environment: 'development' })),
    )
    .execute();

  /** What a caller learns of the private project from each view. */
  async function sees(send: Send) {
    const features = (await send('GET', '/api/admin/metrics/applications/shop/features')).json().features;
    const overview = (await send('GET', '/api/admin/metrics/applications/shop/overview')).json();
    const application = (await send('GET', '/api/admin/metrics/applications/shop')).json();
    const listed = (await send('GET', '/api/admin/metrics/applications')).json().applications;
    const raw = (await send('GET', '/api/admin/client-metrics/features/secret-flag/raw')).json();
    const usage = (await send('GET', '/api/admin/client-metrics/features/secret-flag')).json();
    const creators = (await send('GET', '/api/admin/event-creators')).json();
    const projectsOf = (app: { usage: Array<{ project: string }> }) => app.usage.map((u) => u.project);
    return {
      applicationFlags: features.map((feature: { name: string }) => feature.name),
      overviewProjects: overview.projects,
      overviewFlagCount: overview.featureCount,
      applicationProjects: projectsOf(application),
      listedProjects: projectsOf(listed.find((app: { appName: string }) => app.appName === 'shop')),
      rawMetricRows: raw.data.length,
      lastHourRows: usage.lastHourUsage.length,
      seenByApplications: usage.seenApplications,
      authorListed: creators.some((creator: { name: string }) => creator.name === 'secret-author'),
    };
  }

  const hidden = {
    applicationFlags: ['public-flag'],
    overviewProjects: ['default'],
    overviewFlagCount: 1,
    applicationProjects: ['default'],
    listedProjects: ['default'],
    rawMetricRows: 0,
    lastHourRows: 0,
    seenByApplications: [],
    authorListed: false,
  };
  const shown = {
    applicationFlags: ['public-flag', 'secret-flag'],
    overviewProjects: ['default', 'secret'],
    overviewFlagCount: 2,
    applicationProjects: ['default', 'secret'],
    listedProjects: ['default', 'secret'],
    rawMetricRows: 1,
    lastHourRows: 1,
    seenByApplications: ['shop'],
    authorListed: true,
  };

  it('is left out of every view for a non-member', async () => {
    expect(await sees(await signedIn('outsider'))).toEqual(hidden);
  });

  it('is in every view for a member and an admin', async () => {
    expect(await sees(await signedIn('member'))).toEqual(shown);
    expect(await sees(author)).toEqual(shown);
  });

  it('lists the project on the profile of a member only', async () => {
    const profileProjects = async (username: string) =>
      (await (await signedIn(username))('GET', '/api/admin/user/profile')).json().projects;
    expect(await profileProjects('member')).toEqual(['secret']);
    expect(await profileProjects('outsider')).toEqual([]);
  });

  it('gives a project-scoped token its own projects only', async () => {
    // Admin tokens come from configuration and span all projects; tokens made through the API are
    // client or frontend tokens bound to projects: none of these admin views answers them, and
    // their own API holds their projects' flags only.
    const clientOf = async (projects: string[]) =>
      as(t, {
        authorization: await createApiToken(t, {
          type: 'client',
          environment: 'development',
          projects,
          tokenName: `client-${projects.join('-')}`,
        }),
      });
    const elsewhere = await clientOf(['default']);
    const scoped = await clientOf(['secret']);
    for (const view of [
      '/api/admin/metrics/applications/shop/features',
      '/api/admin/metrics/applications/shop/overview',
      '/api/admin/event-creators',
      '/api/admin/client-metrics/features/secret-flag/raw',
    ]) {
      const answer = await elsewhere('GET', view);
      expect([view, answer.statusCode, answer.json().name]).toEqual([view, 403, 'ForbiddenError']);
    }
    const flagsOf = async (send: Send) =>
      (await send('GET', '/api/client/features')).json().features.map((flag: { name: string }) => flag.name);
    expect(await flagsOf(elsewhere)).toEqual(['public-flag']);
    expect(await flagsOf(scoped)).toEqual(['secret-flag']);
  });

  it('shows everything again once the project is open', async () => {
    await t.request('PUT', '/api/admin/projects/secret/settings', { mode: 'open' });
    expect(await sees(await signedIn('outsider'))).toEqual(shown);
  });
});
