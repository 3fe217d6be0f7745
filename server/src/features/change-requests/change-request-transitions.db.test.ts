import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, setUpReviewers } from '../../../../tests/helpers/change-requests';
import { call, createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ChangeRequest } from '../../../contract';
import type { Caller } from '../../lib/caller';
import { applyChangeRequest } from './change-request-apply';
import { changeRequestScheduleJob } from './change-request-schedule';
import { updateChangeRequestState } from './change-request-transitions';

const P = '/api/admin/projects/default';

describe('change requests: scheduling, rejection, cancellation, segments and archive', () => {
  let t: TestApp;
  let alice: Send;
  let bob: Send;
  let vic: Send;
  let admin: Send;
  let bobCaller: Caller;
  let bobId: number;

  const draft = (send: Send, body: unknown) =>
    expectStatus<ChangeRequest>(send, 'POST', `${P}/environments/production/change-requests`, body);
  const state = (send: Send, id: number, body: object, status = 200) =>
    expectStatus<ChangeRequest>(send, 'PUT', `${P}/change-requests/${id}/state`, body, status);
  async function approved(body: unknown): Promise<number> {
    const request = await draft(alice, body);
    await state(alice, request.id, { state: 'In review' });
    expect((await state(bob, request.id, { state: 'Approved' })).state).toBe('Approved');
    return request.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
    // Bob reviews (approve and apply in production); change requests are on there.
    const reviewers = await setUpReviewers(t, [
      { username: 'alice', reviewer: false },
      { username: 'bob' },
      { username: 'vic', reviewer: false },
    ]);
    alice = reviewers.send.alice!;
    bob = reviewers.send.bob!;
    vic = reviewers.send.vic!;
    await createUser(t, { username: 'ada', rootRole: 'Admin' });
    admin = as(t, { cookie: await login(t, 'ada') });
    bobId = reviewers.ids.bob!;
    // The caller the guard resolves for bob, for calling the transition service directly.
    bobCaller = {
      kind: 'user',
      id: bobId,
      username: 'bob',
      name: null,
      email: null,
      isService: false,
      via: 'session',
      grants: {
        admin: false,
        root: new Set(),
        projects: new Map([
          [
            'default',
            {
              permissions: new Set(),
              environments: new Map([
                ['production', new Set(['APPROVE_CHANGE_REQUEST', 'APPLY_CHANGE_REQUEST'])],
              ]),
            },
          ],
        ]),
      },
    } as unknown as Caller;
    await createFlag(t, 'sched-flag');
    await createFlag(t, 'archive-me');
  });
  afterAll(async () => {
    await t.close();
  });

  it('schedules an approved request (row stored, listener told after commit), reschedules, then applies it', async () => {
    const id = await approved({ feature: 'sched-flag', action: 'updateEnabled', payload: { enabled: true } });
    const heard: Array<{ changeRequestId: number; scheduledAt: Date }> = [];
    const at = new Date(Date.now() + 3_600_000);
    await updateChangeRequestState(t.db, {
      project: 'default',
      id,
      body: { state: 'Scheduled', scheduledAt: at.toISOString() },
      caller: bobCaller,
      actor: { name: 'bob', userId: bobId },
      onScheduled: (event) => heard.push(event),
    });
    expect(heard).toEqual([{ changeRequestId: id, scheduledAt: at }]);
    const scheduled = await state(bob, id, {
      state: 'Scheduled',
      scheduledAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    expect(scheduled.state).toBe('Scheduled');
    expect(scheduled.schedule).toMatchObject({ status: 'pending' });
    expect(new Date(scheduled.schedule?.scheduledAt ?? 0).getTime()).toBeGreaterThan(at.getTime());
    // A schedule in the past is refused.
    await state(bob, id, { state: 'Scheduled', scheduledAt: new Date(Date.now() - 1000).toISOString() }, 400);
    // The scheduler applies through applyChangeRequest with the author's or scheduler's actor.
    const before = await latestEventId(t.db);
    await applyChangeRequest(t.db, id, { name: 'bob', userId: bobId });
    const types = (await eventsAfter(t.db, before)).map((event) => event.type);
    // Enabling a flag without strategies adds the default one, as the direct API does.
    expect(types).toEqual(['feature-strategy-add', 'feature-environment-enabled', 'change-request-applied']);
    const read = await call<ChangeRequest>(t, 'GET', `${P}/change-requests/${id}`, undefined, 200);
    expect(read.state).toBe('Applied');
    expect(read.schedule).toBeUndefined();
    await expect(applyChangeRequest(t.db, id, { name: 'bob', userId: bobId })).rejects.toMatchObject({
      errorName: 'ConflictError',
    });
  });

  it('rejects with a comment (by a reviewer only) and cancels (by the author only)', async () => {
    const rejected = await approved({
      feature: 'sched-flag',
      action: 'updateEnabled',
      payload: { enabled: false },
    });
    await state(alice, rejected, { state: 'Rejected', comment: 'mine' }, 403);
    const done = await state(bob, rejected, { state: 'Rejected', comment: 'not now' });
    expect(done.state).toBe('Rejected');
    expect(done.rejections?.map((r) => r.createdBy.username)).toEqual(['bob']);
    expect(done.comments?.map((c) => c.text)).toEqual(['not now']);
    await state(alice, rejected, { state: 'Cancelled' }, 409);

    const cancelled = await draft(alice, {
      feature: 'sched-flag',
      action: 'updateEnabled',
      payload: { enabled: false },
    });
    const refused = await bob('PUT', `${P}/change-requests/${cancelled.id}/state`, { state: 'Cancelled' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().name).toBe('NoAccessError');
    expect((await state(alice, cancelled.id, { state: 'Cancelled' })).state).toBe('Cancelled');
    await state(alice, cancelled.id, { state: 'In review' }, 409);
  });

  it('lets the author reject a scheduled request: its schedule is gone and never applies', async () => {
    const id = await approved({ feature: 'sched-flag', action: 'updateEnabled', payload: { enabled: true } });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await state(bob, id, { state: 'Scheduled', scheduledAt: at });
    // Vic holds no approve permission and is not the author.
    await state(vic, id, { state: 'Rejected' }, 403);
    const before = await latestEventId(t.db);
    // Alice, the author, holds no APPROVE_CHANGE_REQUEST: she rejects to stop the schedule.
    const rejected = await state(alice, id, { state: 'Rejected', comment: 'not this week' });
    expect(rejected.state).toBe('Rejected');
    expect(rejected.schedule).toBeUndefined();
    expect(rejected.rejections?.map((r) => r.createdBy.username)).toEqual(['alice']);
    const events = await eventsAfter(t.db, before);
    expect(events.map((event) => [event.type, event.createdBy])).toEqual([
      ['change-request-rejected', 'alice'],
    ]);
    const schedules = await t.db
      .selectFrom('change_request_schedule')
      .select('change_request_id')
      .where('change_request_id', '=', id)
      .execute();
    expect(schedules).toEqual([]);
    // Even made due, nothing is left for the scheduler to claim.
    const due = await t.db.transaction().execute((trx) => changeRequestScheduleJob.claimDue(trx, 100));
    expect(due.map((row) => row.changeRequestId)).not.toContain(id);
    await state(bob, id, { state: 'Scheduled', scheduledAt: at }, 409);
  });

  it('lets an admin approve and apply their own request; an author who is not an admin still cannot', async () => {
    // Unleash docs, "Change request permissions": admins see the change-request flow, but they can
    // approve and apply their own changes.
    const own = await draft(admin, {
      feature: 'sched-flag',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    await state(admin, own.id, { state: 'In review' });
    expect((await state(admin, own.id, { state: 'Approved' })).state).toBe('Approved');
    expect((await state(admin, own.id, { state: 'Applied' })).state).toBe('Applied');

    const bobs = await draft(bob, {
      feature: 'sched-flag',
      action: 'updateEnabled',
      payload: { enabled: false },
    });
    await state(bob, bobs.id, { state: 'In review' });
    // Bob may approve in production, but not a request he authored.
    const refused = await bob('PUT', `${P}/change-requests/${bobs.id}/state`, { state: 'Approved' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().name).toBe('NoAccessError');
  });

  it('lets an admin reject a scheduled request of someone else', async () => {
    const id = await approved({
      feature: 'sched-flag',
      action: 'updateEnabled',
      payload: { enabled: false },
    });
    await state(bob, id, { state: 'Scheduled', scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    const rejected = await state(admin, id, { state: 'Rejected' });
    expect(rejected.state).toBe('Rejected');
    expect(rejected.schedule).toBeUndefined();
  });

  it('governs segments used in the environment and archiving, through change requests', async () => {
    const segment = await call<{ id: number }>(
      t,
      'POST',
      '/api/admin/segments',
      { name: 'cr-seg', constraints: [] },
      201,
    );
    await call(
      t,
      'POST',
      `${P}/features/sched-flag/environments/production/strategies`,
      { name: 'default', segments: [segment.id] },
      200,
    );
    const direct = await alice('PUT', `/api/admin/segments/${segment.id}`, {
      name: 'cr-seg-2',
      constraints: [],
    });
    expect(direct.statusCode).toBe(403);
    expect(direct.json().permissions).toEqual(['SKIP_CHANGE_REQUEST']);
    const id = await approved([
      { action: 'updateSegment', payload: { id: segment.id, name: 'cr-seg-2', constraints: [] } },
      { feature: 'archive-me', action: 'archiveFeature' },
    ]);
    const read = await call<ChangeRequest>(t, 'GET', `${P}/change-requests/${id}`, undefined, 200);
    expect(read.segments).toEqual([expect.objectContaining({ action: 'updateSegment', name: 'cr-seg-2' })]);
    expect(read.features.map((f) => f.name)).toEqual(['archive-me']);
    await state(bob, id, { state: 'Applied' });
    expect(
      (await call<{ name: string }>(t, 'GET', `/api/admin/segments/${segment.id}`, undefined, 200)).name,
    ).toBe('cr-seg-2');
    const archived = await t.db
      .selectFrom('features')
      .select('archived_at')
      .where('name', '=', 'archive-me')
      .executeTakeFirstOrThrow();
    expect(archived.archived_at).toBeInstanceOf(Date);
  });
});
