import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P, rollout, startChangeRequestRouteApp } from '../../../../tests/helpers/change-request-route-setup';
import { expectStatus } from '../../../../tests/helpers/change-requests';
import { call, eventsAfter, latestEventId } from '../../../../tests/helpers/flag-model';
import type { Send } from '../../../../tests/helpers/identity';
import type { TestApp } from '../../../../tests/helpers/test-app';
import type { ChangeRequest } from '../../../contract';

/**
 * A change the author adds while their request for the environment is In review or Approved
 * joins that request (issue 31 §2; the OpenAPI text of POST …/environments/{env}/change-requests
 * says it adds to the user's existing request); an Approved one goes back to In review with
 * its approvals withdrawn, as Unleash's docs say of an author's edits.
 */
describe('change requests: a change joins the author’s open request', () => {
  let t: TestApp;
  let alice: Send;
  let bob: Send;

  const url = `${P}/environments/production/change-requests`;
  const post = (send: Send, body: unknown, status = 200) =>
    expectStatus<ChangeRequest>(send, 'POST', url, body, status);
  const setState = (send: Send, id: number, body: object, status = 200) =>
    expectStatus<ChangeRequest>(send, 'PUT', `${P}/change-requests/${id}/state`, body, status);
  const enable = (enabled: boolean) => ({
    feature: 'cr-flag',
    action: 'updateEnabled',
    payload: { enabled },
  });
  const actions = (request: ChangeRequest) => request.features.flatMap((f) => f.changes.map((c) => c.action));

  beforeAll(async () => {
    ({ t, alice, bob } = await startChangeRequestRouteApp());
    await call(t, 'PUT', `${url}/config`, { changeRequestsEnabled: true, requiredApprovals: 1 }, 200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds to a request In review: same id, still In review, one change-added event', async () => {
    const draft = await post(alice, enable(true));
    await setState(alice, draft.id, { state: 'In review' });
    const before = await latestEventId(t.db);
    const joined = await post(alice, { feature: 'cr-flag', action: 'addStrategy', payload: rollout('30') });
    expect(joined.id).toBe(draft.id);
    expect(joined.state).toBe('In review');
    expect(actions(joined)).toEqual(['updateEnabled', 'addStrategy']);
    const events = await eventsAfter(t.db, before);
    expect(
      events.map((e) => [e.type, e.createdBy, (e.data as { changeRequestId: number }).changeRequestId]),
    ).toEqual([['change-added', 'alice', draft.id]]);
    // Bob's change opens his own draft, not Alice's request.
    const bobs = await post(bob, enable(false));
    expect(bobs.id).not.toBe(draft.id);
    expect(bobs.state).toBe('Draft');
    await setState(alice, draft.id, { state: 'Cancelled' });
    await setState(bob, bobs.id, { state: 'Cancelled' });
  });

  it('adds to an Approved request: back to In review, approvals withdrawn, then approvable again', async () => {
    const draft = await post(alice, enable(true));
    await setState(alice, draft.id, { state: 'In review' });
    expect((await setState(bob, draft.id, { state: 'Approved' })).state).toBe('Approved');
    // A change the dry run refuses leaves the approved request as it was.
    await post(alice, { feature: 'cr-flag', action: 'addStrategy', payload: { name: 'no-such' } }, 400);
    const unchanged = await expectStatus<ChangeRequest>(alice, 'GET', `${P}/change-requests/${draft.id}`);
    expect(unchanged.state).toBe('Approved');
    expect(unchanged.approvals).toHaveLength(1);

    const before = await latestEventId(t.db);
    const joined = await post(alice, { feature: 'cr-flag', action: 'addStrategy', payload: rollout('40') });
    expect(joined.id).toBe(draft.id);
    expect(joined.state).toBe('In review');
    expect(joined.approvals).toEqual([]);
    expect(actions(joined)).toEqual(['updateEnabled', 'addStrategy']);
    expect((await eventsAfter(t.db, before)).map((e) => e.type)).toEqual(['change-added']);
    expect((await setState(bob, draft.id, { state: 'Approved' })).state).toBe('Approved');
    await setState(alice, draft.id, { state: 'Cancelled' });
  });

  it('opens a new draft when the open request is Scheduled (it cannot be edited)', async () => {
    const first = await post(alice, enable(true));
    await setState(alice, first.id, { state: 'In review' });
    await setState(bob, first.id, { state: 'Approved' });
    await setState(bob, first.id, {
      state: 'Scheduled',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const second = await post(alice, enable(false));
    expect(second.id).not.toBe(first.id);
    expect(second.state).toBe('Draft');
    const scheduled = await expectStatus<ChangeRequest>(alice, 'GET', `${P}/change-requests/${first.id}`);
    expect(actions(scheduled)).toEqual(['updateEnabled']);
    expect(scheduled.state).toBe('Scheduled');
    // Once the draft exists, the next change goes there.
    expect((await post(alice, { feature: 'cr-flag', action: 'addStrategy', payload: rollout('5') })).id).toBe(
      second.id,
    );
    await setState(alice, first.id, { state: 'Rejected' });
    await setState(alice, second.id, { state: 'Cancelled' });
  });
});
