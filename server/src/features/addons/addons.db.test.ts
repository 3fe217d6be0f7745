import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import UNLEASH_PROVIDERS from '../../../../tests/fixtures/unleash-addons/providers.json' with {
  type: 'json',
};
import { call } from '../../../../tests/helpers/flag-model';
import { createTestApp } from '../../../../tests/helpers/test-app';
import { buildApp } from '../../app/build-app';
import { createLogger } from '../../lib/logger';

const BASE = '/api/admin/addons';
const HOOK_URL = 'https://hooks.example.com/services/T000/B000/very-secret-path';
const AUTH = 'Bearer super-secret-token';

const webhook = (extra: object = {}) => ({
  provider: 'webhook',
  description: 'ops',
  enabled: true,
  parameters: { url: HOOK_URL, authorization: AUTH, customHeaders: '{"X-Team":"checkout"}' },
  events: ['feature-created'],
  ...extra,
});

describe('addons API', async () => {
  const t = await createTestApp();
  afterAll(() => t.close());

  it('lists the providers with Unleash names, parameters and the sensitive flags', async () => {
    const body = await call<{
      addons: unknown[];
      providers: Array<{
        name: string;
        events: string[];
        parameters: Array<{ name: string; sensitive: boolean }>;
        tagTypes?: unknown[];
      }>;
    }>(t, 'GET', BASE, undefined, 200);
    expect(body.providers.map((p) => p.name)).toEqual([
      'webhook',
      'slack-app',
      'slack',
      'teams',
      'teamsworkflow',
      'datadog',
      'new-relic',
    ]);
    const sensitive = Object.fromEntries(
      body.providers.map((p) => [p.name, p.parameters.filter((x) => x.sensitive).map((x) => x.name)]),
    );
    // Unleash's sensitive parameters (customHeaders too), and the webhook's own signing secret.
    expect(sensitive).toEqual({
      webhook: ['url', 'authorization', 'customHeaders', 'signingSecret'],
      'slack-app': ['accessToken'],
      slack: ['url', 'customHeaders'],
      teams: ['url', 'customHeaders'],
      teamsworkflow: ['url', 'customHeaders'],
      datadog: ['apiKey', 'customHeaders'],
      'new-relic': ['licenseKey', 'customHeaders'],
    });
    for (const provider of body.providers) {
      expect([provider.name, provider.events]).toEqual([
        provider.name,
        UNLEASH_PROVIDERS[provider.name as keyof typeof UNLEASH_PROVIDERS].events,
      ]);
      const unleashSensitive = UNLEASH_PROVIDERS[provider.name as keyof typeof UNLEASH_PROVIDERS].sensitive;
      expect(sensitive[provider.name]?.filter((name) => name !== 'signingSecret')).toEqual(unleashSensitive);
    }
    expect(body.providers.find((p) => p.name === 'slack-app')?.tagTypes).toEqual([
      expect.objectContaining({ name: 'slack' }),
    ]);
  });

  let id = 0;
  it('creates a webhook: 201, secrets masked, the generated signing secret shown once, stored sealed', async () => {
    const created = await call<{ id: number; parameters: Record<string, string>; delivery: unknown }>(
      t,
      'POST',
      BASE,
      webhook(),
      201,
    );
    id = created.id;
    expect(created.parameters).toMatchObject({
      url: '*****',
      authorization: '*****',
      customHeaders: '*****',
    });
    expect(created.parameters.signingSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(created.delivery).toEqual({
      state: 'active',
      pausedUntil: null,
      lastError: null,
      pendingEvents: 0,
      lastDeliveredAt: null,
    });
    const got = await call<{ parameters: Record<string, string> }>(t, 'GET', `${BASE}/${id}`, undefined, 200);
    expect(got.parameters).toEqual({
      url: '*****',
      authorization: '*****',
      customHeaders: '*****',
      signingSecret: '*****',
    });
    const list = await call<{ addons: Array<{ parameters: Record<string, string> }> }>(
      t,
      'GET',
      BASE,
      undefined,
      200,
    );
    expect(JSON.stringify(list)).not.toContain('very-secret-path');
    expect(JSON.stringify(list)).not.toContain('super-secret-token');
    const row = await t.db
      .selectFrom('addons')
      .select('parameters')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.parameters.url).toMatch(/^sy1\./);
    expect(JSON.stringify(row.parameters)).not.toContain('super-secret-token');
  });

  it('writes addon-config-created/updated/deleted with masked parameters; the event log never holds a secret', async () => {
    await call(
      t,
      'PUT',
      `${BASE}/${id}`,
      webhook({ description: 'renamed', parameters: { url: '*****', authorization: '*****' } }),
      200,
    );
    const stored = await t.db
      .selectFrom('addons')
      .select('parameters')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Sensitive parameters left out keep their stored value: customHeaders is one (issue 31 §4).
    expect(Object.keys(stored.parameters).sort()).toEqual([
      'authorization',
      'customHeaders',
      'signingSecret',
      'url',
    ]);
    expect(stored.parameters.customHeaders).toMatch(/^sy1\./);
    const { rows } = await sql<{
      type: string;
      text: string;
    }>`select type, coalesce(data::text, '') || coalesce(pre_data::text, '') as text from events where type like 'addon-config-%' order by id`.execute(
      t.db,
    );
    expect(rows.map((r) => r.type)).toEqual(['addon-config-created', 'addon-config-updated']);
    for (const row of rows) {
      expect(row.text).toContain('*****');
      expect(row.text).not.toContain('very-secret-path');
      expect(row.text).not.toContain('super-secret-token');
      expect(row.text).not.toContain('whsec_');
      expect(row.text).not.toContain('X-Team');
    }
  });

  it('keeps a masked value on update, replaces a new one', async () => {
    const newUrl = 'https://hooks.example.com/other';
    await call(
      t,
      'PUT',
      `${BASE}/${id}`,
      webhook({ parameters: { url: newUrl, authorization: '*****' } }),
      200,
    );
    const test = await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: t.adminHeaders });
    expect(test.json().parameters.url).toBe('*****');
  });

  it('refuses invalid configurations with 400 in Unleash\u2019s error shape, naming the problem', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ ...webhook(), provider: 'carrier-pigeon' }, /Unknown integration provider/],
      [webhook({ parameters: {} }), /url is required/],
      [webhook({ parameters: { url: 'ftp://x' } }), /http or https/],
      [webhook({ parameters: { url: HOOK_URL, customHeaders: '[1,2' } }), /customHeaders/],
      [webhook({ parameters: { url: HOOK_URL, bodyTemplate: '{{#open}}' } }), /Mustache/],
      [webhook({ events: ['feature-created', 'user-created'] }), /does not offer the events user-created/],
      [
        { provider: 'slack', enabled: true, parameters: { url: HOOK_URL }, events: [] },
        /defaultChannel is required/,
      ],
      [{ provider: 'datadog', enabled: true, parameters: {}, events: [] }, /apiKey is required/],
      [webhook({ parameters: { url: { nested: true } } }), /must be a string/],
    ];
    for (const [body, message] of cases) {
      const response = await t.request('POST', BASE, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        name: 'BadDataError',
        message: expect.stringMatching(message),
      });
    }
    // A scalar where a list is wanted is refused as Unleash 8.2 refuses it, never read as one item.
    for (const extra of [
      { events: 'feature-created' },
      { projects: 'default' },
      { environments: 'development' },
    ]) {
      const response = await t.request('POST', BASE, webhook(extra));
      expect([extra, response.statusCode]).toEqual([extra, 400]);
      expect(response.json()).toMatchObject({ name: 'BadDataError' });
    }
    const changed = await t.request('PUT', `${BASE}/${id}`, { ...webhook(), provider: 'teams' });
    expect(changed.statusCode).toBe(400);
    expect((await t.request('GET', `${BASE}/999999`)).statusCode).toBe(404);
    expect((await t.request('GET', `${BASE}/nope`)).statusCode).toBe(400);
    expect((await t.request('PUT', `${BASE}/999999`, webhook())).statusCode).toBe(404);
    expect((await t.request('GET', `${BASE}/999999/events`)).statusCode).toBe(404);
  });

  it('deletes: 200 with an empty body, then 404; the event keeps the masked configuration', async () => {
    const response = await t.request('DELETE', `${BASE}/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect((await t.request('GET', `${BASE}/${id}`)).statusCode).toBe(404);
    const { rows } = await sql<{
      pre: string;
    }>`select pre_data::text as pre from events where type = 'addon-config-deleted'`.execute(t.db);
    expect(rows[0]?.pre).toContain('*****');
    expect(rows[0]?.pre).not.toContain('super-secret-token');
  });

  it('without SECRETS_ENCRYPTION_KEY: refuses secret parameters with a 400 that names it; existing addons say why they wait', async () => {
    const kept = await call<{ id: number }>(t, 'POST', BASE, webhook(), 201);
    const keyless = await buildApp({
      config: { ...t.config, secretsKey: null },
      db: t.db,
      logger: createLogger('silent'),
    });
    await keyless.ready();
    try {
      const refused = await keyless.inject({
        method: 'POST',
        url: BASE,
        headers: t.adminHeaders,
        payload: webhook(),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        name: 'BadDataError',
        message: expect.stringContaining('SECRETS_ENCRYPTION_KEY'),
      });
      const existing = await keyless.inject({
        method: 'GET',
        url: `${BASE}/${kept.id}`,
        headers: t.adminHeaders,
      });
      expect(existing.json().delivery).toMatchObject({
        state: 'paused',
        lastError: expect.stringContaining('SECRETS_ENCRYPTION_KEY'),
      });
    } finally {
      await keyless.close();
    }
  });
});
