import { OFREPProvider } from '@openfeature/ofrep-provider';
import { OFREPWebProvider } from '@openfeature/ofrep-web-provider';
import { OpenFeature as ServerOpenFeature } from '@openfeature/server-sdk';
import { OpenFeature as WebOpenFeature } from '@openfeature/web-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFlag, type SdkTestServer, startSdkTestServer, waitFor } from './sdk-server';

// The real OpenFeature OFREP providers from npm (@openfeature/ofrep-provider for servers,
// @openfeature/ofrep-web-provider for browsers, run here in Node with its global fetch) against
// Switchyard's /ofrep/v1 over HTTP (issue 17), with Unleash client and frontend tokens.

const variant = (name: string, payload: { type: string; value: string }) => ({
  name,
  weight: 1000,
  weightType: 'variable',
  stickiness: 'default',
  payload,
});

describe('OpenFeature OFREP providers against Switchyard', () => {
  let s: SdkTestServer;
  let clientToken: string;
  let frontendToken: string;

  beforeAll(async () => {
    s = await startSdkTestServer();
    await addFlag(s, { name: 'of.bool' });
    await addFlag(s, {
      name: 'of.alice',
      strategies: [{ name: 'userWithId', parameters: { userIds: 'alice' } }],
    });
    await addFlag(s, {
      name: 'of.string',
      strategies: [{ name: 'default', variants: [variant('blue', { type: 'string', value: 'sky' })] }],
    });
    await addFlag(s, {
      name: 'of.number',
      strategies: [{ name: 'default', variants: [variant('many', { type: 'number', value: '42' })] }],
    });
    await addFlag(s, {
      name: 'of.object',
      strategies: [
        {
          name: 'default',
          variants: [variant('cfg', { type: 'json', value: '{"limit":3,"labels":["a"]}' })],
        },
      ],
    });
    await s.adminOk('POST', '/api/admin/projects/default/features', { name: 'of.off' }, 201);
    clientToken = await s.createToken({ type: 'client', environment: 'development' });
    frontendToken = await s.createToken({ type: 'frontend', environment: 'development' });
  });

  afterAll(async () => {
    await ServerOpenFeature.close();
    await WebOpenFeature.close();
    await s?.stop();
  });

  it('the server provider evaluates boolean, string, number and object flags with a client token', async () => {
    await ServerOpenFeature.setProviderAndWait(
      new OFREPProvider({ baseUrl: s.url, headers: [['Authorization', clientToken]] }),
    );
    const client = ServerOpenFeature.getClient();

    expect(await client.getBooleanDetails('of.bool', false)).toMatchObject({
      value: true,
      reason: 'TARGETING_MATCH',
    });
    expect(await client.getBooleanDetails('of.off', true)).toMatchObject({
      value: false,
      reason: 'DISABLED',
    });
    expect(await client.getBooleanValue('of.alice', false, { targetingKey: 'alice' })).toBe(true);
    expect(await client.getBooleanDetails('of.alice', true, { targetingKey: 'bob' })).toMatchObject({
      value: false,
      reason: 'DEFAULT',
    });
    expect(await client.getStringDetails('of.string', 'none')).toMatchObject({
      value: 'sky',
      variant: 'blue',
      flagMetadata: { payloadType: 'string', project: 'default' },
    });
    expect(await client.getNumberValue('of.number', 0)).toBe(42);
    expect(await client.getObjectValue('of.object', {})).toEqual({ limit: 3, labels: ['a'] });
  });

  it('the server provider reports an unknown flag and a type mismatch with the code default', async () => {
    await ServerOpenFeature.setProviderAndWait(
      new OFREPProvider({ baseUrl: s.url, headers: [['X-API-Key', clientToken]] }),
    );
    const client = ServerOpenFeature.getClient();
    expect(await client.getBooleanDetails('of.missing', true)).toMatchObject({
      value: true,
      reason: 'ERROR',
      errorCode: 'FLAG_NOT_FOUND',
    });
    expect(await client.getNumberDetails('of.string', 7)).toMatchObject({
      value: 7,
      reason: 'ERROR',
      errorCode: 'TYPE_MISMATCH',
    });
  });

  it('the web provider fetches every flag once per context with a frontend token and follows changes', async () => {
    await WebOpenFeature.setContext({ targetingKey: 'alice' });
    await WebOpenFeature.setProviderAndWait(
      new OFREPWebProvider({
        baseUrl: s.url,
        headers: [['Authorization', frontendToken]],
        pollInterval: 200,
        cacheMode: 'disabled',
      }),
    );
    const client = WebOpenFeature.getClient();
    expect(client.getBooleanValue('of.bool', false)).toBe(true);
    expect(client.getBooleanValue('of.alice', false)).toBe(true);
    expect(client.getBooleanDetails('of.off', true)).toMatchObject({ value: false, reason: 'DISABLED' });
    expect(client.getStringValue('of.string', 'none')).toBe('sky');
    expect(client.getNumberValue('of.number', 0)).toBe(42);
    expect(client.getObjectValue('of.object', {})).toEqual({ limit: 3, labels: ['a'] });

    await WebOpenFeature.setContext({ targetingKey: 'bob' });
    expect(client.getBooleanValue('of.alice', true)).toBe(false);

    // A change on the server reaches the polling provider.
    await s.adminOk(
      'POST',
      '/api/admin/projects/default/features/of.off/environments/development/on',
      undefined,
      200,
    );
    await waitFor('the web provider to see of.off switched on', () =>
      client.getBooleanValue('of.off', false) ? true : undefined,
    );
  });
});
