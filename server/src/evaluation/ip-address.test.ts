import { describe, expect, it } from 'vitest';
import { ipInRange, ipv4InRange } from './ip-address';

describe('ipInRange', () => {
  it('matches exact IPv4 and IPv6 addresses, in any IPv6 notation', () => {
    expect(ipInRange('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(ipInRange('127.0.0.2', '127.0.0.1')).toBe(false);
    expect(ipInRange('2001:db8::1', '2001:0db8:0:0:0:0:0:1')).toBe(true);
  });

  it('matches CIDR ranges', () => {
    expect(ipInRange('160.33.0.33', '160.33.0.0/16')).toBe(true);
    expect(ipInRange('160.34.0.1', '160.33.0.0/16')).toBe(false);
    expect(ipInRange('2001:db8:0:1::42', '2001:db8::/32')).toBe(true);
    expect(ipInRange('10.0.0.1', '0.0.0.0/0')).toBe(true);
  });

  it('never matches across families or with invalid input', () => {
    expect(ipInRange('::ffff:10.0.0.1', '10.0.0.0/8')).toBe(false);
    expect(ipInRange('10.0.0.1', '::/0')).toBe(false);
    expect(ipInRange('10.1', '10.0.0.0/8')).toBe(false);
    expect(ipInRange('10.0.0.1', '10.0.0.0/33')).toBe(false);
    expect(ipInRange('10.0.0.1', '127.invalid')).toBe(false);
    expect(ipInRange('bad', 'bad')).toBe(false);
  });
});

describe('ipv4InRange', () => {
  it('ignores IPv6 addresses', () => {
    expect(ipv4InRange('10.0.0.7', '10.0.0.0/24')).toBe(true);
    expect(ipv4InRange('2001:db8::1', '2001:db8::/32')).toBe(false);
  });
});
