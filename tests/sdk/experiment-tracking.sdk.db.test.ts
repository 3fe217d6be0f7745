import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import {
  type EvaluationContext,
  type Provider,
  type TrackingEventDetails,
  OpenFeature as WebOpenFeature,
} from '@openfeature/web-sdk';
import type { Unleash } from 'unleash-client';
import { InMemoryStorageProvider, UnleashClient } from 'unleash-proxy-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer } from './sdk-server';

// Issue 35 §1: the recipes of docs/experiments.md "Sending events", run with the real clients
// from npm against a listening server: exposures from OFREP, the frontend API and the Node
// SDK's impressions, conversions from OpenFeature's track(), the proxy client and the Node SDK.

/**
 * docs/experiments.md, "OpenFeature": gives a web provider a `track()` that posts to
 * /api/frontend/track with the frontend token. The user is `userId`, else `targetingKey`.
 */
function withSwitchyardTracking<P extends Provider>(
  provider: P,
  options: { baseUrl: string; token: string; fetch?: typeof fetch },
): P {
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  provider.track = (eventName: string, context: EvaluationContext, details: TrackingEventDetails) => {
    const userId = context.userId ?? context.targetingKey;
    send(`${options.baseUrl}/api/frontend/track`, {
      method: 'POST',
      headers: { authorization: options.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        eventName,
        ...(typeof details.value === 'number' ? { value: details.value } : {}),
        context: { userId, sessionId: context.sessionId },
      }),
      keepalive: true,
    }).catch(() => {});
  };
  return provider;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sending experiment data from real clients', () => {
  let s: SdkTestServer;
  let frontendToken: string;
  let clientToken: string;
  let experimentId: number;
  let node: Unleash | undefined;

  const userMetrics = async (userKey: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const row = await s.database.db
        .selectFrom('experiment_user_metrics')
        .select(['events', 'value_sum'])
        .where('experiment_id', '=', experimentId)
        .where('user_key', '=', userKey)
        .executeTakeFirst();
      if ((row && row.events > 0) || Date.now() > deadline) return row;
      await sleep(100);
    }
  };
  const exposureOf = (userKey: string) =>
    s.database.db
      .selectFrom('experiment_exposures')
      .select('variant')
      .where('experiment_id', '=', experimentId)
      .where('user_key', '=', userKey)
      .executeTakeFirst();

  beforeAll(async () => {
    s = await startSdkTestServer({ METRICS_FLUSH_INTERVAL_SECONDS: '1' });
    const variants = ['control', 'treatment'].map((name) => ({
      name,
      weight: 500,
      weightType: 'variable',
      stickiness: 'default',
    }));
    await addFlag(s, { name: 'checkout', impressionData: true, strategies: [{ name: 'default', variants }] });
    frontendToken = await s.createToken({ type: 'frontend', environment: 'development' });
    clientToken = await s.createToken({ type: 'client', environment: 'development' });
    // The experiments CRUD is another part of issue 35: the row is written as it leaves one running.
    const row = await s.database.db
      .insertInto('experiments')
      .values({
        project: 'default',
        feature_name: 'checkout',
        environment: 'development',
        name: 'Checkout',
        control_variant: 'control',
        variants: JSON.stringify([
          { name: 'control', weight: 50 },
          { name: 'treatment', weight: 50 },
        ]),
        metrics: JSON.stringify([
          { eventName: 'purchase', role: 'primary', type: 'mean', higherIsBetter: true, windowHours: 24 },
        ]),
        status: 'running',
        started_at: new Date(Date.now() - 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    experimentId = row.id;
    // The running experiments are read again every flush interval (1 s here).
    await sleep(1500);
  });

  afterAll(async () => {
    await WebOpenFeature.close();
    node?.destroy();
    await s?.stop();
  });

  it('OpenFeature: the OFREP web provider exposes, track() converts', async () => {
    await WebOpenFeature.setContext({ targetingKey: 'alice' });
    const provider = new OFREPWebProvider({
      baseUrl: s.url,
      headers: [['Authorization', frontendToken]],
      cacheMode: 'disabled',
    });
    await WebOpenFeature.setProviderAndWait(
      withSwitchyardTracking(provider, { baseUrl: s.url, token: frontendToken }),
    );
    const client = WebOpenFeature.getClient();
    const served = client.getStringValue('checkout', 'none');
    client.track('purchase', { value: 12 });
    expect(await userMetrics('alice')).toEqual({ events: 1, value_sum: 12 });
    expect((await exposureOf('alice'))?.variant).toBe(served);
  });

  it('unleash-proxy-client: the frontend API exposes, a fetch with the same token and context converts', async () => {
    const url = `${s.url}/api/frontend`;
    const unleash = new UnleashClient({
      url,
      clientKey: frontendToken,
      appName: 'shop',
      disableRefresh: true,
      metricsInterval: 0,
      storageProvider: new InMemoryStorageProvider(),
      fetch: globalThis.fetch.bind(globalThis),
      context: { userId: 'bob' },
    });
    await unleash.start();
    const served = unleash.getVariant('checkout').name;
    const response = await fetch(`${url}/track`, {
      method: 'POST',
      headers: { authorization: frontendToken, 'content-type': 'application/json' },
      body: JSON.stringify({ eventName: 'purchase', value: 30, context: unleash.getContext() }),
    });
    expect(response.status).toBe(202);
    unleash.stop();
    expect(await userMetrics('bob')).toEqual({ events: 1, value_sum: 30 });
    expect((await exposureOf('bob'))?.variant).toBe(served);
  });

  it('unleash-client (Node): impressions become exposures, /api/client/track converts', async () => {
    const started = await startNodeSdk({ url: s.url, token: clientToken, appName: 'shop-server' });
    node = started.unleash;
    const post = (path: string, body: unknown) =>
      fetch(`${s.url}/api/client/${path}`, {
        method: 'POST',
        headers: { authorization: clientToken, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // The flag has impression data on: every getVariant tells what the user was served.
    const sent: Promise<Response>[] = [];
    node.on(
      'impression',
      (event: { featureName: string; variant?: string; context: { userId?: string } }) => {
        if (!event.variant) return;
        sent.push(
          post('exposures', {
            exposures: [{ featureName: event.featureName, variant: event.variant, context: event.context }],
          }),
        );
      },
    );
    const served = node.getVariant('checkout', { userId: 'carol' }).name;
    expect((await Promise.all(sent)).map((response) => response.status)).toEqual([202]);
    const tracked = await post('track', { eventName: 'purchase', value: 7, context: { userId: 'carol' } });
    expect(tracked.status).toBe(202);
    expect(await userMetrics('carol')).toEqual({ events: 1, value_sum: 7 });
    expect((await exposureOf('carol'))?.variant).toBe(served);
  });
});
