import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses integrations may send to (server-side request forgery, issue 16). An on-premises
 * instance posts to receivers on its own network (a chat server, a webhook relay on 10.x or on the
 * same host), so private and loopback addresses are allowed by default. Refused by default: what no
 * receiver lives at but a cloud's instance metadata does (link-local 169.254.0.0/16 and fe80::/10,
 * among them 169.254.169.254 and fd00:ec2::254), and addresses that are not one host (unspecified,
 * broadcast, multicast). INTEGRATIONS_REFUSED_TARGETS replaces that list with ipaddr.js range names
 * (`private`, `loopback`, `uniqueLocal`, `carrierGradeNat`, ...) and CIDRs; INTEGRATIONS_ALLOWED_TARGETS
 * lists CIDRs sent to even when refused (a receiver at one private address while `private` is refused).
 */
export const DEFAULT_REFUSED_TARGETS = 'linkLocal,unspecified,broadcast,multicast,fd00:ec2::254/128';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface TargetPolicy {
  /** ipaddr.js range names refused (IPv4-mapped IPv6 addresses are judged as IPv4). */
  rangeNames: ReadonlySet<string>;
  refusedCidrs: readonly Cidr[];
  allowedCidrs: readonly Cidr[];
}

export class TargetPolicyError extends Error {
  override name = 'TargetPolicyError';
}

const RANGE_NAMES = new Set([
  'unspecified',
  'broadcast',
  'multicast',
  'linkLocal',
  'loopback',
  'carrierGradeNat',
  'private',
  'reserved',
  'uniqueLocal',
  'ipv4Mapped',
  'rfc6145',
  'rfc6052',
  '6to4',
  'teredo',
  'benchmarking',
  'amt',
  'as112',
  'deprecated',
  'orchid2',
  'droneRemoteIdProtocolEntityTags',
]);

function parseCidr(text: string, variable: string): Cidr {
  try {
    return text.includes('/') ? ipaddr.parseCIDR(text) : [ipaddr.parse(text), text.includes(':') ? 128 : 32];
  } catch {
    throw new TargetPolicyError(`${variable}: "${text}" is neither a range name nor an address or CIDR`);
  }
}

const listOf = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The policy from the two settings (unset `refused`: the defaults); a bad entry fails startup. */
export function parseTargetPolicy(refused: string | undefined, allowed: string | undefined): TargetPolicy {
  const rangeNames = new Set<string>();
  const refusedCidrs: Cidr[] = [];
  const refusedList = refused === undefined || refused.trim() === '' ? DEFAULT_REFUSED_TARGETS : refused;
  for (const item of listOf(refusedList)) {
    if (item === 'none') continue;
    if (RANGE_NAMES.has(item)) rangeNames.add(item);
    else refusedCidrs.push(parseCidr(item, 'INTEGRATIONS_REFUSED_TARGETS'));
  }
  const allowedCidrs = listOf(allowed).map((item) => parseCidr(item, 'INTEGRATIONS_ALLOWED_TARGETS'));
  return { rangeNames, refusedCidrs, allowedCidrs };
}

const inAny = (address: ipaddr.IPv4 | ipaddr.IPv6, cidrs: readonly Cidr[]) =>
  cidrs.some(
    ([network, bits]) => address.kind() === network.kind() && address.match([network, bits] as never),
  );

/** Why `address` may not be sent to, or null when it may. */
export function refusedAddress(policy: TargetPolicy, text: string): string | null {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(text);
  } catch {
    return `${text} is not an IP address`;
  }
  if (inAny(address, policy.allowedCidrs)) return null;
  const range = address.range();
  if (policy.rangeNames.has(range) || inAny(address, policy.refusedCidrs)) {
    return `${address.toString()} is in a refused range (${range}); INTEGRATIONS_ALLOWED_TARGETS can allow it`;
  }
  return null;
}

/** The URL's host as an address when it is one (brackets of IPv6 literals removed), else null. */
function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) ? bare : null;
}

/**
 * Checked when an integration is saved: a URL naming a refused address by its number. Host names
 * are resolved at delivery instead (saving works where DNS does not, and a name may move).
 */
export function refusedLiteralTarget(policy: TargetPolicy, url: string): string | null {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return null;
  }
  const address = literalAddress(hostname);
  return address === null ? null : refusedAddress(policy, address);
}

export type Lookup = (hostname: string) => Promise<Array<{ address: string }>>;

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Checked before each request: every address the host resolves to must be allowed (one refused
 * address refuses the target, so a name cannot be pointed half at a metadata service).
 */
export async function refusedTarget(
  policy: TargetPolicy,
  url: string,
  lookup: Lookup = systemLookup,
): Promise<string | null> {
  const hostname = new URL(url).hostname;
  const literal = literalAddress(hostname);
  if (literal !== null) return refusedAddress(policy, literal);
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(hostname);
  } catch {
    // Not a refusal: fetch fails for the same reason and the delivery is retried like any failure.
    return null;
  }
  for (const { address } of addresses) {
    const reason = refusedAddress(policy, address);
    if (reason) return `${hostname} resolves to ${reason}`;
  }
  return null;
}
