import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createFlag } from '../../../../tests/helpers/flag-model';
import { eventually, startReceiver } from '../../../../tests/helpers/loopback-receiver';
import { createTestApp } from '../../../../tests/helpers/test-app';
import { appendEvent } from '../events';
import { verifySignature } from './webhook-signature';

const BASE = '/api/admin/addons';

describe('delivery to loopback receivers standing in for each provider', async () => {
  const slackApi = await startReceiver();
  const datadogApi = await startReceiver();
  const receiver = await startReceiver();
  const t = await createTestApp({
    publicUrl: 'http://switchyard.test',
    integrations: {
      pollIntervalMs: 50,
      attemptTimeoutMs: 400,
      retryBaseMs: 50,
      retryCapMs: 200,
      maxAttempts: 10,
      circuitThreshold: 4,
      circuitPauseMs: 60_000,
      providerBaseUrls: { 'slack-app': slackApi.url, datadog: datadogApi.url },
      refusedTargets: undefined,
      allowedTargets: undefined,
    },
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([slackApi, datadogApi, receiver].map((r) => r.close()));
  });
  const ok = () => ({ status: 200, body: '{"ok":true}' });
  beforeEach(() => {
    for (const r of [slackApi, datadogApi, receiver]) {
      r.requests.length = 0;
      r.respond(ok);
    }
  });

  const create = (body: object) =>
    call<{ id: number; parameters: Record<string, string> }>(t, 'POST', BASE, body, 201);
  const remove = (id: number) => call(t, 'DELETE', `${BASE}/${id}`, undefined, 200);
  const emit = (event: {
    type: string;
    project?: string | null;
    environment?: string | null;
    featureName?: string;
    tags?: Array<{ type: string; value: string }>;
  }) =>
    appendEvent(t.db, {
      createdBy: 'alice',
      createdByUserId: 7,
      data: { name: event.featureName ?? 'checkout' },
      featureName: 'checkout',
      project: 'default',
      ...event,
    });
  const integrationEvents = async (id: number) =>
    (
      await call<{
        integrationEvents: Array<{
          state: string;
          stateDetails: string;
          details: Record<string, unknown>;
          event: { id: number };
        }>;
      }>(t, 'GET', `${BASE}/${id}/events?limit=100`, undefined, 200)
    ).integrationEvents;

  it('webhook: every subscribed flag change posted as the event row, signed, with the configured headers', async () => {
    const created = await create({
      provider: 'webhook',
      enabled: true,
      parameters: {
        url: `${receiver.url}/hooks/flags?key=q`,
        authorization: 'Bearer hook-token',
        customHeaders: '{"X-Team":"checkout"}',
      },
      events: ['feature-created', 'feature-environment-enabled'],
    });
    const secret = created.parameters.signingSecret as string;
    await createFlag(t, 'checkout-v2');
    await call(
      t,
      'POST',
      '/api/admin/projects/default/features/checkout-v2/environments/development/on',
      undefined,
      200,
    );
    const [first, second] = await receiver.waitFor(2);
    expect(first).toMatchObject({ method: 'POST', path: '/hooks/flags?key=q' });
    expect(first?.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'Bearer hook-token',
      'x-team': 'checkout',
    });
    expect(first?.json()).toMatchObject({
      type: 'feature-created',
      featureName: 'checkout-v2',
      project: 'default',
      createdBy: expect.any(String),
    });
    expect(second?.json()).toMatchObject({ type: 'feature-environment-enabled', environment: 'development' });
    const now = Math.floor(Date.now() / 1000);
    for (const request of [first, second]) {
      expect(
        verifySignature(request?.headers['switchyard-signature'] as string, secret, request?.body ?? '', now),
      ).toBe('valid');
      expect(
        verifySignature(request?.headers['switchyard-signature'] as string, secret, `${request?.text} `, now),
      ).toBe('mismatch');
      expect(
        verifySignature(
          request?.headers['switchyard-signature'] as string,
          secret,
          request?.body ?? '',
          now + 301,
        ),
      ).toBe('expired');
      expect(request?.headers['switchyard-delivery-id']).toMatch(new RegExp(`^${created.id}-\\d+$`));
    }
    const log = await eventually(async () =>
      (await integrationEvents(created.id)).length === 2 ? integrationEvents(created.id) : undefined,
    );
    expect(log.map((e) => e.state)).toEqual(['success', 'success']);
    expect(log[0]?.details).toMatchObject({
      attempt: 1,
      statusCode: 200,
      error: null,
      url: `${receiver.url}/\u2026`,
    });
    expect(JSON.stringify(log)).not.toContain('hook-token');
    expect(JSON.stringify(log)).not.toContain('key=q');
    await remove(created.id);
  });

  it('webhook: custom headers stored in clear before they became sensitive (issue 31) are still sent', async () => {
    const created = await create({
      provider: 'webhook',
      enabled: true,
      parameters: { url: `${receiver.url}/legacy`, customHeaders: '{"X-Team":"sealed"}' },
      events: ['feature-created'],
    });
    const row = await t.db
      .selectFrom('addons')
      .select('parameters')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.parameters.customHeaders).toMatch(/^sy1\./);
    await t.db
      .updateTable('addons')
      .set({ parameters: JSON.stringify({ ...row.parameters, customHeaders: '{"X-Team":"legacy"}' }) })
      .where('id', '=', created.id)
      .execute();
    await emit({ type: 'feature-created' });
    const [request] = await receiver.waitFor(1);
    expect(request?.headers['x-team']).toBe('legacy');
    const shown = await call<{ parameters: Record<string, string> }>(
      t,
      'GET',
      `${BASE}/${created.id}`,
      undefined,
      200,
    );
    expect(shown.parameters.customHeaders).toBe('*****');
    await remove(created.id);
  });

  it('webhook body template: Mustache with event and eventJson, as Unleash', async () => {
    const created = await create({
      provider: 'webhook',
      enabled: true,
      parameters: {
        url: receiver.url,
        contentType: 'text/plain',
        bodyTemplate: '{"t":"{{event.type}}","f":"{{event.featureName}}","e":{{{eventJson}}}}',
      },
      events: ['feature-stale-on'],
    });
    const eventId = await emit({ type: 'feature-stale-on' });
    const [request] = await receiver.waitFor(1);
    expect(request?.headers['content-type']).toBe('text/plain');
    const body = request?.json() as { t: string; f: string; e: string };
    expect(body).toMatchObject({ t: 'feature-stale-on', f: 'checkout' });
    expect(JSON.parse(body.e)).toMatchObject({ id: eventId, type: 'feature-stale-on' });
    await remove(created.id);
  });

  it('filters by event type, project and environment (an event without environment passes)', async () => {
    const created = await create({
      provider: 'webhook',
      enabled: true,
      parameters: { url: receiver.url },
      events: ['feature-environment-enabled', 'feature-archived'],
      projects: ['default'],
      environments: ['production'],
    });
    await emit({ type: 'feature-environment-enabled', environment: 'development' });
    await emit({ type: 'feature-environment-enabled', environment: 'production', project: 'other' });
    await emit({ type: 'feature-environment-disabled', environment: 'production' });
    const wanted = await emit({ type: 'feature-environment-enabled', environment: 'production' });
    const archived = await emit({ type: 'feature-archived', environment: null });
    await receiver.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests.map((r) => (r.json() as { id: number }).id)).toEqual([wanted, archived]);
    await remove(created.id);
  });

  it('slack-app: chat.postMessage with the bot token, once per default channel and slack tag', async () => {
    const created = await create({
      provider: 'slack-app',
      enabled: true,
      parameters: { accessToken: 'xoxb-secret', defaultChannels: 'releases, flags' },
      events: ['feature-environment-enabled'],
    });
    await emit({
      type: 'feature-environment-enabled',
      environment: 'production',
      tags: [
        { type: 'slack', value: 'checkout-team' },
        { type: 'simple', value: 'x' },
      ],
    });
    const requests = await slackApi.waitFor(3);
    for (const request of requests) {
      expect(request).toMatchObject({ method: 'POST', path: '/api/chat.postMessage' });
      expect(request.headers.authorization).toBe('Bearer xoxb-secret');
      expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(request.json()).toMatchObject({
        text: expect.stringContaining('checkout'),
        blocks: expect.any(Array),
        unfurl_links: false,
      });
    }
    expect(requests.map((r) => (r.json() as { channel: string }).channel).sort()).toEqual([
      'checkout-team',
      'flags',
      'releases',
    ]);
    expect((requests[0]?.json() as { text: string } | undefined)?.text).toContain(
      '<http://switchyard.test/projects/default/features/checkout|checkout>',
    );
    await remove(created.id);
  });

  it('slack-app: an ok:false answer is a failure, retried', async () => {
    slackApi.respond((_r, index) =>
      index === 0 ? { status: 200, body: '{"ok":false,"error":"ratelimited"}' } : ok(),
    );
    const created = await create({
      provider: 'slack-app',
      enabled: true,
      parameters: { accessToken: 'xoxb-1', defaultChannels: 'a' },
      events: ['feature-created'],
    });
    await emit({ type: 'feature-created' });
    await slackApi.waitFor(2);
    const log = await eventually(async () => {
      const entries = await integrationEvents(created.id);
      return entries.length === 2 ? entries : undefined;
    });
    expect(log.map((e) => e.state)).toEqual(['success', 'failed']);
    expect(log[1]?.stateDetails).toContain('ratelimited');
    await remove(created.id);
  });

  it('slack incoming webhook: username, emoji, channel per slack tag, else the default channel', async () => {
    const created = await create({
      provider: 'slack',
      enabled: true,
      parameters: {
        url: `${receiver.url}/services/T/B/secret`,
        username: 'flags',
        emojiIcon: ':rocket:',
        defaultChannel: 'general',
      },
      events: ['feature-created', 'feature-archived'],
    });
    await emit({ type: 'feature-created' });
    await emit({ type: 'feature-archived', tags: [{ type: 'slack', value: 'team-a' }] });
    const [first, second] = await receiver.waitFor(2);
    expect(first).toMatchObject({ method: 'POST', path: '/services/T/B/secret' });
    expect(first?.json()).toMatchObject({
      username: 'flags',
      icon_emoji: ':rocket:',
      channel: '#general',
      text: expect.stringContaining('created'),
    });
    expect(second?.json()).toMatchObject({ channel: '#team-a' });
    await remove(created.id);
  });

  it('teams: a MessageCard posted to the webhook URL', async () => {
    const created = await create({
      provider: 'teams',
      enabled: true,
      parameters: { url: `${receiver.url}/webhookb2/x` },
      events: ['feature-revived'],
    });
    await emit({ type: 'feature-revived' });
    const [request] = await receiver.waitFor(1);
    expect(request).toMatchObject({ method: 'POST', path: '/webhookb2/x' });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json()).toMatchObject({
      '@type': 'MessageCard',
      themeColor: '0076D7',
      sections: [
        {
          activityTitle: expect.stringContaining('revived'),
          facts: [
            { name: 'User', value: 'alice' },
            { name: 'Action', value: 'feature-revived' },
          ],
        },
      ],
      potentialAction: [
        {
          '@type': 'OpenUri',
          targets: [{ os: 'default', uri: 'http://switchyard.test/projects/default/features/checkout' }],
        },
      ],
    });
    await remove(created.id);
  });

  it('teamsworkflow: an Adaptive Card in a message posted to the workflow URL', async () => {
    const created = await create({
      provider: 'teamsworkflow',
      enabled: true,
      parameters: { url: `${receiver.url}/workflows/x/triggers/manual/paths/invoke?sig=s` },
      events: ['feature-revived'],
    });
    await emit({ type: 'feature-revived' });
    const [request] = await receiver.waitFor(1);
    expect(request).toMatchObject({ method: 'POST', path: expect.stringContaining('/workflows/x/') });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json()).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: expect.stringContaining('revived'), wrap: true, weight: 'Bolder' },
              {
                type: 'FactSet',
                facts: [
                  { title: 'User', value: 'alice' },
                  { title: 'Action', value: 'feature-revived' },
                ],
              },
            ],
            actions: [
              {
                type: 'Action.OpenUrl',
                title: 'Go to feature',
                url: 'http://switchyard.test/projects/default/features/checkout',
              },
            ],
          },
        },
      ],
    });
    await remove(created.id);
  });

  it('datadog: POST /api/v1/events with DD-API-KEY, text between %%% markers, the tags', async () => {
    const created = await create({
      provider: 'datadog',
      enabled: true,
      parameters: { apiKey: 'dd-secret', sourceTypeName: 'switchyard' },
      events: ['feature-created'],
    });
    await emit({ type: 'feature-created', tags: [{ type: 'simple', value: 'payments' }] });
    const [request] = await datadogApi.waitFor(1);
    expect(request).toMatchObject({ method: 'POST', path: '/api/v1/events' });
    expect(request?.headers).toMatchObject({ 'dd-api-key': 'dd-secret', 'content-type': 'application/json' });
    expect(request?.json()).toMatchObject({
      text: expect.stringMatching(/^%%% \n .*checkout.* \n %%% $/s),
      title: expect.any(String),
      tags: ['simple:payments'],
      source_type_name: 'switchyard',
    });
    await remove(created.id);
  });

  it('new relic: a gzipped UnleashServiceEvent with the license key as Api-Key', async () => {
    const created = await create({
      provider: 'new-relic',
      enabled: true,
      parameters: { url: `${receiver.url}/v1/accounts/42/events`, licenseKey: 'nr-secret' },
      events: ['feature-created'],
    });
    await emit({ type: 'feature-created', environment: 'production' });
    const [request] = await receiver.waitFor(1);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/accounts/42/events' });
    expect(request?.headers).toMatchObject({
      'api-key': 'nr-secret',
      'content-encoding': 'gzip',
      'content-type': 'application/json',
    });
    expect(request?.json()).toMatchObject({
      eventType: 'UnleashServiceEvent',
      unleashEventType: 'feature-created',
      featureName: 'checkout',
      environment: 'production',
      createdBy: 'alice',
      createdAt: expect.any(Number),
      name: 'checkout',
    });
    await remove(created.id);
  });

  it('retries after 500s and after a timeout, with backoff, then delivers once; every attempt recorded', async () => {
    receiver.respond((_r, index) =>
      index < 2 ? { status: 500 } : index === 2 ? { status: 200, delayMs: 1500 } : ok(),
    );
    const created = await create({
      provider: 'webhook',
      enabled: true,
      parameters: { url: receiver.url },
      events: ['feature-created'],
    });
    const eventId = await emit({ type: 'feature-created' });
    await receiver.waitFor(4);
    const log = await eventually(async () => {
      const entries = await integrationEvents(created.id);
      return entries.length === 4 ? entries.reverse() : undefined;
    });
    expect(log.map((e) => [e.state, e.details.attempt, e.details.statusCode])).toEqual([
      ['failed', 1, 500],
      ['failed', 2, 500],
      ['failed', 3, null],
      ['success', 4, 200],
    ]);
    expect(log[2]?.details.error).toMatch(/No answer within 400 ms/);
    expect(log[0]?.details.nextAttemptAt).toEqual(expect.any(String));
    expect(log.every((e) => e.event.id === eventId)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests.length).toBe(4);
    await remove(created.id);
  });

  it('keeps order per integration: a failing event holds back the later ones', async () => {
    receiver.respond((_r, index) => (index === 0 ? { status: 503 } : ok()));
    const created = await create({
      provider: 'webhook',
      enabled: true,
      parameters: { url: receiver.url },
      events: ['feature-created'],
    });
    const ids = [
      await emit({ type: 'feature-created' }),
      await emit({ type: 'feature-created' }),
      await emit({ type: 'feature-created' }),
    ];
    await receiver.waitFor(4);
    expect(receiver.requests.map((r) => (r.json() as { id: number }).id)).toEqual([ids[0], ...ids]);
    await remove(created.id);
  });

  it('opens the circuit after repeated failures (paused, says why), and resume delivers at once', async () => {
    receiver.respond(() => ({ status: 502 }));
    const created = await create({
      provider: 'webhook',
      enabled: true,
      parameters: { url: receiver.url },
      events: ['feature-created'],
    });
    await emit({ type: 'feature-created' });
    const paused = await eventually(async () => {
      const addon = await call<{
        delivery: {
          state: string;
          pausedUntil: string | null;
          lastError: string | null;
          pendingEvents: number;
        };
      }>(t, 'GET', `${BASE}/${created.id}`, undefined, 200);
      return addon.delivery.state === 'paused' ? addon.delivery : undefined;
    });
    expect(paused).toMatchObject({ lastError: 'The receiver answered 502', pendingEvents: 1 });
    expect(Date.parse(paused.pausedUntil ?? '')).toBeGreaterThan(Date.now() + 30_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests.length).toBe(4);
    receiver.respond(ok);
    const resumed = await call<{ delivery: { state: string } }>(
      t,
      'POST',
      `${BASE}/${created.id}/resume`,
      undefined,
      200,
    );
    expect(resumed.delivery.state).toBe('active');
    await receiver.waitFor(5);
    const after = await eventually(async () => {
      const addon = await call<{
        delivery: { pendingEvents: number; lastError: string | null; lastDeliveredAt: string | null };
      }>(t, 'GET', `${BASE}/${created.id}`, undefined, 200);
      return addon.delivery.pendingEvents === 0 && addon.delivery.lastDeliveredAt
        ? addon.delivery
        : undefined;
    });
    expect(after.lastError).toBeNull();
    await remove(created.id);
  });

  it('deleting an integration mid-delivery answers at once and stops its deliveries', async () => {
    receiver.respond(() => ({ status: 200, delayMs: 300 }));
    const created = await create({
      provider: 'webhook',
      enabled: true,
      parameters: { url: receiver.url },
      events: ['feature-created'],
    });
    for (let i = 0; i < 5; i++) await emit({ type: 'feature-created' });
    await receiver.waitFor(1);
    const started = Date.now();
    await remove(created.id);
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const seen = receiver.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.requests.length).toBe(seen);
    expect(seen).toBeLessThan(5);
    const left = await t.db
      .selectFrom('integration_events')
      .select('id')
      .where('integration_id', '=', created.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('a disabled integration delivers nothing; test sends report the receiver\u2019s answer', async () => {
    const created = await create({
      provider: 'webhook',
      enabled: false,
      parameters: { url: receiver.url },
      events: ['feature-created'],
    });
    await emit({ type: 'feature-created' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests.length).toBe(0);
    expect(
      (await call<{ delivery: { state: string } }>(t, 'GET', `${BASE}/${created.id}`, undefined, 200))
        .delivery.state,
    ).toBe('disabled');
    receiver.respond(() => ({ status: 418, body: 'teapot' }));
    const saved = await call(t, 'POST', `${BASE}/${created.id}/test`, undefined, 200);
    expect(saved).toMatchObject({
      ok: false,
      statusCode: 418,
      responseBody: 'teapot',
      error: 'The receiver answered 418',
    });
    receiver.respond(ok);
    const unsaved = await call(
      t,
      'POST',
      `${BASE}/test`,
      { provider: 'webhook', enabled: true, parameters: { url: receiver.url }, events: ['feature-created'] },
      200,
    );
    expect(unsaved).toMatchObject({ ok: true, statusCode: 200, error: null, durationMs: expect.any(Number) });
    expect(receiver.requests.at(-1)?.json()).toMatchObject({
      type: 'feature-created',
      featureName: 'switchyard-test-flag',
    });
    await remove(created.id);
  });
});
