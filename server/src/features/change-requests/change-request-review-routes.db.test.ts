import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  P,
  requireTwoApprovalsInProduction,
  rollout,
  startChangeRequestRouteApp,
} from '../../../../tests/helpers/change-request-route-setup';
import { expectStatus } from '../../../../tests/helpers/change-requests';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import type { Send } from '../../../../tests/helpers/identity';
import type { TestApp } from '../../../../tests/helpers/test-app';
import type { ChangeRequest } from '../../../contract';

describe('change requests: drafts, review and apply', () => {
  let t: TestApp;
  let alice: Send;
  let bob: Send;
  let carol: Send;
  let viewer: Send;

  const json = expectStatus;
  const setState = (send: Send, id: number, body: object, status = 200) =>
    json<ChangeRequest>(send, 'PUT', `${P}/change-requests/${id}/state`, body, status);

  beforeAll(async () => {
    ({ t, alice, bob, carol, viewer } = await startChangeRequestRouteApp());
    // Bob and Carol review (approve and apply in production).
    await requireTwoApprovalsInProduction(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('drafts into one open draft per user, validated like the direct API', async () => {
    const url = `${P}/environments/production/change-requests`;
    const first = await json<ChangeRequest>(
      alice,
      'POST',
      url,
      { feature: 'cr-flag', action: 'addStrategy', payload: rollout('50') },
      200,
    );
    expect(first).toMatchObject({
      state: 'Draft',
      environment: 'production',
      project: 'default',
      minApprovals: 2,
    });
    expect(first.features).toEqual([
      expect.objectContaining({
        name: 'cr-flag',
        changes: [expect.objectContaining({ action: 'addStrategy', payload: rollout('50') })],
      }),
    ]);
    const second = await json<ChangeRequest>(
      alice,
      'POST',
      url,
      [{ feature: 'cr-flag', action: 'updateEnabled', payload: { enabled: true } }],
      200,
    );
    expect(second.id).toBe(first.id);
    expect(second.features[0]?.changes.map((c) => c.action)).toEqual(['addStrategy', 'updateEnabled']);
    // Bob's draft is his own.
    const bobs = await json<ChangeRequest>(
      bob,
      'POST',
      url,
      { feature: 'cr-flag', action: 'updateEnabled', payload: { enabled: false } },
      200,
    );
    expect(bobs.id).not.toBe(first.id);

    const bad = [
      [{ feature: 'cr-flag', action: 'addStrategy', payload: { name: 'no-such-strategy' } }, 400],
      [{ feature: 'cr-flag', action: 'updateEnabled', payload: { enabled: 'yes' } }, 400],
      // Release plans (issue 14): a malformed payload is a 400, an unknown template a 404 at draft time.
      [{ feature: 'cr-flag', action: 'addReleasePlan', payload: { template: 'x' } }, 400],
      [{ feature: 'cr-flag', action: 'addReleasePlan', payload: { templateId: 'x' } }, 404],
      [{ feature: 'cr-flag', action: 'updateMilestoneStrategy', payload: {} }, 400],
      [{ feature: 'cr-flag', action: 'explode' }, 400],
      [{ action: 'addStrategy', payload: rollout('1') }, 400],
      [{ feature: 'no-such-flag', action: 'updateEnabled', payload: { enabled: true } }, 404],
      [{ feature: 'cr-flag', action: 'deleteStrategy', payload: { id: 'missing' } }, 404],
    ] as const;
    for (const [change, status] of bad) {
      const response = await alice('POST', url, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
    }
    // A viewer may not draft strategy changes.
    expect(
      (await viewer('POST', url, { feature: 'cr-flag', action: 'addStrategy', payload: rollout('1') }))
        .statusCode,
    ).toBe(403);
    const after = await json<ChangeRequest>(alice, 'GET', `${P}/change-requests/${first.id}`, undefined, 200);
    expect(after.features[0]?.changes).toHaveLength(2);
    await json(bob, 'DELETE', `${P}/change-requests/${bobs.id}`, undefined, 200);
    expect((await bob('GET', `${P}/change-requests/${bobs.id}`)).statusCode).toBe(404);
  });

  it('goes Draft → In review → Approved (two distinct approvers) → Applied, with its events', async () => {
    const before = await latestEventId(t.db);
    const draft = await json<ChangeRequest>(
      alice,
      'GET',
      `${P}/change-requests/${await openDraftId(alice)}`,
      undefined,
      200,
    );
    const id = draft.id;
    await setState(bob, id, { state: 'In review' }, 403);
    expect((await setState(alice, id, { state: 'In review' })).state).toBe('In review');
    await setState(alice, id, { state: 'Approved' }, 403);
    const once = await setState(bob, id, { state: 'Approved', comment: 'fine by me' });
    expect(once.state).toBe('In review');
    expect(once.approvals?.map((a) => a.createdBy.username)).toEqual(['bob']);
    // Approving twice counts once.
    expect((await setState(bob, id, { state: 'Approved' })).state).toBe('In review');
    await setState(alice, id, { state: 'Applied' }, 409);
    const approved = await setState(carol, id, { state: 'Approved' });
    expect(approved.state).toBe('Approved');
    expect(approved.comments?.map((c) => c.text)).toEqual(['fine by me']);
    // Alice (an Editor) has no APPLY_CHANGE_REQUEST in production.
    const denied = await alice('PUT', `${P}/change-requests/${id}/state`, { state: 'Applied' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().name).toBe('PermissionError');
    const applied = await setState(bob, id, { state: 'Applied' });
    expect(applied.state).toBe('Applied');
    expect(Object.keys(applied.stateTimestamps)).toEqual(
      expect.arrayContaining(['Draft', 'In review', 'Approved', 'Applied']),
    );

    const flag = await call<{
      environments: Array<{
        name: string;
        enabled: boolean;
        strategies: Array<{ parameters: Record<string, string> }>;
      }>;
    }>(t, 'GET', `${P}/features/cr-flag`, undefined, 200);
    const production = flag.environments.find((e) => e.name === 'production');
    expect(production?.enabled).toBe(true);
    expect(production?.strategies.map((s) => s.parameters.rollout)).toEqual(['50']);
    const types = (await eventsAfter(t.db, before)).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'change-request-sent-to-review',
        'change-request-approval-added',
        'change-request-approved',
        'feature-strategy-add',
        'feature-environment-enabled',
        'change-request-applied',
      ]),
    );
    await setState(alice, id, { state: 'Cancelled' }, 409);
  });

  it('applies all or nothing: the second of three changes failing leaves everything as it was', async () => {
    const url = `${P}/environments/production/change-requests`;
    const draft = await json<ChangeRequest>(
      alice,
      'POST',
      url,
      [
        { feature: 'cr-flag', action: 'updateEnabled', payload: { enabled: false } },
        { feature: 'cr-flag', action: 'addDependency', payload: { feature: 'cr-parent' } },
        { feature: 'cr-flag', action: 'addStrategy', payload: rollout('70') },
      ],
      200,
    );
    await setState(alice, draft.id, { state: 'In review' });
    await setState(bob, draft.id, { state: 'Approved' });
    await setState(carol, draft.id, { state: 'Approved' });
    // The parent goes away after the review: the dependency cannot be added any more.
    await call(t, 'DELETE', `${P}/features/cr-parent`, undefined, 202);
    const before = await latestEventId(t.db);
    const failed = await bob('PUT', `${P}/change-requests/${draft.id}/state`, { state: 'Applied' });
    expect(failed.statusCode).toBe(403);
    expect(failed.json()).toMatchObject({
      name: 'InvalidOperationError',
      message: 'No active feature cr-parent exists',
    });
    expect(await eventsAfter(t.db, before)).toEqual([]);
    const flag = await call<{
      environments: Array<{ name: string; enabled: boolean; strategies: unknown[] }>;
    }>(t, 'GET', `${P}/features/cr-flag`, undefined, 200);
    const production = flag.environments.find((e) => e.name === 'production');
    expect(production?.enabled).toBe(true);
    expect(production?.strategies).toHaveLength(1);
    expect(
      (await json<ChangeRequest>(bob, 'GET', `${P}/change-requests/${draft.id}`, undefined, 200)).state,
    ).toBe('Approved');
    await setState(alice, draft.id, { state: 'Cancelled' });
  });

  it('shows conflicts and refuses to apply until the author updates the change', async () => {
    const flag = await call<{ environments: Array<{ name: string; strategies: Array<{ id: string }> }> }>(
      t,
      'GET',
      `${P}/features/cr-flag`,
      undefined,
      200,
    );
    const strategyId = flag.environments.find((e) => e.name === 'production')?.strategies[0]?.id ?? '';
    const url = `${P}/environments/production/change-requests`;
    const draft = await json<ChangeRequest>(
      alice,
      'POST',
      url,
      {
        feature: 'cr-flag',
        action: 'updateStrategy',
        payload: { id: strategyId, ...rollout('80') },
      },
      200,
    );
    const changeId = draft.features[0]?.changes[0]?.id ?? 0;
    expect(draft.features[0]?.changes[0]?.conflict).toBeUndefined();
    await setState(alice, draft.id, { state: 'In review' });
    await setState(bob, draft.id, { state: 'Approved' });
    await setState(carol, draft.id, { state: 'Approved' });
    // Someone who may skip change requests changes the strategy meanwhile.
    await call(
      t,
      'PUT',
      `${P}/features/cr-flag/environments/production/strategies/${strategyId}`,
      rollout('60'),
      200,
    );
    const review = await json<ChangeRequest>(bob, 'GET', `${P}/change-requests/${draft.id}`, undefined, 200);
    expect(review.features[0]?.changes[0]?.conflict).toMatch(/^The strategy was changed since/);
    const refused = await bob('PUT', `${P}/change-requests/${draft.id}/state`, { state: 'Applied' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('The strategy was changed since');
    // The author edits the change: a new id, no conflict, and the request is back in review.
    const edited = await json<ChangeRequest>(
      alice,
      'PUT',
      `${P}/change-requests/${draft.id}/changes/${changeId}`,
      {
        feature: 'cr-flag',
        action: 'updateStrategy',
        payload: { id: strategyId, ...rollout('90') },
      },
      200,
    );
    expect(edited.state).toBe('In review');
    expect(edited.approvals).toEqual([]);
    expect(edited.features[0]?.changes[0]?.id).not.toBe(changeId);
    expect(edited.features[0]?.changes[0]?.conflict).toBeUndefined();
    await setState(bob, draft.id, { state: 'Approved' });
    await setState(carol, draft.id, { state: 'Approved' });
    await setState(bob, draft.id, { state: 'Applied' });
    const after = await call<{
      environments: Array<{ name: string; strategies: Array<{ parameters: Record<string, string> }> }>;
    }>(t, 'GET', `${P}/features/cr-flag`, undefined, 200);
    expect(after.environments.find((e) => e.name === 'production')?.strategies[0]?.parameters.rollout).toBe(
      '90',
    );
  });

  it('holds approval per environment: a production-only reviewer cannot approve in development', async () => {
    await call(
      t,
      'PUT',
      `${P}/environments/development/change-requests/config`,
      { changeRequestsEnabled: true },
      200,
    );
    const draft = await json<ChangeRequest>(
      alice,
      'POST',
      `${P}/environments/development/change-requests`,
      {
        feature: 'cr-flag',
        action: 'updateEnabled',
        payload: { enabled: false },
      },
      200,
    );
    await setState(alice, draft.id, { state: 'In review' });
    const refused = await bob('PUT', `${P}/change-requests/${draft.id}/state`, { state: 'Approved' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      name: 'PermissionError',
      permissions: ['APPROVE_CHANGE_REQUEST'],
    });
    await setState(alice, draft.id, { state: 'Cancelled' });
    await call(
      t,
      'PUT',
      `${P}/environments/development/change-requests/config`,
      { changeRequestsEnabled: false },
      200,
    );
  });

  it('answers hostile input with 4xx, never 5xx', async () => {
    const url = `${P}/environments/production/change-requests`;
    const cases: Array<[string, 'GET' | 'POST' | 'PUT', string, unknown]> = [
      ['id overflow', 'GET', `${P}/change-requests/99999999999999`, undefined],
      ['negative id', 'GET', `${P}/change-requests/-1`, undefined],
      ['unknown id', 'GET', `${P}/change-requests/2147483647`, undefined],
      [
        'NUL in feature',
        'POST',
        url,
        { feature: 'a\u0000b', action: 'updateEnabled', payload: { enabled: true } },
      ],
      ['null payload', 'POST', url, { feature: 'cr-flag', action: 'updateEnabled', payload: null }],
      ['empty array', 'POST', url, []],
      [
        'huge array',
        'POST',
        url,
        Array.from({ length: 500 }, () => ({ feature: 'cr-flag', action: 'archiveFeature' })),
      ],
      ['number body', 'POST', url, 42],
      ['unknown state', 'PUT', `${P}/change-requests/1/state`, { state: 'Merged' }],
      [
        'bad scheduledAt',
        'PUT',
        `${P}/change-requests/1/state`,
        { state: 'Scheduled', scheduledAt: 'tomorrow' },
      ],
      [
        'config with string approvals',
        'PUT',
        `${P}/environments/production/change-requests/config`,
        { changeRequestsEnabled: true, requiredApprovals: 'ten' },
      ],
      [
        'config overflow',
        'PUT',
        `${P}/environments/production/change-requests/config`,
        { changeRequestsEnabled: true, requiredApprovals: 1e300 },
      ],
    ];
    for (const [label, method, path, body] of cases) {
      const response = await alice(method, path, body);
      expect(response.statusCode, `${label}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
      expect(response.json().name, label).toEqual(expect.any(String));
    }
  });

  async function openDraftId(send: Send): Promise<number> {
    const row = await t.db
      .selectFrom('change_requests')
      .select('id')
      .where('state', '=', 'Draft')
      .where('created_by', '=', send === alice ? 'alice' : 'bob')
      .executeTakeFirstOrThrow();
    return row.id;
  }
});
