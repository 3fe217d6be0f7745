import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, setUpReviewers } from '../../../../tests/helpers/change-requests';
import { createFlag } from '../../../../tests/helpers/flag-model';
import { as, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ChangeRequest, Notification } from '../../../contract';
import { inTransaction } from '../../db/transaction';
import { changeRequestScheduleJob } from '../change-requests';
import { markPotentiallyStaleFlags } from '../feature-toggles';
import { startScheduler } from '../scheduler';
import { notifyAdmins } from './index';
import { insertNotifications, NOTIFICATIONS_PER_USER } from './notification-store';

const P = '/api/admin/projects/default';
const HOUR = 3_600_000;

describe('notifications', () => {
  let t: TestApp;
  let send: Record<string, Send>;
  let ids: Record<string, number>;

  const inbox = (who: string) => expectStatus<Notification[]>(send[who]!, 'GET', '/api/admin/notifications');
  // The users are members of the project: flags created there reach them too (flag-notifications.db.test.ts).
  const requestsIn = async (who: string) =>
    (await inbox(who)).filter((n) => n.notificationType === 'change-request');
  const staleIn = async (who: string) =>
    (await inbox(who)).filter((n) => n.message.includes('potentially stale'));
  const inReview = async (author: string, flag: string) => {
    const draft = await expectStatus<ChangeRequest>(
      send[author]!,
      'POST',
      `${P}/environments/production/change-requests`,
      { feature: flag, action: 'updateEnabled', payload: { enabled: true } },
    );
    await expectStatus(send[author]!, 'PUT', `${P}/change-requests/${draft.id}/state`, {
      state: 'In review',
    });
    return draft.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000, schedulerPollIntervalMs: HOUR });
    // alice and bob may approve in production; carol is an Editor who may not.
    const reviewers = await setUpReviewers(t, [
      { username: 'alice' },
      { username: 'bob' },
      { username: 'carol', reviewer: false },
    ]);
    send = reviewers.send;
    ids = reviewers.ids;
    await createUser(t, { username: 'ada', rootRole: 'Admin' });
    send.ada = as(t, { cookie: await login(t, 'ada') });
    await createFlag(t, 'checkout');
  });
  afterAll(() => t.close());

  it('tells who may approve that a change request waits for their review, not its author nor others', async () => {
    const id = await inReview('alice', 'checkout');
    const [forBob] = await inbox('bob');
    expect(forBob).toMatchObject({
      notificationType: 'change-request',
      link: `/projects/default/change-requests/${id}`,
      readAt: null,
      createdBy: { username: 'alice' },
    });
    expect(forBob?.message).toMatch(/alice asks you to review change request #\d+ in default \/ production/);
    // Admins may approve anywhere: they are told too.
    expect((await requestsIn('ada')).map((n) => n.link)).toEqual([forBob?.link]);
    expect(await requestsIn('alice')).toEqual([]);
    expect(await requestsIn('carol')).toEqual([]);
    // Derived in the transaction of its event: it names that event.
    const row = await t.db
      .selectFrom('notifications')
      .select('event_id')
      .where('user_id', '=', ids.bob!)
      .where('notification_type', '=', 'change-request')
      .executeTakeFirstOrThrow();
    const event = await t.db
      .selectFrom('events')
      .select('type')
      .where('id', '=', row.event_id)
      .executeTakeFirstOrThrow();
    expect(event.type).toBe('change-request-sent-to-review');
  });

  it('marks the caller own notifications read, ignoring ids of others', async () => {
    const [forBob] = await inbox('bob');
    const [forAda] = await inbox('ada');
    await expectStatus(send.bob!, 'POST', '/api/admin/notifications/read', {
      notifications: [forBob!.id, forAda!.id],
    });
    expect((await inbox('bob'))[0]?.readAt).toEqual(expect.any(String));
    expect((await inbox('ada'))[0]?.readAt).toBeNull();
  });

  it('needs an identifiable user and refuses hostile bodies', async () => {
    const withToken = await t.request('GET', '/api/admin/notifications');
    expect(withToken.statusCode).toBe(403);
    expect(withToken.json().name).toBe('ForbiddenError');
    expect((await as(t)('GET', '/api/admin/notifications')).statusCode).toBe(401);
    const tooMany = Array.from({ length: 501 }, (_, index) => index + 1);
    for (const body of [{}, { notifications: 'all' }, { notifications: [-1] }, { notifications: tooMany }]) {
      const response = await send.bob!('POST', '/api/admin/notifications/read', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('tells the author and the scheduler when a scheduled change request fails', async () => {
    await createFlag(t, 'doomed');
    const id = await inReview('bob', 'doomed');
    await expectStatus(send.alice!, 'PUT', `${P}/change-requests/${id}/state`, { state: 'Approved' });
    await expectStatus(send.bob!, 'PUT', `${P}/change-requests/${id}/state`, {
      state: 'Scheduled',
      scheduledAt: new Date(Date.now() + HOUR).toISOString(),
    });
    expect((await t.request('DELETE', `${P}/features/doomed`)).statusCode).toBe(202);
    await sql`update change_request_schedule set scheduled_at = now() - interval '1 minute'
              where change_request_id = ${id}`.execute(t.db);
    const before = { alice: (await inbox('alice')).length, carol: (await inbox('carol')).length };

    const scheduler = startScheduler({
      db: t.db,
      kinds: [changeRequestScheduleJob],
      intervalMs: HOUR,
      logger: { warn: () => undefined, error: () => undefined },
    });
    // A tick in flight (the one at start) is awaited by tick(): the job has run after this.
    await scheduler.tick();
    await scheduler.stop();

    const failures = (await inbox('bob')).filter((n) => n.message.startsWith('Scheduled change request'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      notificationType: 'change-request',
      link: `/projects/default/change-requests/${id}`,
    });
    expect(failures[0]?.message).toMatch(/failed: .*doomed/);
    // Alice approved it and carol had no part: neither hears about the failure.
    expect((await inbox('alice')).length).toBe(before.alice);
    expect((await inbox('carol')).length).toBe(before.carol);
  });

  it('tells the creator of a flag once it becomes potentially stale, once', async () => {
    const created = await send.carol!('POST', `${P}/features`, { name: 'old-op', type: 'operational' });
    expect(created.statusCode, created.body).toBe(201);
    await createFlag(t, 'old-op-by-token', 'default', { type: 'operational' });
    await sql`update features set created_at = now() - interval '30 days'
              where name in ('old-op', 'old-op-by-token')`.execute(t.db);

    expect(await markPotentiallyStaleFlags(t.db)).toEqual(['old-op', 'old-op-by-token']);
    expect(await markPotentiallyStaleFlags(t.db)).toEqual([]);

    const toggles = await staleIn('carol');
    expect(toggles).toEqual([
      expect.objectContaining({
        link: '/projects/default/features/old-op',
        message: expect.stringContaining('old-op is potentially stale'),
      }),
    ]);
    for (const other of ['alice', 'bob', 'ada']) {
      expect(await staleIn(other)).toEqual([]);
    }
  });

  it('notifyAdmins tells every admin inside the caller transaction, and nothing when it rolls back', async () => {
    const notice = {
      kind: 'integration-paused',
      integrationId: 7,
      provider: 'webhook',
      reason: 'HTTP 500',
    } as const;
    await expect(
      inTransaction(t.db, async (trx) => {
        await notifyAdmins(trx, notice);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await inbox('ada')).filter((n) => n.notificationType === 'integration')).toEqual([]);

    const told = await inTransaction(t.db, (trx) => notifyAdmins(trx, notice));
    expect(told).toBeGreaterThanOrEqual(1);
    const [paused] = (await inbox('ada')).filter((n) => n.notificationType === 'integration');
    expect(paused).toMatchObject({ link: '/integrations/edit/7' });
    expect(paused?.message).toMatch(/webhook integration \(#7\) was paused: HTTP 500/);
    for (const other of ['alice', 'bob', 'carol']) {
      expect((await inbox(other)).filter((n) => n.notificationType === 'integration')).toEqual([]);
    }
  });

  it(`keeps each user's newest ${NOTIFICATIONS_PER_USER}`, async () => {
    const userId = ids.carol!;
    for (let index = 1; index <= NOTIFICATIONS_PER_USER + 5; index++) {
      await insertNotifications(t.db, [userId], {
        type: 'toggle',
        message: `bulk ${index}`,
        link: '/features',
        createdBy: { name: 'system', userId: null },
      });
    }
    const kept = await inbox('carol');
    expect(kept).toHaveLength(NOTIFICATIONS_PER_USER);
    expect(kept[0]?.message).toBe(`bulk ${NOTIFICATIONS_PER_USER + 5}`);
    expect(kept.at(-1)?.message).toBe('bulk 6');
    // Nobody else lost anything.
    expect((await inbox('bob')).length).toBeGreaterThan(0);
  });
});

describe('e-mail subscriptions', () => {
  let t: TestApp;
  let dee: Send;
  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
    await createUser(t, { username: 'dee', rootRole: 'Viewer' });
    dee = as(t, { cookie: await login(t, 'dee') });
  });
  afterAll(() => t.close());

  const subscriptions = async () => (await dee('GET', '/api/admin/user/profile')).json().subscriptions;

  it('starts subscribed, opts out and back in with 202 and user-preference-updated, once per change', async () => {
    expect(await subscriptions()).toEqual(['productivity-report']);
    expect((await dee('DELETE', '/api/admin/email-subscription/productivity-report')).statusCode).toBe(202);
    expect((await dee('DELETE', '/api/admin/email-subscription/productivity-report')).statusCode).toBe(202);
    expect(await subscriptions()).toEqual([]);
    expect((await dee('PUT', '/api/admin/email-subscription/productivity-report')).statusCode).toBe(202);
    expect(await subscriptions()).toEqual(['productivity-report']);
    const events = await t.db
      .selectFrom('events')
      .select(['data', 'created_by'])
      .where('type', '=', 'user-preference-updated')
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.data)).toEqual([
      { subscription: 'productivity-report', subscribed: false },
      { subscription: 'productivity-report', subscribed: true },
    ]);
  });

  it('answers 404 for an unknown subscription and 403 to an admin token', async () => {
    const unknown = await dee('PUT', '/api/admin/email-subscription/weekly-spam');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().name).toBe('NotFoundError');
    expect((await t.request('PUT', '/api/admin/email-subscription/productivity-report')).statusCode).toBe(
      403,
    );
  });
});
