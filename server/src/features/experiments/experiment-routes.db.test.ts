import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createFlag,
  eventsAfter,
  expectRejectedWithoutEvent,
  latestEventId,
} from '../../../../tests/helpers/flag-model';
import { as, createUser, login, type Send } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { CreateExperiment, Experiment, Experiments } from '../../../contract';
import { type AdminOperation, applyAdminOperations } from '../operations';

const FLAG = 'exp.checkout';
const FLAGS = `/api/admin/projects/default/features`;
const EXPERIMENTS = `${FLAGS}/${FLAG}/experiments`;

const definition = (fields: Partial<CreateExperiment> = {}): CreateExperiment => ({
  name: 'Green checkout button',
  environment: 'production',
  hypothesis: 'A green button converts better',
  controlVariant: 'control',
  metrics: [
    { eventName: 'checkout', role: 'primary', type: 'binomial', higherIsBetter: true, windowHours: 72 },
    { eventName: 'latency_ms', role: 'guardrail', type: 'mean', higherIsBetter: false, windowHours: 24 },
  ],
  ...fields,
});

const variants = (...names: string[]) =>
  names.map((name) => ({ name, weight: 0, weightType: 'variable', stickiness: 'default' }));

describe('experiments on a flag (admin API)', () => {
  let t: TestApp;
  let viewer: Send;
  let devOnly: Send;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerMinute: 100_000 });
    await createFlag(t, FLAG);
    await createFlag(t, 'exp.other');
    await call(
      t,
      'PUT',
      `${FLAGS}/${FLAG}/environments/production/variants`,
      variants('control', 'green'),
      200,
    );
    await createUser(t, { username: 'exp-viewer', rootRole: 'Viewer' });
    viewer = as(t, { cookie: await login(t, 'exp-viewer') });
    // May switch flags in development only: starting a production experiment is not theirs.
    const role = await call<{ roles?: { id: number }; id?: number }>(
      t,
      'POST',
      '/api/admin/roles',
      {
        name: 'Development switcher',
        type: 'custom',
        permissions: [{ name: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' }],
      },
      200,
    );
    const devId = await createUser(t, { username: 'exp-dev', rootRole: 'Viewer' });
    await t.db
      .insertInto('role_user')
      .values({ user_id: devId, role_id: role.roles?.id ?? role.id ?? 0, project: 'default' })
      .execute();
    devOnly = as(t, { cookie: await login(t, 'exp-dev') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a draft with its event, and refuses invalid definitions with 400 and no event', async () => {
    const before = await latestEventId(t.db);
    const created = await call<Experiment>(t, 'POST', EXPERIMENTS, definition(), 201);
    expect(created).toMatchObject({
      featureName: FLAG,
      project: 'default',
      environment: 'production',
      status: 'draft',
      method: 'sequential',
      alpha: 0.05,
      variants: [],
      decision: null,
    });
    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => [e.type, e.featureName, e.environment])).toEqual([
      ['experiment-created', FLAG, 'production'],
    ]);
    expect(events[0]?.data).toMatchObject({ id: created.id, name: 'Green checkout button' });

    const secondary = definition().metrics.map((m) => ({ ...m, role: 'secondary' as const }));
    for (const body of [
      definition({ metrics: secondary }),
      definition({ metrics: [...definition().metrics, { ...definition().metrics[0]!, role: 'secondary' }] }),
      { ...definition(), alpha: 0.7 },
      { ...definition(), name: '' },
      { ...definition(), unknown: true },
      { ...definition(), metrics: [] },
    ]) {
      const response = await expectRejectedWithoutEvent(t, 'POST', EXPERIMENTS, body, 400);
      expect(response.json().name, JSON.stringify(body)).toMatch(/BadDataError|ValidationError/);
    }
    await expectRejectedWithoutEvent(t, 'POST', `${FLAGS}/no-such-flag/experiments`, definition(), 404);
    await expectRejectedWithoutEvent(t, 'POST', EXPERIMENTS, definition({ environment: 'nowhere' }), 404);
  });

  it('edits a draft, lists and reads it, and deletes one with its event', async () => {
    const draft = await call<Experiment>(t, 'POST', EXPERIMENTS, definition({ name: 'To edit' }), 201);
    const edited = await call<Experiment>(
      t,
      'PUT',
      `${EXPERIMENTS}/${draft.id}`,
      {
        name: 'Edited',
        controlVariant: 'control',
        metrics: definition().metrics,
        method: 'bayesian',
      },
      200,
    );
    expect(edited).toMatchObject({
      name: 'Edited',
      method: 'bayesian',
      hypothesis: 'A green button converts better',
    });
    expect(await call(t, 'GET', `${EXPERIMENTS}/${draft.id}`, undefined, 200)).toEqual(edited);
    const list = await call<Experiments>(t, 'GET', EXPERIMENTS, undefined, 200);
    expect(list.experiments.map((e) => e.name)).toContain('Edited');
    await call(t, 'GET', `${FLAGS}/exp.other/experiments/${draft.id}`, undefined, 404);

    const before = await latestEventId(t.db);
    await call(t, 'DELETE', `${EXPERIMENTS}/${draft.id}`, undefined, 204);
    expect((await eventsAfter(t.db, before)).map((e) => e.type)).toEqual(['experiment-deleted']);
    await call(t, 'GET', `${EXPERIMENTS}/${draft.id}`, undefined, 404);
  });

  it('starts with the flag variants snapshotted, once per flag environment (409 otherwise)', async () => {
    const noControl = await call<Experiment>(
      t,
      'POST',
      EXPERIMENTS,
      definition({ controlVariant: 'blue' }),
      201,
    );
    const conflict = await expectRejectedWithoutEvent(
      t,
      'POST',
      `${EXPERIMENTS}/${noControl.id}/start`,
      {},
      409,
    );
    expect(conflict.json().message).toContain('"blue" is not among the variants');

    const dev = await call<Experiment>(
      t,
      'POST',
      EXPERIMENTS,
      definition({ environment: 'development' }),
      201,
    );
    const tooFew = await expectRejectedWithoutEvent(t, 'POST', `${EXPERIMENTS}/${dev.id}/start`, {}, 409);
    expect(tooFew.json().message).toContain('an experiment needs at least two');

    const first = await call<Experiment>(t, 'POST', EXPERIMENTS, definition({ name: 'First' }), 201);
    const before = await latestEventId(t.db);
    const started = await call<Experiment>(t, 'POST', `${EXPERIMENTS}/${first.id}/start`, {}, 200);
    expect(started).toMatchObject({
      status: 'running',
      variants: [
        { name: 'control', weight: 500 },
        { name: 'green', weight: 500 },
      ],
    });
    expect(started.startedAt).not.toBeNull();
    expect((await eventsAfter(t.db, before)).map((e) => [e.type, e.environment])).toEqual([
      ['experiment-started', 'production'],
    ]);
    // The running experiment keeps its split when the flag's variants change.
    await call(
      t,
      'PUT',
      `${FLAGS}/${FLAG}/environments/production/variants`,
      variants('control', 'green', 'red'),
      200,
    );
    expect(
      (await call<Experiment>(t, 'GET', `${EXPERIMENTS}/${first.id}`, undefined, 200)).variants,
    ).toHaveLength(2);

    const second = await call<Experiment>(t, 'POST', EXPERIMENTS, definition({ name: 'Second' }), 201);
    const busy = await expectRejectedWithoutEvent(t, 'POST', `${EXPERIMENTS}/${second.id}/start`, {}, 409);
    expect(busy.json().message).toContain('"First" is already running');
    await expectRejectedWithoutEvent(t, 'POST', `${EXPERIMENTS}/${first.id}/start`, {}, 409);
    await expectRejectedWithoutEvent(
      t,
      'PUT',
      `${EXPERIMENTS}/${first.id}`,
      {
        name: 'Too late',
        controlVariant: 'control',
        metrics: definition().metrics,
      },
      409,
    );
    await expectRejectedWithoutEvent(t, 'DELETE', `${EXPERIMENTS}/${first.id}`, undefined, 409);
    await expectRejectedWithoutEvent(
      t,
      'POST',
      `${EXPERIMENTS}/${first.id}/decision`,
      { decision: 'rollback' },
      409,
    );
  });

  it('stops, then records a decision; shipping needs a variant of the experiment', async () => {
    const { experiments } = await call<Experiments>(
      t,
      'GET',
      `/api/admin/experiments?status=running`,
      undefined,
      200,
    );
    const running = experiments.find((e) => e.name === 'First')!;
    const before = await latestEventId(t.db);
    const stopped = await call<Experiment>(t, 'POST', `${EXPERIMENTS}/${running.id}/stop`, {}, 200);
    expect(stopped).toMatchObject({ status: 'stopped' });
    expect(stopped.stoppedAt).not.toBeNull();
    await expectRejectedWithoutEvent(t, 'POST', `${EXPERIMENTS}/${running.id}/stop`, {}, 409);

    await expectRejectedWithoutEvent(
      t,
      'POST',
      `${EXPERIMENTS}/${running.id}/decision`,
      { decision: 'ship' },
      400,
    );
    await expectRejectedWithoutEvent(
      t,
      'POST',
      `${EXPERIMENTS}/${running.id}/decision`,
      { decision: 'ship', variant: 'red' },
      400,
    );
    await expectRejectedWithoutEvent(
      t,
      'POST',
      `${EXPERIMENTS}/${running.id}/decision`,
      { decision: 'maybe' },
      400,
    );
    const decided = await call<Experiment>(
      t,
      'POST',
      `${EXPERIMENTS}/${running.id}/decision`,
      {
        decision: 'ship',
        variant: 'green',
        reason: 'Converted 12% better',
      },
      200,
    );
    expect(decided).toMatchObject({
      decision: 'ship',
      decisionVariant: 'green',
      decisionReason: 'Converted 12% better',
    });
    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => e.type)).toEqual(['experiment-stopped', 'experiment-decided']);
    expect(events[1]?.data).toMatchObject({ decision: 'ship', variant: 'green' });

    // The flag's history shows them (Unleash's GET /api/admin/events/{featureName}).
    const history = await call<{ events: Array<{ type: string }> }>(
      t,
      'GET',
      `/api/admin/events/${FLAG}`,
      undefined,
      200,
    );
    const types = history.events.map((e) => e.type);
    for (const type of [
      'experiment-created',
      'experiment-started',
      'experiment-stopped',
      'experiment-decided',
    ]) {
      expect(types).toContain(type);
    }

    // Another flag environment may now run one.
    const { experiments: drafts } = await call<Experiments>(
      t,
      'GET',
      `/api/admin/experiments?status=draft&project=default`,
      undefined,
      200,
    );
    expect(drafts.every((e) => e.status === 'draft' && e.project === 'default')).toBe(true);
    const second = drafts.find((e) => e.name === 'Second')!;
    await call(t, 'POST', `${EXPERIMENTS}/${second.id}/start`, {}, 200);
  });

  it('writes each change and its event in one transaction', async () => {
    const before = await latestEventId(t.db);
    const countBefore = (await t.db.selectFrom('experiments').select('id').execute()).length;
    const operations: AdminOperation[] = [
      { kind: 'create-experiment', project: 'default', featureName: 'exp.other', experiment: definition() },
      {
        kind: 'stop-experiment',
        project: 'default',
        featureName: 'exp.other',
        environment: 'production',
        experimentId: 2147483000,
      },
    ];
    await expect(
      applyAdminOperations(t.db, operations, { name: 'tx-test', userId: null }),
    ).rejects.toMatchObject({
      errorName: 'NotFoundError',
    });
    expect(await eventsAfter(t.db, before)).toEqual([]);
    expect((await t.db.selectFrom('experiments').select('id').execute()).length).toBe(countBefore);
  });

  it('lets a viewer read but not write (403), and starts only with the permission in that environment', async () => {
    const list = await viewer('GET', EXPERIMENTS);
    expect(list.statusCode).toBe(200);
    const [one] = (list.json() as Experiments).experiments;
    expect((await viewer('GET', '/api/admin/experiments')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', EXPERIMENTS, definition()],
      [
        'PUT',
        `${EXPERIMENTS}/${one!.id}`,
        { name: 'x', controlVariant: 'control', metrics: definition().metrics },
      ],
      ['DELETE', `${EXPERIMENTS}/${one!.id}`, undefined],
      ['POST', `${EXPERIMENTS}/${one!.id}/start`, {}],
      ['POST', `${EXPERIMENTS}/${one!.id}/stop`, {}],
      ['POST', `${EXPERIMENTS}/${one!.id}/decision`, { decision: 'inconclusive' }],
    ] as const) {
      const before = await latestEventId(t.db);
      const response = await viewer(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().name).toBe('PermissionError');
      expect(await eventsAfter(t.db, before)).toEqual([]);
    }

    const production = await call<Experiment>(
      t,
      'POST',
      EXPERIMENTS,
      definition({ environment: 'production', name: 'Prod only' }),
      201,
    );
    const refused = await devOnly('POST', `${EXPERIMENTS}/${production.id}/stop`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      name: 'PermissionError',
      permissions: ['UPDATE_FEATURE_ENVIRONMENT'],
    });
  });
});
