import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpReviewers } from '../../../../tests/helpers/change-requests';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import type { Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ChangeRequest, Experiment } from '../../../contract';

const P = '/api/admin/projects/default';
const FLAG = 'governed.experiment';
const EXPERIMENTS = `${P}/features/${FLAG}/experiments`;

/**
 * Experiments in an environment that requires change requests (issue 13 + 35 §3): starting and
 * stopping directly is refused like other governed writes, and the `startExperiment` /
 * `stopExperiment` changes do it once the request is applied. Defining one is not governed.
 */
describe('experiments through change requests', () => {
  let t: TestApp;
  let alice: Send;
  let bob: Send;

  async function applyThroughRequest(change: object): Promise<void> {
    const draft = await alice('POST', `${P}/environments/production/change-requests`, change);
    expect(draft.statusCode, draft.body).toBe(200);
    const { id } = draft.json() as ChangeRequest;
    for (const [who, state] of [
      [alice, 'In review'],
      [bob, 'Approved'],
      [bob, 'Applied'],
    ] as const) {
      const response = await who('PUT', `${P}/change-requests/${id}/state`, { state });
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
    const { send } = await setUpReviewers(t, [{ username: 'alice' }, { username: 'bob' }]);
    alice = send.alice!;
    bob = send.bob!;
    await createFlag(t, FLAG);
    await call(
      t,
      'PUT',
      `${P}/features/${FLAG}/environments/production/variants`,
      [
        { name: 'control', weight: 0, weightType: 'variable', stickiness: 'default' },
        { name: 'fast', weight: 0, weightType: 'variable', stickiness: 'default' },
      ],
      200,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses direct start and stop, and applies startExperiment and stopExperiment changes', async () => {
    const created = await alice('POST', EXPERIMENTS, {
      name: 'Faster search',
      environment: 'production',
      controlVariant: 'control',
      metrics: [
        { eventName: 'search', role: 'primary', type: 'binomial', higherIsBetter: true, windowHours: 24 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as Experiment;

    const direct = await alice('POST', `${EXPERIMENTS}/${id}/start`);
    expect(direct.statusCode).toBe(403);
    expect(direct.json()).toMatchObject({ name: 'PermissionError', permissions: ['SKIP_CHANGE_REQUEST'] });
    expect((await call<Experiment>(t, 'GET', `${EXPERIMENTS}/${id}`, undefined, 200)).status).toBe('draft');

    // Checked when drafted: a bad payload, and an experiment that is not this flag's.
    for (const [payload, status] of [
      [{}, 400],
      [{ experimentId: 'x' }, 400],
      [{ experimentId: 999_999 }, 404],
    ] as const) {
      const draft = await alice('POST', `${P}/environments/production/change-requests`, {
        feature: FLAG,
        action: 'startExperiment',
        payload,
      });
      expect(draft.statusCode, JSON.stringify(payload)).toBe(status);
    }

    await applyThroughRequest({ feature: FLAG, action: 'startExperiment', payload: { experimentId: id } });
    const running = await call<Experiment>(t, 'GET', `${EXPERIMENTS}/${id}`, undefined, 200);
    expect(running).toMatchObject({ status: 'running', variants: [{ name: 'control' }, { name: 'fast' }] });

    expect((await alice('POST', `${EXPERIMENTS}/${id}/stop`)).statusCode).toBe(403);
    await applyThroughRequest({ feature: FLAG, action: 'stopExperiment', payload: { experimentId: id } });
    expect((await call<Experiment>(t, 'GET', `${EXPERIMENTS}/${id}`, undefined, 200)).status).toBe('stopped');

    // Deciding only records the outcome: not governed.
    const decided = await alice('POST', `${EXPERIMENTS}/${id}/decision`, { decision: 'inconclusive' });
    expect(decided.statusCode, decided.body).toBe(200);
  });
});
