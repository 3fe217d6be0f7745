import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../contract';
import { sendProviderRequest } from './addon-sender';
import { deliverEvent } from './deliver-event';
import { createDeliveryNetwork } from './delivery-network';
import type { AddonProvider } from './providers/provider-types';
import {
  checkedLookup,
  parseTargetPolicy,
  RefusedTargetError,
  refusedAddress,
  refusedLiteralTarget,
  refusedTarget,
  TargetPolicyError,
} from './target-policy';

describe('integration target policy', () => {
  const defaults = parseTargetPolicy(undefined, undefined);

  it('refuses link-local (cloud metadata) and non-host addresses by default, allows private and loopback', () => {
    expect(refusedAddress(defaults, '169.254.169.254')).toMatch(/linkLocal/);
    expect(refusedAddress(defaults, 'fe80::1')).toMatch(/linkLocal/);
    expect(refusedAddress(defaults, 'fd00:ec2::254')).toMatch(/refused range/);
    expect(refusedAddress(defaults, '0.0.0.0')).toMatch(/unspecified/);
    expect(refusedAddress(defaults, '224.0.0.1')).toMatch(/multicast/);
    // IPv4-mapped IPv6 is judged as the IPv4 address it carries.
    expect(refusedAddress(defaults, '::ffff:169.254.169.254')).toMatch(/linkLocal/);
    for (const allowed of ['10.1.2.3', '192.168.0.10', '127.0.0.1', '::1', '93.184.216.34']) {
      expect(refusedAddress(defaults, allowed)).toBeNull();
    }
  });

  it('takes range names and CIDRs to refuse, and CIDRs to allow anyway', () => {
    const strict = parseTargetPolicy('linkLocal,private,loopback,203.0.113.0/24', '10.9.0.0/16');
    expect(refusedAddress(strict, '10.1.2.3')).toMatch(/private/);
    expect(refusedAddress(strict, '10.9.1.1')).toBeNull();
    expect(refusedAddress(strict, '127.0.0.1')).toMatch(/loopback/);
    expect(refusedAddress(strict, '203.0.113.7')).toMatch(/refused range/);
    expect(refusedAddress(parseTargetPolicy('none', undefined), '169.254.169.254')).toBeNull();
    expect(() => parseTargetPolicy('intranet', undefined)).toThrow(TargetPolicyError);
    expect(() => parseTargetPolicy(undefined, '10.0.0.0/99')).toThrow(TargetPolicyError);
  });

  it('checks URLs naming an address at save, and every resolved address at delivery', async () => {
    expect(refusedLiteralTarget(defaults, 'http://169.254.169.254/latest/meta-data')).toMatch(/linkLocal/);
    expect(refusedLiteralTarget(defaults, 'http://[fe80::1]:8080/hook')).toMatch(/linkLocal/);
    expect(refusedLiteralTarget(defaults, 'https://hooks.example.com/x')).toBeNull();

    expect(refusedTarget(defaults, 'http://169.254.169.254/x')).toMatch(/linkLocal/);
    expect(refusedTarget(defaults, 'https://hooks.test/x')).toBeNull();
    // A malformed URL is a refusal with a reason, never a thrown error (test-send 500, aborted batch).
    expect(refusedTarget(defaults, 'http://exa mple.com:99999/')).toBe(
      'http://exa mple.com:99999/ is not a valid URL',
    );
    expect(refusedTarget(defaults, 'not a url')).toBe('not a url is not a valid URL');
  });

  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const lookupWith = (lookup: Parameters<typeof checkedLookup>[1], all: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      checkedLookup(defaults, lookup)('hooks.test', { all }, (error, address) => resolve({ error, address })),
    );

  it('resolves at connection time, refusing a name with any refused address and failing an unresolvable one', async () => {
    const mixed = await lookupWith(resolvesTo('93.184.216.34', '169.254.169.254'), true);
    expect(mixed.error).toBeInstanceOf(RefusedTargetError);
    expect(mixed.error?.message).toMatch(/^hooks\.test resolves to 169\.254\.169\.254/);
    expect(await lookupWith(resolvesTo('10.0.0.5', '::1'), true)).toEqual({
      error: null,
      address: [
        { address: '10.0.0.5', family: 4 },
        { address: '::1', family: 6 },
      ],
    });
    expect((await lookupWith(resolvesTo('10.0.0.5'), false)).address).toBe('10.0.0.5');
    const unresolvable = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect((await lookupWith(unresolvable, true)).error?.message).toMatch(/ENOTFOUND/);
  });

  it('delivers only to the address it checked: a refused name never connects, a failed lookup fails', async () => {
    const received: string[] = [];
    const server = createServer((request, response) => {
      received.push(request.headers.host ?? '');
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const request = (host: string) => ({
      method: 'POST' as const,
      url: `http://${host}:${port}/hook`,
      displayUrl: host,
      headers: {},
      body: '{}',
    });
    try {
      const strict = parseTargetPolicy('loopback', undefined);
      // Each lookup answers differently (DNS rebinding): the connection uses the one it checked.
      let calls = 0;
      const rebinding = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '10.0.0.5', family: 4 }];
      const refused = await sendProviderRequest(
        request('rebind.test'),
        2000,
        createDeliveryNetwork(strict, undefined, rebinding).dispatcher,
      );
      expect(refused).toMatchObject({ ok: false, refused: true });
      expect(refused.error).toMatch(/^Refused target: rebind\.test resolves to 127\.0\.0\.1/);

      const failing = createDeliveryNetwork(defaults, undefined, async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' });
      });
      const unresolved = await sendProviderRequest(request('nowhere.test'), 2000, failing.dispatcher);
      expect(unresolved).toMatchObject({
        ok: false,
        statusCode: null,
        error: 'The request failed: ENOTFOUND',
      });

      const allowed = createDeliveryNetwork(defaults, undefined, resolvesTo('127.0.0.1'));
      const sent = await sendProviderRequest(request('hooks.test'), 2000, allowed.dispatcher);
      expect(sent).toMatchObject({ ok: true, statusCode: 200, responseBody: 'ok' });
      expect(received).toEqual([`hooks.test:${port}`]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a target URL that does not parse fails the delivery as a refusal (no throw, no secret shown)', async () => {
    const provider = {
      definition: { name: 'custom' },
      render: () => ({
        requests: [
          {
            method: 'POST' as const,
            url: 'http://exa mple.test/hook/s3cret',
            displayUrl: 'http://exa mple.test/hook/***',
            headers: {},
            body: '{}',
          },
        ],
        warnings: [],
      }),
    } as unknown as AddonProvider;
    const result = await deliverEvent({
      provider,
      parameters: {},
      event: {} as AuditEvent,
      deliveryId: 'd-1',
      context: { publicUrl: null, baseUrls: {} },
      timeoutMs: 1000,
      network: createDeliveryNetwork(defaults),
    });
    expect(result).toMatchObject({
      ok: false,
      retryable: false,
      error: 'Refused target: http://exa mple.test/hook/*** is not a valid URL',
    });
  });
});
