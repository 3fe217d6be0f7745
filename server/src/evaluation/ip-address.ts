import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
/** An address and its prefix length: a CIDR range, or one address (32 or 128 bits). */
export type Subnet = [Address, number];

/**
 * Strict parsing: IPv4 only in dotted-quad form (ipaddr.js would otherwise accept "127.1" or
 * hex octets, which the Unleash SDKs reject), IPv6 in any standard notation.
 */
function parseAddress(value: string): Address | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(value)) return ipaddr.IPv4.parse(value);
  if (ipaddr.IPv6.isValid(value)) return ipaddr.IPv6.parse(value);
  return undefined;
}

let lastAddressText: string | undefined;
let lastAddress: Address | undefined;
/** parseAddress remembering the last string: one request's checks all parse its remoteAddress. */
export function parseAddressCached(value: string): Address | undefined {
  if (value !== lastAddressText) {
    lastAddress = parseAddress(value);
    lastAddressText = value;
  }
  return lastAddress;
}

export function parseRange(value: string): Subnet | undefined {
  const slash = value.indexOf('/');
  if (slash < 0) {
    const address = parseAddress(value);
    return address && [address, address.kind() === 'ipv4' ? 32 : 128];
  }
  const address = parseAddress(value.slice(0, slash));
  const bitsText = value.slice(slash + 1);
  if (!address || !/^\d{1,3}$/.test(bitsText)) return undefined;
  const bits = Number(bitsText);
  return bits <= (address.kind() === 'ipv4' ? 32 : 128) ? [address, bits] : undefined;
}

/** Whether a constraint value is an IP address or a CIDR range (what IN_CIDR accepts). */
export function isIpOrCidr(value: string): boolean {
  return parseRange(value) !== undefined;
}

/**
 * True when `address` equals `range` (an IP) or lies inside it (a CIDR). IPv4 and IPv6 never
 * match each other, and an invalid address or range never matches.
 */
export function ipInRange(address: string, range: string): boolean {
  const parsed = parseAddress(address);
  const subnet = parseRange(range);
  if (!parsed || !subnet || parsed.kind() !== subnet[0].kind()) return false;
  return parsed.match(subnet);
}

/** Like ipInRange, but IPv4 only: the remoteAddress strategy's CIDR support does not cover IPv6. */
export function ipv4InRange(address: string, range: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(address) && ipInRange(address, range);
}
