import { describe, expect, it } from 'vitest';
import {
  parseTargetPolicy,
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

    const resolvesTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address }));
    expect(
      await refusedTarget(
        defaults,
        'https://metadata.test/x',
        resolvesTo('93.184.216.34', '169.254.169.254'),
      ),
    ).toMatch(/^metadata\.test resolves to 169\.254\.169\.254/);
    expect(await refusedTarget(defaults, 'https://hooks.test/x', resolvesTo('10.0.0.5'))).toBeNull();
    const unresolvable = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await refusedTarget(defaults, 'https://nowhere.test/x', unresolvable)).toBeNull();
  });
});
