import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { createApiToken } from '../../../../tests/helpers/identity';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { experimentDataRetentionJob, readVariantStats } from './index';

// Issue 35 §1 "Data in", through the real app: tracking endpoints and their bounds, exposures
// recorded where the server evaluates (frontend API, OFREP) and posted by server SDKs, the
// flush into per-user metrics (window, pre-exposure covariate), the readout's sums, retention.

const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ago = (ms: number) => new Date(Date.now() - ms);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(50);
  }
}

describe('experiment data', () => {
  let t: TestApp;
  let frontendToken: string;
  let clientToken: string;
  let productionToken: string;
  let stagingToken: string;
  let checkoutId: number;
  let pricingId: number;

  const post = (
    url: string,
    token: string,
    payload: unknown,
    extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: token, 'content-type': 'application/json', ...extra.headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
    });

  async function insertExperiment(row: {
    featureName: string;
    environment: string;
    status: 'running' | 'stopped';
    startedAt: Date;
    stoppedAt?: Date;
    metrics: object[];
  }): Promise<number> {
    const inserted = await t.db
      .insertInto('experiments')
      .values({
        project: 'default',
        feature_name: row.featureName,
        environment: row.environment,
        name: `${row.featureName} test`,
        control_variant: 'control',
        variants: JSON.stringify([
          { name: 'control', weight: 50 },
          { name: 'treatment', weight: 50 },
        ]),
        metrics: JSON.stringify(row.metrics),
        status: row.status,
        started_at: row.startedAt,
        stopped_at: row.stoppedAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  const exposuresOf = (experimentId: number) =>
    t.db
      .selectFrom('experiment_exposures')
      .select(['user_key', 'variant', 'exposed_at'])
      .where('experiment_id', '=', experimentId)
      .orderBy('user_key')
      .execute();

  const metricsOf = (experimentId: number, eventName: string) =>
    t.db
      .selectFrom('experiment_user_metrics')
      .select(['user_key', 'events', 'value_sum', 'pre_events', 'pre_value_sum'])
      .where('experiment_id', '=', experimentId)
      .where('event_name', '=', eventName)
      .orderBy('user_key')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ metricsFlushIntervalSeconds: 0.2 });
    for (const flag of ['checkout', 'pricing', 'search']) {
      await createFlag(t, flag);
      for (const environment of ['development', 'production']) {
        const base = `/api/admin/projects/default/features/${flag}/environments/${environment}`;
        await call(t, 'POST', `${base}/strategies`, { name: 'default' }, 200);
        await call(
          t,
          'PUT',
          `${base}/variants`,
          ['control', 'treatment'].map((name) => ({
            name,
            weight: 500,
            weightType: 'variable',
            stickiness: 'default',
          })),
          200,
        );
        await call(t, 'POST', `${base}/on`, undefined, 200);
      }
    }
    frontendToken = await createApiToken(t, { type: 'frontend', environment: 'development' });
    clientToken = await createApiToken(t, { type: 'client', environment: 'development' });
    productionToken = await createApiToken(t, { type: 'client', environment: 'production' });
    await call(t, 'POST', '/api/admin/environments', { name: 'staging', type: 'test' }, 201);
    stagingToken = await createApiToken(t, { type: 'client', environment: 'staging' });
    checkoutId = await insertExperiment({
      featureName: 'checkout',
      environment: 'development',
      status: 'running',
      startedAt: ago(HOUR),
      metrics: [
        { eventName: 'purchase', role: 'primary', type: 'binomial', higherIsBetter: true, windowHours: 24 },
      ],
    });
    // A stopped experiment: its flag's evaluations are no exposures.
    await insertExperiment({
      featureName: 'search',
      environment: 'development',
      status: 'stopped',
      startedAt: ago(10 * HOUR),
      stoppedAt: ago(HOUR),
      metrics: [],
    });
    pricingId = await insertExperiment({
      featureName: 'pricing',
      environment: 'production',
      status: 'running',
      startedAt: ago(72 * HOUR),
      metrics: [
        { eventName: 'purchase', role: 'primary', type: 'binomial', higherIsBetter: true, windowHours: 24 },
        { eventName: 'revenue', role: 'secondary', type: 'mean', higherIsBetter: true, windowHours: 48 },
      ],
    });
    // The running experiments are read again every flush interval (0.2 s here).
    await sleep(700);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('accepts one event, {events} and an array with 202 and counts them per hour', async () => {
    const one = { eventName: 'page-view', context: { sessionId: 's1' } };
    for (const body of [one, { events: [one, one] }, [{ ...one, value: 3 }]]) {
      const response = await post('/api/frontend/track', frontendToken, body, {
        headers: { origin: 'https://shop.example' },
      });
      expect(response.statusCode, response.body).toBe(202);
      expect(response.body).toBe('');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    expect((await post('/api/client/track', clientToken, { eventName: 'page-view' })).statusCode).toBe(202);
    const rows = await waitFor(
      () =>
        t.db.selectFrom('tracked_events_hourly').selectAll().where('event_name', '=', 'page-view').execute(),
      (found) => Number(found[0]?.events ?? 0) >= 5,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ environment: 'development', events: 5, value_sum: 7 });
    expect((rows[0]?.hour.getTime() ?? -1) % HOUR).toBe(0);
  });

  it('refuses every bound with the right 4xx and keeps nothing of a refused request', async () => {
    const refused = async (url: string, token: string, body: unknown, status: number) => {
      const response = await post(url, token, body);
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${response.body}`).toBe(status);
      return response;
    };
    const track = '/api/frontend/track';
    await refused(track, frontendToken, { eventName: 'x'.repeat(101) }, 400);
    await refused(track, frontendToken, { eventName: 'two words' }, 400);
    await refused(track, frontendToken, { eventName: '' }, 400);
    await refused(track, frontendToken, { eventName: 'buy', value: 1e10 }, 400);
    await refused(track, frontendToken, { eventName: 'buy', context: { userId: 'u'.repeat(256) } }, 400);
    await refused(track, frontendToken, { eventName: 'buy', timestamp: ago(-HOUR).toISOString() }, 400);
    await refused(
      track,
      frontendToken,
      { eventName: 'buy', timestamp: ago(8 * 24 * HOUR).toISOString() },
      400,
    );
    await refused(track, frontendToken, { eventName: 'buy', timestamp: 'soon' }, 400);
    await refused(track, frontendToken, { events: [] }, 400);
    await refused(
      track,
      frontendToken,
      { events: Array.from({ length: 101 }, () => ({ eventName: 'buy' })) },
      400,
    );
    // Not an event at all: never a 5xx.
    const deep = `${'['.repeat(5000)}{"eventName":"buy"}${']'.repeat(5000)}`;
    for (const body of ['not json', 'null', '"buy"', '{"events":"buy"}', deep]) {
      await refused(track, frontendToken, body, 400);
    }
    const text = await t.app.inject({
      method: 'POST',
      url: track,
      headers: { authorization: frontendToken, 'content-type': 'text/plain' },
      payload: 'buy',
    });
    expect(text.statusCode).toBe(415);
    const huge = [{ eventName: 'buy', context: { note: 'x'.repeat(140 * 1024) } }];
    const tooLarge = await refused(track, frontendToken, huge, 413);
    expect(tooLarge.json().name).toBe('PayloadTooLargeError');
    await refused(track, '', { eventName: 'buy' }, 401);
    await refused(
      '/api/client/exposures',
      clientToken,
      { exposures: [{ featureName: 'checkout', variant: 'a', context: {} }] },
      400,
    );
    const refusedNames = await t.db
      .selectFrom('tracked_events_hourly')
      .select('event_name')
      .where('event_name', '=', 'buy')
      .execute();
    expect(refusedNames).toEqual([]);
  });

  it('limits the events of each caller (token and IP) with 429 and Retry-After', async () => {
    const hundred = { events: Array.from({ length: 100 }, () => ({ eventName: 'scroll' })) };
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let index = 0; index < 7; index += 1) {
      last = await post('/api/frontend/track', frontendToken, hundred, { remoteAddress: '198.51.100.7' });
      statuses.push(last.statusCode);
    }
    // A burst of 600 events, then 10 a second.
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
    expect(last?.json().name).toBe('RateLimitError');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    // Another browser behind another address is not held back.
    const other = await post('/api/frontend/track', frontendToken, hundred, {
      remoteAddress: '198.51.100.8',
    });
    expect(other.statusCode).toBe(202);
  });

  it('keeps at most 500 distinct event names per environment (429 for more)', async () => {
    for (let batch = 0; batch < 5; batch += 1) {
      const events = Array.from({ length: 100 }, (_, index) => ({ eventName: `name-${batch}-${index}` }));
      expect((await post('/api/client/track', stagingToken, events)).statusCode).toBe(202);
    }
    const past = await post('/api/client/track', stagingToken, { eventName: 'one-more' });
    expect(past.statusCode).toBe(429);
    expect(past.json().name).toBe('RateLimitError');
    // Names it keeps already still count.
    expect((await post('/api/client/track', stagingToken, { eventName: 'name-0-0' })).statusCode).toBe(202);
    // Other environments have their own names.
    expect((await post('/api/client/track', clientToken, { eventName: 'one-more' })).statusCode).toBe(202);
  });

  it('records the first exposure of users the frontend API and OFREP serve a running experiment', async () => {
    const served = new Map<string, string>();
    for (let index = 0; index < 20; index += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/frontend?userId=u${index}`,
        headers: { authorization: frontendToken },
      });
      const toggles = response.json<{ toggles: { name: string; variant: { name: string } }[] }>().toggles;
      served.set(`u${index}`, toggles.find((toggle) => toggle.name === 'checkout')!.variant.name);
    }
    // Polling again changes nothing: the first exposure stays.
    await t.app.inject({
      method: 'GET',
      url: '/api/frontend?userId=u0',
      headers: { authorization: frontendToken },
    });
    // A sessionId the caller sent keys a user; a sessionId the server made up does not.
    await t.app.inject({
      method: 'GET',
      url: '/api/frontend?sessionId=s-42',
      headers: { authorization: frontendToken },
    });
    await t.app.inject({ method: 'GET', url: '/api/frontend', headers: { authorization: frontendToken } });
    const ofrep = await t.app.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags/checkout',
      headers: { authorization: clientToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ context: { targetingKey: 'ofrep-user' } }),
    });
    expect(ofrep.statusCode).toBe(200);
    const rows = await waitFor(
      () => exposuresOf(checkoutId),
      (found) => found.length >= 22,
    );
    expect(Object.fromEntries(rows.map((row) => [row.user_key, row.variant]))).toEqual({
      ...Object.fromEntries(served),
      's-42': expect.any(String),
      'ofrep-user': ofrep.json().variant,
    });
    expect(new Set(served.values())).toEqual(new Set(['control', 'treatment']));
    // The stopped experiment's flag was served too, but nobody was exposed to it.
    const stopped = await t.db
      .selectFrom('experiment_exposures')
      .innerJoin('experiments', 'experiments.id', 'experiment_exposures.experiment_id')
      .select('user_key')
      .where('experiments.feature_name', '=', 'search')
      .execute();
    expect(stopped).toEqual([]);
  });

  it('counts conversions after exposure in the window and earlier events as the covariate', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/frontend?userId=buyer',
      headers: { authorization: frontendToken },
    });
    expect(response.statusCode).toBe(200);
    // Sent before the exposure is written: the flush writes exposures first.
    const events = [
      { eventName: 'purchase', context: { userId: 'buyer' }, value: 30 },
      { eventName: 'purchase', context: { userId: 'buyer' }, timestamp: ago(2 * HOUR).toISOString() },
      // Not exposed (no flag evaluated for them): only the covariate.
      { eventName: 'purchase', context: { userId: 'stranger' } },
    ];
    expect((await post('/api/frontend/track', frontendToken, events)).statusCode).toBe(202);
    const rows = await waitFor(
      () => metricsOf(checkoutId, 'purchase'),
      (found) => found.length >= 2,
    );
    expect(rows).toEqual([
      { user_key: 'buyer', events: 1, value_sum: 30, pre_events: 1, pre_value_sum: 1 },
      { user_key: 'stranger', events: 0, value_sum: 0, pre_events: 1, pre_value_sum: 1 },
    ]);
  });

  it('reads per-variant sums for binomial and mean metrics, windows and covariates included', async () => {
    const exposure = (user: string, variant: string, at: Date) => ({
      featureName: 'pricing',
      variant,
      context: { userId: user },
      timestamp: at.toISOString(),
    });
    const exposures = [
      exposure('c1', 'control', ago(2 * HOUR)),
      exposure('c2', 'control', ago(2 * HOUR)),
      exposure('c3', 'control', ago(30 * HOUR)),
      exposure('t1', 'treatment', ago(2 * HOUR)),
      exposure('t2', 'treatment', ago(2 * HOUR)),
      // Not a variant of the experiment, and a flag without one: both ignored.
      exposure('x1', 'disabled', ago(2 * HOUR)),
      { ...exposure('x2', 'control', ago(2 * HOUR)), featureName: 'checkout' },
    ];
    expect((await post('/api/client/exposures', productionToken, { exposures })).statusCode).toBe(202);
    const event = (user: string, eventName: string, value: number, at: Date) => ({
      eventName,
      context: { userId: user },
      value,
      timestamp: at.toISOString(),
    });
    const inside = ago(HOUR);
    const before = ago(3 * HOUR);
    const events = [
      event('c1', 'purchase', 1, inside),
      event('c1', 'purchase', 1, inside),
      event('c1', 'revenue', 10, inside),
      event('c1', 'revenue', 5, inside),
      event('c2', 'purchase', 1, before),
      event('c2', 'revenue', 7, before),
      // 29 hours after exposure: outside purchase's 24 h window, inside revenue's 48 h.
      event('c3', 'purchase', 1, inside),
      event('c3', 'revenue', 100, inside),
      event('t1', 'purchase', 1, inside),
      event('t1', 'purchase', 1, before),
      event('t1', 'revenue', 20, inside),
      event('t1', 'revenue', 4, before),
      event('t2', 'purchase', 1, inside),
      event('t2', 'revenue', 3, inside),
    ];
    expect((await post('/api/client/track', productionToken, events)).statusCode).toBe(202);
    await waitFor(
      () =>
        t.db
          .selectFrom('experiment_user_metrics')
          .select('user_key')
          .where('experiment_id', '=', pricingId)
          .execute(),
      (found) => found.length >= 9,
    );
    expect((await exposuresOf(pricingId)).map((row) => row.user_key)).toEqual(['c1', 'c2', 'c3', 't1', 't2']);
    const binomial = await readVariantStats(t.db, pricingId, { eventName: 'purchase', type: 'binomial' });
    expect(binomial).toEqual([
      {
        name: 'control',
        users: 3,
        sum: 1,
        sumSquares: 1,
        covariate: { sum: 1, sumSquares: 1, sumProducts: 0 },
      },
      {
        name: 'treatment',
        users: 2,
        sum: 2,
        sumSquares: 2,
        covariate: { sum: 1, sumSquares: 1, sumProducts: 1 },
      },
    ]);
    const mean = await readVariantStats(t.db, pricingId, { eventName: 'revenue', type: 'mean' });
    expect(mean).toEqual([
      {
        name: 'control',
        users: 3,
        sum: 115,
        sumSquares: 10_225,
        covariate: { sum: 7, sumSquares: 49, sumProducts: 0 },
      },
      {
        name: 'treatment',
        users: 2,
        sum: 23,
        sumSquares: 409,
        covariate: { sum: 4, sumSquares: 16, sumProducts: 80 },
      },
    ]);
  });

  it('deletes per-user rows of long-stopped experiments and old hourly counts, keeping the rest', async () => {
    const oldId = await insertExperiment({
      featureName: 'search',
      environment: 'production',
      status: 'stopped',
      startedAt: ago(60 * 24 * HOUR),
      stoppedAt: ago(40 * 24 * HOUR),
      metrics: [],
    });
    await t.db
      .insertInto('experiment_exposures')
      .values({ experiment_id: oldId, user_key: 'gone', variant: 'control', exposed_at: ago(50 * 24 * HOUR) })
      .execute();
    await t.db
      .insertInto('experiment_user_metrics')
      .values({ experiment_id: oldId, user_key: 'gone', event_name: 'purchase', events: 1 })
      .execute();
    await t.db
      .insertInto('tracked_events_hourly')
      .values({ event_name: 'ancient', environment: 'production', hour: ago(100 * 24 * HOUR), events: 1 })
      .execute();
    const job = experimentDataRetentionJob({ perUserDays: 30, hourlyDays: 90 });
    const claimed = await t.db.transaction().execute(async (trx) => {
      const rows = await job.claimDue(trx, 1);
      for (const row of rows) await job.run(trx, row);
      return rows.length;
    });
    expect(claimed).toBe(1);
    expect(await exposuresOf(oldId)).toEqual([]);
    expect(await metricsOf(oldId, 'purchase')).toEqual([]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from tracked_events_hourly where event_name = 'ancient'`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
    // The running experiments' rows and recent counts stay; nothing is left to claim.
    expect((await exposuresOf(pricingId)).length).toBe(5);
    expect(await t.db.transaction().execute((trx) => job.claimDue(trx, 1))).toEqual([]);
  });
});
