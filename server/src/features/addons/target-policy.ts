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

/**
 * Checked before each request: the URL must parse, and a host given by number must be allowed.
 * Host names are checked where the connection is made (checkedLookup), never by a separate lookup.
 */
export function refusedTarget(policy: TargetPolicy, url: string): string | null {
  let hostname: string;
  try {
    hostname = new URL(url).hostname;
  } catch {
    return `${url} is not a valid URL`;
  }
  const literal = literalAddress(hostname);
  return literal === null ? null : refusedAddress(policy, literal);
}

/** A connection refused by the policy; its message says why (carried as the fetch error's cause). */
export class RefusedTargetError extends Error {
  override name = 'RefusedTargetError';
}

export type Lookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type LookupCallback = (
  error: Error | null,
  address: string | Array<{ address: string; family: number }>,
  family?: number,
) => void;

/**
 * The `lookup` of the sockets deliveries connect through (DNS rebinding, issue 16): resolves the
 * name once, refuses it when any address is refused (a name cannot be pointed half at a metadata
 * service), and hands the socket exactly the checked addresses. A failed lookup fails the
 * connection, so an unresolvable name is never waved through.
 */
export function checkedLookup(policy: TargetPolicy, lookup: Lookup = systemLookup) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    lookup(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(new RefusedTargetError(`${hostname} resolves to no address`), []);
          return;
        }
        for (const { address } of addresses) {
          const reason = refusedAddress(policy, address);
          if (reason) {
            callback(new RefusedTargetError(`${hostname} resolves to ${reason}`), []);
            return;
          }
        }
        const first = addresses[0] as { address: string; family: number };
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []),
    );
  };
}
