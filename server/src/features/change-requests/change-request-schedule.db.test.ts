import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, setUpReviewers } from '../../../../tests/helpers/change-requests';
import { createFlag, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import { as, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ChangeRequest } from '../../../contract';
import { buildApp } from '../../app/build-app';
import { createDatabase, type DatabaseHandle } from '../../db/database';
import type { App } from '../../http/app-type';
import { createLogger } from '../../lib/logger';

const P = '/api/admin/projects/default';
const HOUR = 3_600_000;

/**
 * Scheduled change requests applied by the durable scheduler of real app instances (the app
 * factory, real PostgreSQL): exactly once across racing instances, at start for a request that
 * came due while no server ran, and failed or suspended visibly when it cannot apply.
 */
describe('scheduled change requests', () => {
  let t: TestApp;
  let alice: Send;
  let bob: Send;
  let reviewerRoleId: number;
  const instances: Array<{ app: App; handle: DatabaseHandle }> = [];

  /** Another server on the same database: its own pool and its own scheduler. */
  async function startInstance(intervalMs: number): Promise<App> {
    const handle = createDatabase(t.database.url, { max: 4 });
    const app = await buildApp({
      config: { ...t.config, schedulerPollIntervalMs: intervalMs },
      db: handle.db,
      logger: createLogger('silent'),
    });
    await app.ready();
    instances.push({ app, handle });
    return app;
  }
  async function stopInstances() {
    for (const { app, handle } of instances.splice(0)) {
      await app.close();
      await handle.close();
    }
  }

  const ok = <T>(send: Send, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    expectStatus<T>(send, method, url, body);

  /** Alice drafts "enable <flag> in production", Bob approves, Alice schedules it. */
  async function scheduledRequest(flag: string, scheduledAt: Date): Promise<number> {
    const draft = await ok<ChangeRequest>(alice, 'POST', `${P}/environments/production/change-requests`, {
      feature: flag,
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    await ok(alice, 'PUT', `${P}/change-requests/${draft.id}/state`, { state: 'In review' });
    await ok(bob, 'PUT', `${P}/change-requests/${draft.id}/state`, { state: 'Approved' });
    const scheduled = await ok<ChangeRequest>(alice, 'PUT', `${P}/change-requests/${draft.id}/state`, {
      state: 'Scheduled',
      scheduledAt: scheduledAt.toISOString(),
    });
    expect(scheduled.state).toBe('Scheduled');
    return draft.id;
  }

  /** Makes a pending schedule due now, as if its time had passed. */
  const makeDue = (ids: number[]) =>
    sql`update change_request_schedule set scheduled_at = now() - interval '1 minute'
        where change_request_id in (${sql.join(ids)})`.execute(t.db);

  /** Makes the request's schedule due and runs one instance until its schedule has `status`. */
  async function runDue(id: number, status: 'failed' | 'suspended') {
    await makeDue([id]);
    await startInstance(HOUR);
    await expect
      .poll(async () => (await read(id)).schedule?.status, { timeout: 10_000, interval: 50 })
      .toBe(status);
    await stopInstances();
  }

  const enabledInProduction = async (flag: string) =>
    (
      await t.db
        .selectFrom('feature_environments')
        .select('enabled')
        .where('feature_name', '=', flag)
        .where('environment', '=', 'production')
        .executeTakeFirst()
    )?.enabled ?? false;

  const read = (id: number) => ok<ChangeRequest>(alice, 'GET', `${P}/change-requests/${id}`);

  beforeAll(async () => {
    // The test app's own scheduler polls hourly: the instances started below do the work.
    t = await createTestApp({ loginRateLimitPerMinute: 100_000, schedulerPollIntervalMs: HOUR });
    const reviewers = await setUpReviewers(t, [{ username: 'alice' }, { username: 'bob' }]);
    reviewerRoleId = reviewers.roleId;
    alice = reviewers.send.alice!;
    bob = reviewers.send.bob!;
  });
  afterAll(async () => {
    await stopInstances();
    await t.close();
  });

  it('applies each of 12 due requests exactly once while two server instances race', async () => {
    const flags = Array.from({ length: 12 }, (_, i) => `race-${i}`);
    for (const flag of flags) await createFlag(t, flag);
    const ids: number[] = [];
    for (const flag of flags) ids.push(await scheduledRequest(flag, new Date(Date.now() + HOUR)));
    const before = await latestEventId(t.db);
    await makeDue(ids);
    await Promise.all([startInstance(20), startInstance(20)]);
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom('change_requests').select('state').where('id', 'in', ids).execute()).filter(
            (row) => row.state === 'Applied',
          ).length,
        { timeout: 20_000, interval: 50 },
      )
      .toBe(12);
    await stopInstances();

    const events = await eventsAfter(t.db, before);
    const ofType = (type: string) => events.filter((event) => event.type === type);
    expect(ofType('change-request-applied')).toHaveLength(12);
    expect(ofType('change-request-scheduled-application-success')).toHaveLength(12);
    expect(ofType('change-request-scheduled-application-failure')).toHaveLength(0);
    // The side effect itself, once per flag: one enable event each, and the flags are on.
    const enabled = ofType('feature-environment-enabled').map((event) => event.featureName);
    expect(enabled.sort()).toEqual([...flags].sort());
    for (const flag of flags) expect(await enabledInProduction(flag)).toBe(true);
    // Applied as the user who scheduled it; the schedule row is gone.
    expect(new Set(ofType('change-request-applied').map((event) => event.createdBy))).toEqual(
      new Set(['alice']),
    );
    const left = await t.db
      .selectFrom('change_request_schedule')
      .select('change_request_id')
      .where('change_request_id', 'in', ids)
      .execute();
    expect(left).toEqual([]);
    const applied = await read(ids[0]!);
    expect(applied.state).toBe('Applied');
    expect(applied.schedule).toBeUndefined();
  });

  it('applies at start a request that came due while no server was running', async () => {
    await createFlag(t, 'overnight');
    const id = await scheduledRequest('overnight', new Date(Date.now() + HOUR));
    // Every instance is stopped; the time passes.
    await makeDue([id]);
    expect(await enabledInProduction('overnight')).toBe(false);
    // An hourly poll: only the wake-up at start can apply it within the test.
    await startInstance(HOUR);
    await expect.poll(async () => (await read(id)).state, { timeout: 10_000, interval: 50 }).toBe('Applied');
    await stopInstances();
    expect(await enabledInProduction('overnight')).toBe(true);
  });

  it('marks the schedule failed with its reason when the flag was archived, and shows it to the author', async () => {
    await createFlag(t, 'doomed');
    const id = await scheduledRequest('doomed', new Date(Date.now() + HOUR));
    const archived = await t.request('DELETE', `${P}/features/doomed`);
    expect(archived.statusCode, archived.body).toBe(202);
    const before = await latestEventId(t.db);
    await runDue(id, 'failed');

    const request = await read(id);
    expect(request.state).toBe('Scheduled');
    expect(request.schedule?.failureReason).toMatch(/doomed/);
    const events = await eventsAfter(t.db, before);
    expect(events.map((event) => event.type)).toEqual(['change-request-scheduled-application-failure']);
    expect(events[0]).toMatchObject({ project: 'default', createdBy: 'alice' });
    // Nothing half-written: the archived flag stayed off.
    expect(await enabledInProduction('doomed')).toBe(false);
    // The author is told where they look (no notifications yet, issue 19): actionable and pending.
    const actionable = await ok<{ total: number }>(alice, 'GET', `${P}/change-requests/actionable`);
    expect(actionable.total).toBeGreaterThanOrEqual(1);
    const pending = await ok<ChangeRequest[]>(alice, 'GET', `${P}/change-requests/pending`);
    expect(pending.find((item) => item.id === id)?.schedule).toMatchObject({ status: 'failed' });
  });

  it('fails the schedule when the user who scheduled it can no longer apply', async () => {
    await createFlag(t, 'revoked');
    const id = await scheduledRequest('revoked', new Date(Date.now() + HOUR));
    const aliceId = (
      await t.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()
    ).id;
    await t.db
      .deleteFrom('role_user')
      .where('user_id', '=', aliceId)
      .where('role_id', '=', reviewerRoleId)
      .execute();
    try {
      await runDue(id, 'failed');
      expect((await read(id)).schedule?.failureReason).toMatch(/APPLY_CHANGE_REQUEST/);
      expect(await enabledInProduction('revoked')).toBe(false);
    } finally {
      await t.db
        .insertInto('role_user')
        .values({ user_id: aliceId, role_id: reviewerRoleId, project: 'default' })
        .execute();
    }
  });

  it('suspends the schedule when the author was deleted, and a reschedule makes it pending again', async () => {
    const carolId = await createUser(t, { username: 'carol', rootRole: 'Editor' });
    await t.db
      .insertInto('role_user')
      .values({ user_id: carolId, role_id: reviewerRoleId, project: 'default' })
      .execute();
    const carol = as(t, { cookie: await login(t, 'carol') });
    await createFlag(t, 'orphan');
    const draft = await ok<ChangeRequest>(carol, 'POST', `${P}/environments/production/change-requests`, {
      feature: 'orphan',
      action: 'updateEnabled',
      payload: { enabled: true },
    });
    await ok(carol, 'PUT', `${P}/change-requests/${draft.id}/state`, { state: 'In review' });
    await ok(bob, 'PUT', `${P}/change-requests/${draft.id}/state`, { state: 'Approved' });
    await ok(bob, 'PUT', `${P}/change-requests/${draft.id}/state`, {
      state: 'Scheduled',
      scheduledAt: new Date(Date.now() + HOUR).toISOString(),
    });
    expect((await t.request('DELETE', `/api/admin/user-admin/${carolId}`)).statusCode).toBe(200);
    const before = await latestEventId(t.db);
    await runDue(draft.id, 'suspended');
    expect((await read(draft.id)).schedule?.reason).toMatch(/deleted/);
    expect((await eventsAfter(t.db, before)).map((event) => event.type)).toEqual([
      'change-request-schedule-suspended',
    ]);
    expect(await enabledInProduction('orphan')).toBe(false);

    const rescheduled = await ok<ChangeRequest>(bob, 'PUT', `${P}/change-requests/${draft.id}/state`, {
      state: 'Scheduled',
      scheduledAt: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(rescheduled.schedule?.status).toBe('pending');
  });
});
