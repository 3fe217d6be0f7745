import { afterAll, describe, expect, it } from 'vitest';
import { call, createFlag, expectRejectedWithoutEvent } from '../../../../tests/helpers/flag-model';
import { createUser, eventsOfType } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';
import { claimSignals } from './signal-endpoint-store';

const ACTIONS = '/api/admin/projects/default/actions';

interface ActionSetEvent {
  state: string;
  signal: { payload: unknown; tokenName: string };
  actionSet: { actions: Array<{ state: string; details?: string }> };
}

describe('action sets and their execution', async () => {
  const t = await createTestApp({ schedulerPollIntervalMs: 200 });
  afterAll(() => t.close());

  const serviceAccount = async (username: string, rootRole: number) =>
    (
      await call<{ id: number }>(
        t,
        'POST',
        '/api/admin/service-account',
        { username, name: username, rootRole },
        201,
      )
    ).id;
  // Built-in root roles: 1 Admin, 2 Editor, 3 Viewer.
  const adminBot = await serviceAccount('admin-bot', 1);
  const editorBot = await serviceAccount('editor-bot', 2);
  const viewerBot = await serviceAccount('viewer-bot', 3);
  const human = await createUser(t, { username: 'human', rootRole: 'Admin' });
  const endpoint = await call<{ id: number }>(t, 'POST', '/api/admin/signal-endpoints', { name: 'ops' }, 201);
  const { token } = await call<{ token: string }>(
    t,
    'POST',
    `/api/admin/signal-endpoints/${endpoint.id}/tokens`,
    { name: 'monitor' },
    201,
  );
  await createFlag(t, 'kill-switch');
  await createFlag(t, 'governed');

  const enable = (featureName: string, environment = 'development', action = 'ENABLE_FEATURE') => ({
    action,
    sortOrder: 1,
    executionParams: { project: 'default', environment, featureName },
  });
  const actionSet = (overrides: object = {}) => ({
    name: 'incident response',
    actorId: adminBot,
    match: {
      source: 'signal-endpoint',
      sourceId: endpoint.id,
      payload: { type: { operator: 'IN', values: ['incident'] } },
    },
    actions: [enable('kill-switch')],
    ...overrides,
  });
  const signal = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/signal-endpoint/ops',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const enabledIn = async (feature: string, environment: string) =>
    (
      await t.db
        .selectFrom('feature_environments')
        .select('enabled')
        .where('feature_name', '=', feature)
        .where('environment', '=', environment)
        .executeTakeFirst()
    )?.enabled ?? false;
  const finishedEvents = async (id: number, count: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { actionSetEvents } = await call<{ actionSetEvents: ActionSetEvent[] }>(
        t,
        'GET',
        `${ACTIONS}/${id}/events`,
        undefined,
        200,
      );
      const done = actionSetEvents.filter((event) => event.state !== 'started');
      if (done.length >= count) return actionSetEvents;
      if (Date.now() > deadline) throw new Error(`action set ${id}: ${JSON.stringify(actionSetEvents)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('creates, lists, updates, toggles and deletes an action set, with actions-* events', async () => {
    const created = await call<{ id: number }>(t, 'POST', ACTIONS, actionSet({ name: 'crud' }), 201);
    expect(created).toMatchObject({
      name: 'crud',
      enabled: true,
      project: 'default',
      actorId: adminBot,
      match: { source: 'signal-endpoint', sourceId: endpoint.id },
      actions: [
        expect.objectContaining({
          action: 'ENABLE_FEATURE',
          executionParams: enable('kill-switch').executionParams,
        }),
      ],
    });
    expect((await eventsOfType(t, 'actions-created'))[0]).toMatchObject({ project: 'default' });
    const updated = await call(t, 'PUT', `${ACTIONS}/${created.id}`, actionSet({ name: 'crud-2' }), 200);
    expect(updated).toMatchObject({ id: created.id, name: 'crud-2' });
    expect(await call(t, 'POST', `${ACTIONS}/${created.id}/off`, undefined, 200)).toMatchObject({
      enabled: false,
    });
    expect(await call(t, 'POST', `${ACTIONS}/${created.id}/on`, undefined, 200)).toMatchObject({
      enabled: true,
    });
    expect(await eventsOfType(t, 'actions-updated')).toHaveLength(3);
    const { actions } = await call<{ actions: unknown[] }>(t, 'GET', ACTIONS, undefined, 200);
    expect(actions).toEqual([expect.objectContaining({ id: created.id, name: 'crud-2' })]);
    await call(t, 'DELETE', `${ACTIONS}/${created.id}`, undefined, 200);
    expect((await eventsOfType(t, 'actions-deleted'))[0]?.pre_data).toMatchObject({ name: 'crud-2' });
    await call(t, 'DELETE', `${ACTIONS}/${created.id}`, undefined, 404);
  });

  it("refuses what Unleash refuses: limits, a non-service actor, another project's flag, unknown ids", async () => {
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ ...enable('kill-switch'), sortOrder: i }));
    expect(
      (await expectRejectedWithoutEvent(t, 'POST', ACTIONS, actionSet({ actions: tooMany }), 400)).json()
        .name,
    ).toBe('ExceedsLimitError');
    const filters = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [`f${i}`, { operator: 'IN', values: ['x'] }]),
    );
    const withFilters = actionSet({
      match: { source: 'signal-endpoint', sourceId: endpoint.id, payload: filters },
    });
    expect((await expectRejectedWithoutEvent(t, 'POST', ACTIONS, withFilters, 400)).json().name).toBe(
      'ExceedsLimitError',
    );
    const values = Array.from({ length: 26 }, (_, i) => `v${i}`);
    const withValues = actionSet({
      match: {
        source: 'signal-endpoint',
        sourceId: endpoint.id,
        payload: { type: { operator: 'IN', values } },
      },
    });
    expect((await expectRejectedWithoutEvent(t, 'POST', ACTIONS, withValues, 400)).json().name).toBe(
      'ExceedsLimitError',
    );
    await expectRejectedWithoutEvent(t, 'POST', ACTIONS, actionSet({ actorId: human }), 400);
    await expectRejectedWithoutEvent(t, 'POST', ACTIONS, actionSet({ actorId: 2147483647 }), 400);
    await expectRejectedWithoutEvent(t, 'POST', ACTIONS, actionSet({ actorId: 2147483648 }), 400);
    await expectRejectedWithoutEvent(
      t,
      'POST',
      ACTIONS,
      actionSet({
        actions: [
          {
            ...enable('kill-switch'),
            executionParams: { project: 'other', environment: 'development', featureName: 'x' },
          },
        ],
      }),
      400,
    );
    await expectRejectedWithoutEvent(
      t,
      'POST',
      ACTIONS,
      actionSet({ match: { source: 'signal-endpoint', sourceId: 999, payload: {} } }),
      400,
    );
    await expectRejectedWithoutEvent(
      t,
      'POST',
      ACTIONS,
      actionSet({ actions: [{ ...enable('kill-switch'), action: 'DROP_TABLE' }] }),
      400,
    );
    await expectRejectedWithoutEvent(t, 'POST', ACTIONS, actionSet({ actions: [] }), 400);
    await expectRejectedWithoutEvent(t, 'POST', ACTIONS, actionSet({ name: 'n\u0000' }), 400);
    await expectRejectedWithoutEvent(t, 'POST', '/api/admin/projects/nope/actions', actionSet(), 404);
    await expectRejectedWithoutEvent(t, 'PUT', `${ACTIONS}/2147483648`, actionSet(), 400);
    await expectRejectedWithoutEvent(t, 'PUT', `${ACTIONS}/2147483647`, actionSet(), 404);
    for (let i = 0; i < 5; i += 1)
      await call(t, 'POST', ACTIONS, actionSet({ name: `limit-${i}`, enabled: false }), 201);
    expect((await expectRejectedWithoutEvent(t, 'POST', ACTIONS, actionSet(), 400)).json().name).toBe(
      'ExceedsLimitError',
    );
    const { actions } = await call<{ actions: Array<{ id: number }> }>(t, 'GET', ACTIONS, undefined, 200);
    for (const { id } of actions) await call(t, 'DELETE', `${ACTIONS}/${id}`, undefined, 200);
  });

  it('runs a matching set as its service account: the flag is enabled and the run logged', async () => {
    const set = await call<{ id: number }>(t, 'POST', ACTIONS, actionSet(), 201);
    expect(await enabledIn('kill-switch', 'development')).toBe(false);
    expect((await signal({ type: 'routine' })).statusCode).toBe(200);
    expect((await signal({ type: 'incident', service: 'checkout' })).statusCode).toBe(200);
    const [run] = await finishedEvents(set.id, 1);
    expect(run).toMatchObject({
      state: 'success',
      signal: { payload: { type: 'incident', service: 'checkout' }, tokenName: 'monitor' },
      actionSet: { actions: [expect.objectContaining({ state: 'success' })] },
    });
    expect(await enabledIn('kill-switch', 'development')).toBe(true);
    const [event] = await eventsOfType(t, 'feature-environment-enabled');
    expect(event).toMatchObject({
      created_by: 'admin-bot',
      created_by_user_id: adminBot,
      feature_name: 'kill-switch',
    });
    // The non-matching signal ran nothing: one run only.
    expect(await finishedEvents(set.id, 1)).toHaveLength(1);
    await call(t, 'DELETE', `${ACTIONS}/${set.id}`, undefined, 200);
  });

  it('fails an action the service account may not do, and stops the actions after it', async () => {
    const set = await call<{ id: number }>(
      t,
      'POST',
      ACTIONS,
      actionSet({
        actorId: viewerBot,
        actions: [
          enable('kill-switch', 'development', 'DISABLE_FEATURE'),
          { ...enable('governed'), sortOrder: 2 },
        ],
      }),
      201,
    );
    expect((await signal({ type: 'incident' })).statusCode).toBe(200);
    const [run] = await finishedEvents(set.id, 1);
    expect(run?.state).toBe('failed');
    expect(run?.actionSet.actions.map((a) => a.state)).toEqual(['failed', 'not started']);
    expect(run?.actionSet.actions[0]?.details).toContain('UPDATE_FEATURE_ENVIRONMENT');
    expect(await enabledIn('kill-switch', 'development')).toBe(true);
    await call(t, 'DELETE', `${ACTIONS}/${set.id}`, undefined, 200);
  });

  it('respects change requests: a governed environment refuses the action', async () => {
    const config = await t.request(
      'PUT',
      '/api/admin/projects/default/environments/production/change-requests/config',
      { changeRequestsEnabled: true, requiredApprovals: 1 },
    );
    expect(config.statusCode).toBeLessThan(300);
    const set = await call<{ id: number }>(
      t,
      'POST',
      ACTIONS,
      actionSet({ actorId: editorBot, actions: [enable('governed', 'production', 'TOGGLE_FEATURE')] }),
      201,
    );
    expect((await signal({ type: 'incident' })).statusCode).toBe(200);
    const [run] = await finishedEvents(set.id, 1);
    expect(run?.state).toBe('failed');
    expect(run?.actionSet.actions[0]?.details).toMatch(/change request/i);
    expect(await enabledIn('governed', 'production')).toBe(false);
    await call(t, 'DELETE', `${ACTIONS}/${set.id}`, undefined, 200);
  });

  it('claims each signal once, even with two instances claiming side by side', async () => {
    await t.db
      .insertInto('signals')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          source: 'signal-endpoint',
          source_id: 999_999,
          payload: JSON.stringify({ i }),
        })),
      )
      .execute();
    const [a, b] = await Promise.all([claimSignals(t.db, 25), claimSignals(t.db, 25)]);
    const ids = [...(a ?? []), ...(b ?? [])].map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const left = await claimSignals(t.db, 100);
    expect(new Set([...ids, ...left.map((s) => s.id)]).size).toBe(ids.length + left.length);
    // Nothing lost: every signal was claimed by someone (the app's own worker may take some meanwhile).
    const unclaimed = await t.db
      .selectFrom('signals')
      .select('id')
      .where('source_id', '=', 999_999)
      .where('processed_at', 'is', null)
      .execute();
    expect(unclaimed).toEqual([]);
  });
});
