import { type Context, Strategy } from 'unleash-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeSdk } from './node-sdk';
import { addFlag, type SdkTestServer, startSdkTestServer } from './sdk-server';

// Issue 24 part 3: a custom strategy defined through the admin API, used on a flag, reaches SDKs
// with its parameters, and the real Node SDK evaluates it with the implementation it registered.

/** The SDK side of the custom strategy: on for the listed regions, from the `region` context property. */
class RegionStrategy extends Strategy {
  constructor() {
    super('byRegion');
  }

  override isEnabled(parameters: { regions?: string }, context: Context): boolean {
    const regions = (parameters.regions ?? '').split(',').map((region) => region.trim());
    return regions.includes(String(context.properties?.region ?? ''));
  }
}

interface ClientFeatures {
  features: { name: string; strategies: { name: string; parameters?: Record<string, string> }[] }[];
}

describe('custom strategies over the SDK API', () => {
  let s: SdkTestServer;
  let token: string;

  beforeAll(async () => {
    s = await startSdkTestServer();
    await s.adminOk(
      'POST',
      '/api/admin/strategies',
      {
        name: 'byRegion',
        title: 'By region',
        description: 'On in the listed regions',
        parameters: [
          { name: 'regions', type: 'list', description: 'Region codes', required: true },
          { name: 'share', type: 'percentage', description: '', required: false },
        ],
      },
      201,
    );
    await addFlag(s, {
      name: 'regional-banner',
      strategies: [{ name: 'byRegion', parameters: { regions: 'eu,us', share: '50' } }],
    });
    token = await s.createToken({ type: 'client', environment: 'development' });
  });

  afterAll(async () => {
    await s?.stop();
  });

  it('serves the custom strategy with its parameters', async () => {
    const answer = await s.http<ClientFeatures>('GET', '/api/client/features', {
      headers: { authorization: token },
    });
    expect(answer.status).toBe(200);
    const flag = answer.body.features.find((feature) => feature.name === 'regional-banner');
    expect(flag?.strategies).toEqual([
      { name: 'byRegion', constraints: [], parameters: { regions: 'eu,us', share: '50' }, variants: [] },
    ]);
  });

  it('is evaluated by unleash-client with a registered implementation, and off without one', async () => {
    const { unleash } = await startNodeSdk({
      url: s.url,
      token,
      appName: 'custom-strategy-test',
      strategies: [new RegionStrategy()],
    });
    try {
      expect(unleash.isEnabled('regional-banner', { properties: { region: 'eu' } })).toBe(true);
      expect(unleash.isEnabled('regional-banner', { properties: { region: 'apac' } })).toBe(false);
    } finally {
      unleash.destroy();
    }
    const { unleash: unaware } = await startNodeSdk({ url: s.url, token, appName: 'no-custom-strategy' });
    try {
      expect(unaware.isEnabled('regional-banner', { properties: { region: 'eu' } })).toBe(false);
    } finally {
      unaware.destroy();
    }
  });

  it('keeps serving a deprecated custom strategy to flags that use it', async () => {
    await s.adminOk('POST', '/api/admin/strategies/byRegion/deprecate', undefined, 200);
    const answer = await s.http<ClientFeatures>('GET', '/api/client/features', {
      headers: { authorization: token },
    });
    const flag = answer.body.features.find((feature) => feature.name === 'regional-banner');
    expect(flag?.strategies.map((strategy) => strategy.name)).toEqual(['byRegion']);
  });
});
