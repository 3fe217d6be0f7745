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
import type { ImpactMetricSeries, ImpactMetricsConfig, ImpactMetricsConfigList } from '../../../contract';

const FLAG = 'checkout.v3';
const FLAG_CONFIG = `/api/admin/projects/default/features/${FLAG}/impact-metrics/config`;
const INSTANCE_CONFIG = '/api/admin/impact-metrics/config';
const SAFEGUARDS = `/api/admin/projects/default/features/${FLAG}/environments/development/safeguards`;

const chart = {
  metricName: 'http_errors',
  timeRange: 'hour',
  yAxisMin: 'zero',
  aggregationMode: 'count',
  labelSelectors: { route: ['/checkout'] },
  title: 'Checkout errors',
};
const safeguard = {
  impactMetric: {
    metricName: 'http_errors',
    timeRange: 'hour',
    aggregationMode: 'count',
    labelSelectors: {},
  },
  triggerCondition: { operator: '>', threshold: 5 },
};

/**
 * The impact-metric charts of the instance and of a flag, plausible metrics and flag-environment
 * safeguards through the admin API on real PostgreSQL: status codes, events, permissions, bad bodies.
 */
describe('impact metrics admin API', () => {
  let t: TestApp;
  let viewer: Send;
  let editor: Send;

  beforeAll(async () => {
    t = await createTestApp();
    await createFlag(t, FLAG);
    await createUser(t, { username: 'im-viewer', rootRole: 'Viewer' });
    await createUser(t, { username: 'im-editor', rootRole: 'Editor' });
    viewer = as(t, { cookie: await login(t, 'im-viewer') });
    editor = as(t, { cookie: await login(t, 'im-editor') });
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves, changes, lists and deletes the instance charts, admins only, each with its event', async () => {
    expect(await call(t, 'GET', INSTANCE_CONFIG, undefined, 200)).toEqual({ configs: [] });
    const before = await latestEventId(t.db);
    const saved = await call<ImpactMetricsConfig>(t, 'POST', INSTANCE_CONFIG, chart, 200);
    expect(saved).toEqual({
      id: expect.any(String),
      metricName: 'http_errors',
      timeRange: 'hour',
      aggregationMode: 'count',
      labelSelectors: { route: ['/checkout'] },
      type: 'unknown',
      displayName: 'Checkout errors',
      yAxisMin: 'zero',
      step: '1m',
      title: 'Checkout errors',
      mode: 'write',
    });
    const changed = await call<ImpactMetricsConfig>(
      t,
      'POST',
      INSTANCE_CONFIG,
      { ...chart, id: saved.id, timeRange: 'day' },
      200,
    );
    expect(changed).toMatchObject({ id: saved.id, timeRange: 'day', step: '15m' });
    expect((await call<ImpactMetricsConfigList>(t, 'GET', INSTANCE_CONFIG, undefined, 200)).configs).toEqual([
      changed,
    ]);
    await call(t, 'DELETE', `${INSTANCE_CONFIG}/${saved.id}`, undefined, 204);
    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => [e.type, e.featureName])).toEqual([
      ['impact-metric-created', null],
      ['impact-metric-updated', null],
      ['impact-metric-deleted', null],
    ]);
    expect(events[1]!.preData).toMatchObject({ timeRange: 'hour' });
    expect(events[2]!.preData).toMatchObject({ id: saved.id });

    await expectRejectedWithoutEvent(t, 'DELETE', `${INSTANCE_CONFIG}/${saved.id}`, undefined, 404);
    await expectRejectedWithoutEvent(t, 'POST', INSTANCE_CONFIG, { ...chart, id: 'no-such-chart' }, 404);
    expect((await editor('POST', INSTANCE_CONFIG, chart)).statusCode).toBe(403);
    expect((await viewer('GET', INSTANCE_CONFIG)).statusCode).toBe(200);
  });

  it('refuses bad charts with a 400 and nothing written', async () => {
    for (const bad of [
      { ...chart, metricName: undefined },
      { ...chart, metricName: 'http errors' },
      { ...chart, timeRange: 'year' },
      { ...chart, aggregationMode: 'max' },
      { ...chart, yAxisMin: 'one' },
      { ...chart, labelSelectors: { route: '/checkout' } },
      { ...chart, labelSelectors: { 'bad-label': ['x'] } },
      { ...chart, title: 'x'.repeat(256) },
    ]) {
      await expectRejectedWithoutEvent(t, 'POST', INSTANCE_CONFIG, bad, 400);
      await expectRejectedWithoutEvent(t, 'POST', FLAG_CONFIG, bad, 400);
    }
  });

  it("saves and deletes a flag's charts with the flag's events; UPDATE_FEATURE is needed", async () => {
    expect(await call(t, 'GET', FLAG_CONFIG, undefined, 200)).toEqual({ configs: [] });
    const before = await latestEventId(t.db);
    const saved = await call<ImpactMetricsConfig>(t, 'POST', FLAG_CONFIG, chart, 200);
    expect((await call<ImpactMetricsConfigList>(t, 'GET', FLAG_CONFIG, undefined, 200)).configs).toEqual([
      saved,
    ]);
    // The instance's charts and the flag's are apart.
    expect((await call<ImpactMetricsConfigList>(t, 'GET', INSTANCE_CONFIG, undefined, 200)).configs).toEqual(
      [],
    );
    await expectRejectedWithoutEvent(t, 'DELETE', `${INSTANCE_CONFIG}/${saved.id}`, undefined, 404);

    const series = await call<ImpactMetricSeries>(
      t,
      'GET',
      `${FLAG_CONFIG}/${saved.id}/series`,
      undefined,
      200,
    );
    expect(series.step).toBe('1m');
    expect(series.points).toHaveLength(60);

    expect((await viewer('POST', FLAG_CONFIG, chart)).statusCode).toBe(403);
    expect((await viewer('DELETE', `${FLAG_CONFIG}/${saved.id}`)).statusCode).toBe(403);
    expect((await viewer('GET', FLAG_CONFIG)).statusCode).toBe(200);
    const byEditor = await editor('POST', FLAG_CONFIG, { ...chart, title: 'By an editor' });
    expect(byEditor.statusCode, byEditor.body).toBe(200);

    await call(t, 'DELETE', `${FLAG_CONFIG}/${saved.id}`, undefined, 204);
    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => [e.type, e.featureName, e.project])).toEqual([
      ['impact-metric-created', FLAG, 'default'],
      ['impact-metric-created', FLAG, 'default'],
      ['impact-metric-deleted', FLAG, 'default'],
    ]);
    await expectRejectedWithoutEvent(t, 'DELETE', `${FLAG_CONFIG}/${saved.id}`, undefined, 404);
    const unknownFlag = '/api/admin/projects/default/features/no.such.flag/impact-metrics/config';
    await expectRejectedWithoutEvent(t, 'GET', unknownFlag, undefined, 404);
    await expectRejectedWithoutEvent(t, 'POST', unknownFlag, chart, 404);
  });

  it('bounds the charts of a flag', async () => {
    const flag = 'charts.bounded';
    await createFlag(t, flag);
    const path = `/api/admin/projects/default/features/${flag}/impact-metrics/config`;
    for (let i = 0; i < 20; i++) await call(t, 'POST', path, { ...chart, title: `c${i}` }, 200);
    const refused = await expectRejectedWithoutEvent(t, 'POST', path, chart, 400);
    expect(refused.json().name).toBe('ExceedsLimitError');
  });

  it('answers plausible metrics with a 404: no Plausible site is connected', async () => {
    const response = await t.request('GET', '/api/admin/impact-metrics/plausible');
    expect(response.statusCode).toBe(404);
    expect(response.json().name).toBe('NotFoundError');
  });

  it('sets, replaces and deletes the safeguard of a flag environment, each with its event', async () => {
    const before = await latestEventId(t.db);
    await call(t, 'PUT', SAFEGUARDS, safeguard, 204);
    await call(
      t,
      'PUT',
      SAFEGUARDS,
      { ...safeguard, triggerCondition: { operator: '>', threshold: 9 } },
      204,
    );
    const rows = await t.db.selectFrom('feature_environment_safeguards').selectAll().execute();
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;
    // The flag's view shows it on its environment (featureEnvironmentSchema.safeguards).
    const view = await call<{ environments: { name: string; safeguards?: unknown[] }[] }>(
      t,
      'GET',
      `/api/admin/projects/default/features/${FLAG}`,
      undefined,
      200,
    );
    expect(view.environments.find((e) => e.name === 'development')?.safeguards).toEqual([
      expect.objectContaining({ id, triggerCondition: { operator: '>', threshold: 9 }, triggeredAt: null }),
    ]);
    expect(view.environments.find((e) => e.name === 'production')?.safeguards).toEqual([]);
    await call(t, 'DELETE', `${SAFEGUARDS}/${id}`, undefined, 204);
    const events = await eventsAfter(t.db, before);
    expect(events.map((e) => [e.type, e.featureName, e.environment])).toEqual([
      ['safeguard-changed', FLAG, 'development'],
      ['safeguard-changed', FLAG, 'development'],
      ['safeguard-deleted', FLAG, 'development'],
    ]);
    expect(events[0]!.data).toMatchObject({
      id,
      action: {
        type: 'disableFeatureEnvironment',
        featureName: FLAG,
        environment: 'development',
        project: 'default',
      },
      triggerCondition: { operator: '>', threshold: 5 },
      impactMetric: { metricName: 'http_errors', source: 'internal' },
    });
    expect(events[1]!.preData).toMatchObject({ triggerCondition: { threshold: 5 } });
    expect(events[2]!.preData).toMatchObject({ id });

    await expectRejectedWithoutEvent(t, 'DELETE', `${SAFEGUARDS}/${id}`, undefined, 404);
    const badMetric = { ...safeguard, impactMetric: { ...safeguard.impactMetric, metricName: 'bad name' } };
    await expectRejectedWithoutEvent(t, 'PUT', SAFEGUARDS, badMetric, 400);
    await expectRejectedWithoutEvent(t, 'PUT', SAFEGUARDS, { impactMetric: safeguard.impactMetric }, 400);
    await expectRejectedWithoutEvent(
      t,
      'PUT',
      SAFEGUARDS,
      { ...safeguard, triggerCondition: { operator: '>=', threshold: 1 } },
      400,
    );
    const noEnvironment = SAFEGUARDS.replace('/development/', '/no-such-env/');
    await expectRejectedWithoutEvent(t, 'PUT', noEnvironment, safeguard, 404);
    expect((await viewer('PUT', SAFEGUARDS, safeguard)).statusCode).toBe(403);
    expect((await viewer('DELETE', `${SAFEGUARDS}/${id}`)).statusCode).toBe(403);
  });
});
