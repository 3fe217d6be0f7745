import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createPat, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { FeedbackResponse, ProvidedFeedback } from '../../../contract';
import { PROVIDED_FEEDBACK_KEPT } from './feedback-store';

describe('feedback', () => {
  let t: TestApp;
  let editor: Send;
  let editorId: number;
  let viaPat: Send;
  let admin: Send;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
    editorId = await createUser(t, { username: 'ed', rootRole: 'Editor' });
    const cookie = await login(t, 'ed');
    editor = as(t, { cookie });
    viaPat = as(t, { authorization: await createPat(t, cookie) });
    await createUser(t, { username: 'root', rootRole: 'Admin' });
    admin = as(t, { cookie: await login(t, 'root') });
  });
  afterAll(() => t.close());

  it('records that a user answered a survey, shown in GET /api/admin/user', async () => {
    const response = await editor('POST', '/api/admin/feedback', { feedbackId: 'pnps' });
    expect(response.statusCode, response.body).toBe(200);
    const answer: FeedbackResponse = response.json();
    expect(answer).toEqual({
      userId: editorId,
      feedbackId: 'pnps',
      neverShow: false,
      given: expect.any(String),
    });
    const me = (await editor('GET', '/api/admin/user')).json();
    expect(me.feedback).toEqual([answer]);
  });

  it('updates neverShow and keeps `given` unless told (a personal access token is a user too)', async () => {
    const first = (
      await editor('POST', '/api/admin/feedback', { feedbackId: 'survey-2', neverShow: false })
    ).json();
    const updated = await viaPat('PUT', '/api/admin/feedback/survey-2', { neverShow: true });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ ...first, neverShow: true });
    const cleared = (
      await editor('PUT', '/api/admin/feedback/survey-2', { neverShow: true, given: null })
    ).json();
    expect(cleared).toMatchObject({ neverShow: true, given: null });
    // A survey never answered: declining it creates the record.
    const declined = (await editor('PUT', '/api/admin/feedback/never-seen', { neverShow: true })).json();
    expect(declined).toEqual({ userId: editorId, feedbackId: 'never-seen', neverShow: true, given: null });
  });

  it('needs an identifiable user: an admin API token is refused, no credentials is 401', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/feedback'],
      ['PUT', '/api/admin/feedback/pnps'],
    ] as const) {
      const withToken = await t.request(method, url, { feedbackId: 'pnps', neverShow: true });
      expect(withToken.statusCode).toBe(403);
      expect(withToken.json().name).toBe('ForbiddenError');
      expect(withToken.json().message).toMatch(/identifiable user/);
      expect((await as(t)(method, url, { feedbackId: 'pnps' })).statusCode).toBe(401);
    }
  });

  it('refuses a missing or hostile feedbackId and bodies of the wrong shape with 400', async () => {
    for (const body of [{}, { feedbackId: '' }, { feedbackId: 'x'.repeat(101) }, { feedbackId: { a: 1 } }]) {
      const response = await editor('POST', '/api/admin/feedback', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await editor('PUT', '/api/admin/feedback/pnps', { given: 'yesterday' })).statusCode).toBe(400);
    expect(
      (await editor('PUT', `/api/admin/feedback/${'y'.repeat(101)}`, { neverShow: true })).statusCode,
    ).toBe(400);
  });

  it('takes public feedback without credentials and lists it to admins only, newest first', async () => {
    const post = (body: unknown) => as(t, { 'content-type': 'application/json' })('POST', '/feedback', body);
    const first = await post({ category: 'general', positive: 'Fast', difficultyScore: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      category: 'general',
      positive: 'Fast',
      difficultyScore: 2,
      userType: null,
      areasForImprovement: null,
    });
    await post({ category: 'onboarding', areasForImprovement: 'More docs' });
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ category: 'x', positive: 'p'.repeat(10_001) })).statusCode).toBe(400);

    const list = await admin('GET', '/api/admin/feedback');
    expect(list.statusCode).toBe(200);
    expect((list.json() as ProvidedFeedback[]).map((entry) => entry.category)).toEqual([
      'onboarding',
      'general',
    ]);
    expect((await t.request('GET', '/api/admin/feedback')).statusCode).toBe(200);
    expect((await editor('GET', '/api/admin/feedback')).statusCode).toBe(403);
  });

  it(`keeps the newest ${PROVIDED_FEEDBACK_KEPT} public entries`, async () => {
    await t.db
      .insertInto('provided_feedback')
      .values(Array.from({ length: PROVIDED_FEEDBACK_KEPT }, (_, index) => ({ category: `bulk-${index}` })))
      .execute();
    const response = await as(t)('POST', '/feedback', { category: 'latest' });
    expect(response.statusCode).toBe(200);
    const count = await t.db
      .selectFrom('provided_feedback')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(PROVIDED_FEEDBACK_KEPT);
    expect(((await admin('GET', '/api/admin/feedback')).json() as ProvidedFeedback[])[0]?.category).toBe(
      'latest',
    );
  });
});
