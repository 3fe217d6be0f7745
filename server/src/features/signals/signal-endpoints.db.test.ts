import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { call, expectRejectedWithoutEvent } from '../../../../tests/helpers/flag-model';
import { eventsOfType } from '../../../../tests/helpers/identity';
import { createTestApp } from '../../../../tests/helpers/test-app';

const BASE = '/api/admin/signal-endpoints';

describe('signal endpoints and tokens', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());
  const post = (name: string, body: unknown, authorization?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/signal-endpoint/${name}`,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('creates an endpoint with its URL, lists it, writes signal-endpoint-created', async () => {
    const created = await call<Record<string, unknown>>(
      t,
      'POST',
      BASE,
      { name: 'alerts', description: 'PagerDuty' },
      201,
    );
    expect(created).toMatchObject({ name: 'alerts', enabled: true, description: 'PagerDuty', tokens: [] });
    expect(created.url).toMatch(/\/api\/signal-endpoint\/alerts$/);
    const list = await call<{ signalEndpoints: unknown[] }>(t, 'GET', BASE, undefined, 200);
    expect(list.signalEndpoints).toEqual([expect.objectContaining({ id: created.id, name: 'alerts' })]);
    const [event] = await eventsOfType(t, 'signal-endpoint-created');
    expect(event?.data).toMatchObject({ id: created.id, name: 'alerts' });
  });

  it('refuses a duplicate or URL-unsafe name with 409 / 400 and no event', async () => {
    expect((await expectRejectedWithoutEvent(t, 'POST', BASE, { name: 'alerts' }, 409)).json().name).toBe(
      'NameExistsError',
    );
    await expectRejectedWithoutEvent(t, 'POST', BASE, { name: 'a/b' }, 400);
    await expectRejectedWithoutEvent(t, 'POST', BASE, { name: 'with space' }, 400);
    await expectRejectedWithoutEvent(t, 'POST', BASE, { name: '' }, 400);
    await expectRejectedWithoutEvent(t, 'POST', BASE, { name: 'x'.repeat(101) }, 400);
    await expectRejectedWithoutEvent(t, 'POST', BASE, { name: 'nul\u0000' }, 400);
    await expectRejectedWithoutEvent(t, 'PUT', `${BASE}/2147483648`, { enabled: false }, 400);
    await expectRejectedWithoutEvent(t, 'PUT', `${BASE}/2147483647`, { enabled: false }, 404);
  });

  it('answers an update naming no field with the endpoint unchanged and no event (issue 31 §6)', async () => {
    const { signalEndpoints } = await call<{ signalEndpoints: Array<{ id: number }> }>(
      t,
      'GET',
      BASE,
      undefined,
      200,
    );
    const id = signalEndpoints[0]?.id as number;
    const before = await eventsOfType(t, 'signal-endpoint-updated');
    for (const payload of ['{}', '']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/${id}`,
        headers: { ...t.adminHeaders, 'content-type': 'application/json' },
        payload,
      });
      expect([payload, response.statusCode]).toEqual([payload, 200]);
      expect(response.json()).toMatchObject({ id, name: 'alerts', enabled: true, description: 'PagerDuty' });
    }
    expect(await eventsOfType(t, 'signal-endpoint-updated')).toEqual(before);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/2147483647`,
      headers: { ...t.adminHeaders, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps Unleash limits: 5 endpoints, 5 tokens per endpoint (ExceedsLimitError)', async () => {
    for (const name of ['e2', 'e3', 'e4', 'e5']) await call(t, 'POST', BASE, { name }, 201);
    const sixth = await expectRejectedWithoutEvent(t, 'POST', BASE, { name: 'e6' }, 400);
    expect(sixth.json().name).toBe('ExceedsLimitError');
    const { signalEndpoints } = await call<{ signalEndpoints: Array<{ id: number; name: string }> }>(
      t,
      'GET',
      BASE,
      undefined,
      200,
    );
    const e5 = signalEndpoints.find((e) => e.name === 'e5') as { id: number };
    for (let i = 0; i < 5; i += 1) await call(t, 'POST', `${BASE}/${e5.id}/tokens`, { name: `t${i}` }, 201);
    const extra = await expectRejectedWithoutEvent(t, 'POST', `${BASE}/${e5.id}/tokens`, { name: 't5' }, 400);
    expect(extra.json().name).toBe('ExceedsLimitError');
    for (const { id, name } of signalEndpoints.filter((e) => e.name !== 'alerts')) {
      await call(t, 'DELETE', `${BASE}/${id}`, undefined, 200);
      expect((await eventsOfType(t, 'signal-endpoint-deleted'))[0]?.pre_data).toMatchObject({ name });
    }
    expect(await t.db.selectFrom('signal_endpoint_tokens').selectAll().execute()).toEqual([]);
  });

  it('shows a token secret once, keeps only its hash, renames and deletes it with events', async () => {
    const endpoint = await call<{ id: number }>(t, 'POST', BASE, { name: 'tokened' }, 201);
    const token = await call<{ id: number; token: string; name: string }>(
      t,
      'POST',
      `${BASE}/${endpoint.id}/tokens`,
      { name: 'ci' },
      201,
    );
    expect(token.token).toMatch(/^[0-9a-f]{64}$/);
    const listed = await call<{ signalEndpointTokens: object[] }>(
      t,
      'GET',
      `${BASE}/${endpoint.id}/tokens`,
      undefined,
      200,
    );
    expect(listed.signalEndpointTokens).toEqual([
      expect.objectContaining({ id: token.id, name: 'ci', signalEndpointId: endpoint.id }),
    ]);
    expect(listed.signalEndpointTokens[0]).not.toHaveProperty('token');
    const { rows } = await sql<{
      row: string;
    }>`select row_to_json(s)::text as row from signal_endpoint_tokens s`.execute(t.db);
    expect(rows.map((r) => r.row).join()).not.toContain(token.token);
    const events = await t.db
      .selectFrom('events')
      .select(['data'])
      .where('type', 'like', 'signal-endpoint-token%')
      .execute();
    expect(JSON.stringify(events)).not.toContain(token.token);

    const renamed = await call(t, 'PUT', `${BASE}/${endpoint.id}/tokens/${token.id}`, { name: 'ci-2' }, 200);
    expect(renamed).toMatchObject({ id: token.id, name: 'ci-2' });
    expect((await eventsOfType(t, 'signal-endpoint-token-updated'))[0]?.data).toMatchObject({ name: 'ci-2' });
    await call(t, 'DELETE', `${BASE}/${endpoint.id}/tokens/${token.id}`, undefined, 200);
    expect(await eventsOfType(t, 'signal-endpoint-token-deleted')).toHaveLength(1);
    await call(t, 'DELETE', `${BASE}/${endpoint.id}/tokens/${token.id}`, undefined, 404);
  });

  it('receives a signal with the token (Bearer or not), stores source, payload and token name', async () => {
    const endpoint = await call<{ id: number }>(t, 'POST', BASE, { name: 'incoming' }, 201);
    const { token } = await call<{ token: string }>(
      t,
      'POST',
      `${BASE}/${endpoint.id}/tokens`,
      { name: 'grafana' },
      201,
    );
    expect((await post('incoming', { type: 'alert', level: 3 }, token)).statusCode).toBe(200);
    expect((await post('incoming', { type: 'second' }, `Bearer ${token}`)).statusCode).toBe(200);
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/signal-endpoint/incoming',
      headers: { authorization: token },
    });
    expect(noBody.statusCode).toBe(200);
    const { signalEndpointSignals } = await call<{ signalEndpointSignals: object[] }>(
      t,
      'GET',
      `${BASE}/${endpoint.id}/signals`,
      undefined,
      200,
    );
    expect(signalEndpointSignals).toEqual([
      expect.objectContaining({ payload: {}, tokenName: 'grafana' }),
      expect.objectContaining({ payload: { type: 'second' }, tokenName: 'grafana' }),
      expect.objectContaining({ payload: { type: 'alert', level: 3 }, tokenName: 'grafana' }),
    ]);
    const stored = await t.db
      .selectFrom('signals')
      .selectAll()
      .where('source_id', '=', endpoint.id)
      .execute();
    expect(stored.every((row) => row.source === 'signal-endpoint')).toBe(true);
  });

  it('refuses a wrong token (401), an unknown or disabled endpoint (404), storing nothing', async () => {
    const endpoint = await call<{ id: number }>(t, 'POST', BASE, { name: 'guarded' }, 201);
    const { token } = await call<{ token: string }>(
      t,
      'POST',
      `${BASE}/${endpoint.id}/tokens`,
      { name: 'x' },
      201,
    );
    expect((await post('guarded', {}, 'wrong')).statusCode).toBe(401);
    expect((await post('guarded', {})).statusCode).toBe(401);
    expect((await post('guarded', {}, t.adminHeaders.authorization)).statusCode).toBe(401);
    expect((await post('nope', {}, token)).statusCode).toBe(404);
    await call(t, 'POST', `${BASE}/${endpoint.id}/off`, undefined, 200);
    expect((await post('guarded', {}, token)).statusCode).toBe(404);
    await call(t, 'POST', `${BASE}/${endpoint.id}/on`, undefined, 200);
    expect((await post('guarded', { ok: true }, token)).statusCode).toBe(200);
    const count = await t.db
      .selectFrom('signals')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('source_id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('bounds hostile bodies: size, depth, non-objects, NUL bytes, never a 5xx', async () => {
    const { signalEndpoints } = await call<{ signalEndpoints: Array<{ id: number; name: string }> }>(
      t,
      'GET',
      BASE,
      undefined,
      200,
    );
    const endpoint = signalEndpoints.find((e) => e.name === 'guarded') as { id: number };
    const { token } = await call<{ token: string }>(
      t,
      'POST',
      `${BASE}/${endpoint.id}/tokens`,
      { name: 'hostile' },
      201,
    );
    // Under the per-endpoint rate limit: a fresh one-second window first.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post('guarded', { big: 'x'.repeat(70 * 1024) }, token)).statusCode).toBe(413);
    expect((await post('guarded', `${'['.repeat(5000)}${']'.repeat(5000)}`, token)).statusCode).toBe(400);
    expect(
      (await post('guarded', { deep: JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) }, token))
        .statusCode,
    ).toBe(400);
    expect((await post('guarded', '[1,2]', token)).statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post('guarded', '"text"', token)).statusCode).toBe(400);
    expect((await post('guarded', '{"a":', token)).statusCode).toBe(400);
    expect((await post('guarded', { nul: 'a\u0000b' }, token)).statusCode).toBeLessThan(500);
    expect((await post('guarded', { 'k\u0000': 1 }, token)).statusCode).toBeLessThan(500);
    expect((await post('x'.repeat(500), {}, token)).statusCode).toBe(400);
  });

  it('keeps the newest signals of an endpoint only', async () => {
    const { signalEndpoints } = await call<{ signalEndpoints: Array<{ id: number; name: string }> }>(
      t,
      'GET',
      BASE,
      undefined,
      200,
    );
    const target = signalEndpoints.find((e) => e.name === 'incoming') as { id: number };
    await t.db
      .insertInto('signals')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          source: 'signal-endpoint',
          source_id: target.id,
          payload: JSON.stringify({ i }),
          processed_at: new Date(),
        })),
      )
      .execute();
    const { token } = await call<{ token: string }>(
      t,
      'POST',
      `${BASE}/${target.id}/tokens`,
      { name: 'prune' },
      201,
    );
    expect((await post('incoming', { last: true }, token)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('signals')
      .select('payload')
      .where('source_id', '=', target.id)
      .orderBy('id', 'desc')
      .execute();
    expect(rows).toHaveLength(100);
    expect(rows[0]?.payload).toEqual({ last: true });
  });

  it('rate-limits calls per endpoint with a 429 in Unleash error shape', async () => {
    const { signalEndpoints } = await call<{ signalEndpoints: Array<{ id: number; name: string }> }>(
      t,
      'GET',
      BASE,
      undefined,
      200,
    );
    const target = signalEndpoints.find((e) => e.name === 'tokened') as { id: number };
    const { token } = await call<{ token: string }>(
      t,
      'POST',
      `${BASE}/${target.id}/tokens`,
      { name: 'burst' },
      201,
    );
    const statuses = await Promise.all(
      Array.from({ length: 15 }, () => post('tokened', {}, token).then((r) => r.statusCode)),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    const limited = await post('tokened', {}, token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().name).toBe('RateLimitError');
  });

  it('is admin only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: BASE });
    expect(anonymous.statusCode).toBe(401);
  });
});
