import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, setUpReviewers } from '../../../../tests/helpers/change-requests';
import { createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import type { Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type {
  ChangeRequest,
  ChangeRequestListItem,
  ChangeRequestReviewer,
  ChangeRequestSearchResponse,
} from '../../../contract';

const P = '/api/admin/projects/default';
const HOUR = 3_600_000;

/** The list, count, pending, actionable, scheduled, reviewer, comment, title and search endpoints. */
describe('change-request lists and collaboration', () => {
  let t: TestApp;
  let alice: Send;
  let bob: Send;
  let viewer: Send;
  let aliceId: number;
  let bobId: number;
  let vicId: number;
  /** Alice's request in review, with a strategy change; Bob's approved one; Alice's draft (development). */
  let inReview: ChangeRequest;
  let approved: ChangeRequest;
  let aliceDraft: ChangeRequest;
  let strategyId: string;

  const ok = <T>(send: Send, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, status = 200) =>
    expectStatus<T>(send, method, url, body, status);
  const draft = (send: Send, change: object) =>
    ok<ChangeRequest>(send, 'POST', `${P}/environments/production/change-requests`, change);
  const state = (send: Send, id: number, body: object) =>
    ok<ChangeRequest>(send, 'PUT', `${P}/change-requests/${id}/state`, body);

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000, schedulerPollIntervalMs: HOUR });
    const reviewers = await setUpReviewers(t, [
      { username: 'alice', email: 'alice@example.com' },
      { username: 'bob', email: 'bob@example.com' },
      { username: 'vic', rootRole: 'Viewer', reviewer: false },
    ]);
    aliceId = reviewers.ids.alice!;
    bobId = reviewers.ids.bob!;
    alice = reviewers.send.alice!;
    bob = reviewers.send.bob!;
    vicId = reviewers.ids.vic!;
    viewer = reviewers.send.vic!;
    await createFlag(t, 'list-flag');
    await createFlag(t, 'other-flag');
    const strategy = await t.request(
      'POST',
      '/api/admin/projects/default/features/list-flag/environments/production/strategies',
      {
        name: 'default',
        parameters: {},
        constraints: [],
      },
    );
    expect(strategy.statusCode, strategy.body).toBe(200);
    strategyId = strategy.json().id;

    const first = await draft(alice, {
      feature: 'list-flag',
      action: 'updateStrategy',
      payload: { id: strategyId, name: 'default', parameters: {}, constraints: [] },
    });
    inReview = await state(alice, first.id, { state: 'In review' });
    const second = await draft(bob, {
      feature: 'other-flag',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    await state(bob, second.id, { state: 'In review' });
    approved = await state(alice, second.id, { state: 'Approved' });
    // Alice's later change in production would join her request in review (issue 31 §2): her
    // draft is in development.
    const config = await t.request('PUT', `${P}/environments/development/change-requests/config`, {
      changeRequestsEnabled: true,
    });
    expect(config.statusCode, config.body).toBe(200);
    aliceDraft = await ok<ChangeRequest>(alice, 'POST', `${P}/environments/development/change-requests`, {
      feature: 'list-flag',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the project newest first, each caller seeing only their own drafts, and counts by state', async () => {
    const forAlice = await ok<ChangeRequestListItem[]>(alice, 'GET', `${P}/change-requests`);
    expect(forAlice.map((item) => [item.id, item.state])).toEqual([
      [aliceDraft.id, 'Draft'],
      [approved.id, 'Approved'],
      [inReview.id, 'In review'],
    ]);
    const forBob = await ok<ChangeRequestListItem[]>(bob, 'GET', `${P}/change-requests`);
    expect(forBob.map((item) => item.id)).toEqual([approved.id, inReview.id]);
    expect(await ok(viewer, 'GET', `${P}/change-requests/count`)).toEqual({
      total: 2,
      applied: 0,
      rejected: 0,
      reviewRequired: 1,
      approved: 1,
      scheduled: 0,
    });
  });

  it('caps the project list at the newest 300 of 305', async () => {
    expect((await t.request('POST', '/api/admin/projects', { id: 'bulk', name: 'Bulk' })).statusCode).toBe(
      201,
    );
    await sql`insert into change_requests (project, environment, state, created_by, author_key, created_at)
      select 'bulk', 'production', 'Applied', 'seed', 'name:seed', now() - make_interval(secs => 1000 - g)
      from generate_series(1, 305) g`.execute(t.db);
    const list = await ok<ChangeRequestListItem[]>(alice, 'GET', '/api/admin/projects/bulk/change-requests');
    expect(list).toHaveLength(300);
    const ids = list.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const newest = await t.db
      .selectFrom('change_requests')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('project', '=', 'bulk')
      .executeTakeFirstOrThrow();
    expect(ids[0]).toBe(newest.id);
    expect(
      await ok<{ total: number; applied: number }>(
        alice,
        'GET',
        '/api/admin/projects/bulk/change-requests/count',
      ),
    ).toMatchObject({ total: 305, applied: 305 });
  });

  it('answers pending per author and per flag, and what each caller can act on', async () => {
    const pending = await ok<ChangeRequestListItem[]>(alice, 'GET', `${P}/change-requests/pending`);
    expect(pending.map((item) => item.id)).toEqual([aliceDraft.id, inReview.id]);
    const forFlag = await ok<ChangeRequestListItem[]>(bob, 'GET', `${P}/change-requests/pending/list-flag`);
    expect(forFlag.map((item) => item.id)).toEqual([inReview.id]);
    expect(await ok(bob, 'GET', `${P}/change-requests/pending/no-such-flag`)).toEqual([]);
    // Bob may approve Alice's request and apply the approved one; Alice may apply the approved one only.
    expect(await ok(bob, 'GET', `${P}/change-requests/actionable`)).toEqual({ total: 2 });
    expect(await ok(alice, 'GET', `${P}/change-requests/actionable`)).toEqual({ total: 1 });
    expect(await ok(viewer, 'GET', `${P}/change-requests/actionable`)).toEqual({ total: 0 });
  });

  it('finds scheduled requests touching a flag or a strategy', async () => {
    await state(alice, approved.id, {
      state: 'Scheduled',
      scheduledAt: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(await ok(alice, 'GET', `${P}/change-requests/scheduled?feature=other-flag`)).toEqual([
      { id: approved.id, environment: 'production' },
    ]);
    expect(await ok(alice, 'GET', `${P}/change-requests/scheduled?feature=list-flag`)).toEqual([]);
    expect(await ok(alice, 'GET', `${P}/change-requests/scheduled?strategyId=${strategyId}`)).toEqual([]);
    expect((await alice('GET', `${P}/change-requests/scheduled?feature=${'x'.repeat(300)}`)).statusCode).toBe(
      400,
    );
  });

  it('lists available reviewers: the users holding APPROVE_CHANGE_REQUEST in the environment', async () => {
    const { reviewers } = await ok<{ reviewers: ChangeRequestReviewer[] }>(
      alice,
      'GET',
      `${P}/change-requests/available-reviewers/production`,
    );
    const ids = reviewers.map((reviewer) => reviewer.id);
    expect(ids).toEqual(expect.arrayContaining([aliceId, bobId]));
    expect(ids).not.toContain(vicId);
    expect(reviewers.find((reviewer) => reviewer.id === bobId)).toMatchObject({
      email: 'bob@example.com',
      username: 'bob',
    });
    // Development grants no approval to the custom role: only admins remain.
    const development = await ok<{ reviewers: ChangeRequestReviewer[] }>(
      alice,
      'GET',
      `${P}/change-requests/available-reviewers/development`,
    );
    expect(development.reviewers.map((reviewer) => reviewer.id)).not.toContain(bobId);
  });

  it('sets the requested approvers (author only, at most 10, existing users) with an event', async () => {
    const url = `${P}/change-requests/${inReview.id}/approvers`;
    const before = await latestEventId(t.db);
    await ok(alice, 'PUT', url, { reviewers: [bobId, bobId, vicId] }, 204);
    const { reviewers } = await ok<{ reviewers: ChangeRequestReviewer[] }>(bob, 'GET', url);
    expect(reviewers.map((reviewer) => reviewer.id)).toEqual([bobId, vicId].sort((a, b) => a - b));
    const events = await eventsAfter(t.db, before);
    expect(events.map((event) => event.type)).toEqual(['change-request-requested-approvers-updated']);
    expect(events[0]?.data).toMatchObject({
      changeRequestId: inReview.id,
      reviewers: [bobId, vicId].sort((a, b) => a - b),
    });

    expect((await bob('PUT', url, { reviewers: [aliceId] })).statusCode).toBe(403);
    const eleven = Array.from({ length: 11 }, (_, i) => 1000 + i);
    expect((await alice('PUT', url, { reviewers: eleven })).json()).toMatchObject({ name: 'BadDataError' });
    expect((await alice('PUT', url, { reviewers: [999_999] })).statusCode).toBe(400);
    expect((await alice('PUT', url, { reviewers: [2_147_483_648] })).statusCode).toBe(400);
    expect((await alice('PUT', url, { reviewers: 'bob' })).statusCode).toBe(400);
    // Refusals wrote nothing.
    expect((await eventsAfter(t.db, before)).length).toBe(1);
  });

  it('adds comments (bounded, with an event) and retitles (author only)', async () => {
    const base = `${P}/change-requests/${inReview.id}`;
    const before = await latestEventId(t.db);
    await ok(bob, 'POST', `${base}/comments`, { text: 'Looks right to me' }, 204);
    await ok(alice, 'PUT', `${base}/title`, { title: 'Tune the default strategy' }, 204);
    const read = await ok<ChangeRequest>(bob, 'GET', base);
    expect(read.comments?.map((comment) => [comment.text, comment.createdBy.username])).toEqual([
      ['Looks right to me', 'bob'],
    ]);
    expect(read.title).toBe('Tune the default strategy');
    expect((await eventsAfter(t.db, before)).map((event) => event.type)).toEqual([
      'change-request-comment-added',
      'change-request-title-updated',
    ]);

    expect((await bob('PUT', `${base}/title`, { title: 'Mine now' })).statusCode).toBe(403);
    const hostile: Array<[Send, 'POST' | 'PUT', string, unknown]> = [
      [bob, 'POST', `${base}/comments`, { text: '' }],
      [bob, 'POST', `${base}/comments`, { text: 'x'.repeat(10_001) }],
      [bob, 'POST', `${base}/comments`, { text: 'nul \u0000 byte' }],
      [bob, 'POST', `${base}/comments`, { text: null }],
      [bob, 'POST', `${P}/change-requests/2147483648/comments`, { text: 'overflow' }],
      [bob, 'POST', `${P}/change-requests/-1/comments`, { text: 'negative' }],
      [alice, 'PUT', `${base}/title`, { title: 't'.repeat(256) }],
    ];
    for (const [send, method, url, body] of hostile) {
      const response = await send(method, url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
    }
    // Another author's draft and another project's request are not found.
    expect(
      (await bob('POST', `${P}/change-requests/${aliceDraft.id}/comments`, { text: 'peek' })).statusCode,
    ).toBe(404);
    expect(
      (
        await bob('POST', `/api/admin/projects/bulk/change-requests/${inReview.id}/comments`, {
          text: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await bob('POST', `${P}/change-requests/2147483647/comments`, { text: 'nobody' })).statusCode,
    ).toBe(404);
    expect((await eventsAfter(t.db, before)).length).toBe(2);
  });

  it('searches by author, requested approver and state, one bounded page with the total', async () => {
    const search = (send: Send, query: string) =>
      ok<ChangeRequestSearchResponse>(send, 'GET', `/api/admin/search/change-requests?${query}`);
    const byAlice = await search(alice, `createdBy=IS:${aliceId}`);
    expect(byAlice.changeRequests.map((item) => item.id)).toEqual([aliceDraft.id, inReview.id]);
    expect(byAlice.total).toBe(2);
    expect(byAlice.changeRequests[1]).toMatchObject({
      project: 'default',
      features: ['list-flag'],
      segments: [],
    });
    // Bob does not see Alice's draft.
    expect((await search(bob, `createdBy=IS:${aliceId}`)).changeRequests.map((item) => item.id)).toEqual([
      inReview.id,
    ]);
    expect(
      (await search(bob, `requestedApproverId=IS:${vicId}`)).changeRequests.map((item) => item.id),
    ).toEqual([inReview.id]);
    const scheduled = await search(bob, 'state=IS_ANY_OF:Scheduled,Approved');
    expect(scheduled.changeRequests.map((item) => [item.id, item.schedule?.status])).toEqual([
      [approved.id, 'pending'],
    ]);
    const page = await search(bob, 'state=IS:Applied&limit=10&offset=5');
    expect(page.total).toBe(305);
    expect(page.changeRequests).toHaveLength(10);
    expect((await search(bob, 'limit=100000')).changeRequests.length).toBeLessThanOrEqual(1000);
    for (const bad of [
      'createdBy=IS:abc',
      'createdBy=IS:99999999999',
      'state=IS:Sideways',
      'state=INCLUDE:Draft',
      `state=${'x'.repeat(1001)}`,
    ]) {
      expect((await alice('GET', `/api/admin/search/change-requests?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('keeps private projects out of search and lists for outsiders', async () => {
    expect(
      (await t.request('POST', '/api/admin/projects', { id: 'secret', name: 'Secret' })).statusCode,
    ).toBe(201);
    await t.request('PUT', '/api/admin/projects/secret/settings', { mode: 'private' });
    await sql`insert into change_requests (project, environment, state, created_by, author_key)
      values ('secret', 'production', 'In review', 'seed', 'name:seed')`.execute(t.db);
    const outsider = await ok<ChangeRequestSearchResponse>(
      alice,
      'GET',
      '/api/admin/search/change-requests?state=IS:In%20review',
    );
    expect(outsider.changeRequests.map((item) => item.project)).toEqual(['default']);
    const admin = await ok<ChangeRequestSearchResponse>(
      t.request,
      'GET',
      '/api/admin/search/change-requests?state=IS:In%20review',
    );
    expect(admin.changeRequests.map((item) => item.project).sort()).toEqual(['default', 'secret']);
    expect((await alice('GET', '/api/admin/projects/secret/change-requests')).statusCode).toBe(404);
    expect((await alice('GET', '/api/admin/projects/secret/change-requests/count')).statusCode).toBe(404);
  });
});
