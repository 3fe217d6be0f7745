import { afterAll, describe, expect, it } from 'vitest';
import { createFlag } from '../../../../tests/helpers/flag-model';
import { as, createUser, login } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

/** Issue 24 part 4: a private project is seen by its members, groups with access and admins only. */
describe('private projects', async () => {
  const t = await createTestApp({ loginRateLimitPerMinute: 1000 });
  afterAll(() => t.close());
  const created = await t.request('POST', '/api/admin/projects', { id: 'secret', name: 'Secret' });
  expect(created.statusCode).toBe(201);
  await t.request('PUT', '/api/admin/projects/secret/settings', { mode: 'private' });
  await createFlag(t, 'secret-flag', 'secret');
  await createFlag(t, 'public-flag');
  const segment = await t.request('POST', '/api/admin/segments', {
    name: 'secret-segment',
    project: 'secret',
    constraints: [],
  });
  expect(segment.statusCode).toBe(201);
  await createUser(t, { username: 'outsider', rootRole: 'Editor' });
  const member = await createUser(t, { username: 'member', rootRole: 'Viewer' });
  const grouped = await createUser(t, { username: 'grouped', rootRole: 'Viewer' });
  await createUser(t, { username: 'boss', rootRole: 'Admin' });
  const group = (
    await t.request('POST', '/api/admin/groups', { name: 'Secret team', users: [{ user: { id: grouped } }] })
  ).json();
  await t.request('POST', '/api/admin/projects/secret/access', {
    roles: [5],
    users: [member],
    groups: [group.id],
  });

  const signedIn = async (username: string) => as(t, { cookie: await login(t, username) });

  async function sees(send: Awaited<ReturnType<typeof signedIn>>) {
    const projects = (await send('GET', '/api/admin/projects'))
      .json()
      .projects.map((p: { id: string }) => p.id);
    const overview = (await send('GET', '/api/admin/projects/secret/overview')).statusCode;
    const flags = (await send('GET', '/api/admin/projects/secret/features')).statusCode;
    const flag = (await send('GET', '/api/admin/projects/secret/features/secret-flag')).statusCode;
    const search = (await send('GET', '/api/admin/search/features?limit=100'))
      .json()
      .features.map((f: { name: string }) => f.name);
    const events = (await send('GET', '/api/admin/events'))
      .json()
      .events.map((e: { project: string | null }) => e.project);
    const searchedEvents = (await send('GET', '/api/admin/search/events?project=IS:secret')).json().total;
    const flagEvents = (await send('GET', '/api/admin/events/secret-flag')).statusCode;
    const segments = (await send('GET', '/api/admin/segments'))
      .json()
      .segments.map((s: { name: string }) => s.name);
    return {
      listed: projects.includes('secret'),
      overview,
      flags,
      flag,
      searched: search.includes('secret-flag'),
      otherFlagSearched: search.includes('public-flag'),
      eventsOfProject: events.includes('secret'),
      searchedEvents,
      flagEvents,
      segmentListed: segments.includes('secret-segment'),
    };
  }

  it('is invisible to a non-member, with 404s as for a missing project', async () => {
    const send = await signedIn('outsider');
    expect(await sees(send)).toEqual({
      listed: false,
      overview: 404,
      flags: 404,
      flag: 404,
      searched: false,
      otherFlagSearched: true,
      eventsOfProject: false,
      searchedEvents: 0,
      flagEvents: 404,
      segmentListed: false,
    });
    const answer = await send('GET', '/api/admin/projects/secret/overview');
    expect(answer.json()).toMatchObject({
      name: 'NotFoundError',
      message: 'Could not find project with id secret',
    });
    // Writing is refused the same way, never a 403 that would confirm the project exists.
    const write = await send('POST', '/api/admin/projects/secret/features', { name: 'sneaky' });
    expect(write.statusCode).toBe(404);
  });

  it.each(['member', 'grouped', 'boss'])('is visible to %s', async (username) => {
    const visible = await sees(await signedIn(username));
    expect(visible).toMatchObject({
      listed: true,
      overview: 200,
      flags: 200,
      flag: 200,
      searched: true,
      eventsOfProject: true,
      flagEvents: 200,
      segmentListed: true,
    });
    expect(visible.searchedEvents).toBeGreaterThan(0);
  });

  it('is visible to an admin API token', async () => {
    const projects = (await t.request('GET', '/api/admin/projects')).json().projects;
    expect(projects.map((p: { id: string }) => p.id)).toContain('secret');
    expect((await t.request('GET', '/api/admin/projects/secret/overview')).statusCode).toBe(200);
  });

  it('counts members as users plus group members, each once', async () => {
    const overview = (await t.request('GET', '/api/admin/projects/secret/overview')).json();
    expect(overview.members).toBe(2);
    const listed = (await t.request('GET', '/api/admin/projects')).json().projects;
    expect(listed.find((p: { id: string }) => p.id === 'secret').memberCount).toBe(2);
    // The member joins the group too: still counted once.
    const updated = await t.request('PUT', `/api/admin/groups/${group.id}`, {
      name: 'Secret team',
      users: [{ user: { id: grouped } }, { user: { id: member } }],
    });
    expect(updated.statusCode).toBe(200);
    const again = (await t.request('GET', '/api/admin/projects/secret/overview')).json();
    expect(again.members).toBe(2);
  });

  it('becomes visible to everyone when made open again', async () => {
    await t.request('PUT', '/api/admin/projects/secret/settings', { mode: 'open' });
    const visible = await sees(await signedIn('outsider'));
    expect(visible).toMatchObject({ listed: true, overview: 200, searched: true });
  });
});
