/** Pure rules of single sign-on, free of I/O. */

/** `emailDomains` is Unleash's comma-separated list; empty means every domain. */
export function emailDomainAllowed(email: string, emailDomains: string | undefined): boolean {
  const domains = (emailDomains ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  if (domains.length === 0) return true;
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return domains.includes(domain);
}

/**
 * Memberships to add and remove: a group is managed by sign-on when it has SSO mappings; the user
 * belongs to it exactly when one of the identity's groups is among them. Groups without mappings
 * keep their members as they are.
 */
export function planGroupSync(
  groups: readonly { id: number; mappingsSSO: readonly string[] }[],
  currentGroupIds: ReadonlySet<number>,
  claimGroups: readonly string[],
): { add: number[]; remove: number[] } {
  const claimed = new Set(claimGroups);
  const add: number[] = [];
  const remove: number[] = [];
  for (const group of groups) {
    if (group.mappingsSSO.length === 0) continue;
    const wanted = group.mappingsSSO.some((mapping) => claimed.has(mapping));
    if (wanted && !currentGroupIds.has(group.id)) add.push(group.id);
    if (!wanted && currentGroupIds.has(group.id)) remove.push(group.id);
  }
  return { add, remove };
}

/** Groups from a claim or attribute: a list, or one string (comma-separated as some IdPs send). */
export function groupsFromClaim(value: unknown): string[] | undefined {
  if (Array.isArray(value))
    return value.filter((item): item is string => typeof item === 'string').slice(0, 500);
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .slice(0, 500);
  }
  return undefined;
}

/** A value at a dotted path (`realm_access.roles`) of a claims object. */
export function valueAtPath(claims: Record<string, unknown>, path: string): unknown {
  let current: unknown = claims;
  for (const part of path.split('.')) {
    if (!current || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Only same-origin console paths are followed after sign-in, never another site. */
export function safeRedirectPath(value: string | undefined, base: string): string {
  const path = value ?? '';
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return `${base}/`;
  return path;
}

/** RFC 8252 §7.3: the desktop app listens on a loopback IP literal, any port, plain http. */
export function isLoopbackRedirect(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'http:' &&
      (url.hostname === '127.0.0.1' || url.hostname === '[::1]') &&
      url.port !== ''
    );
  } catch {
    return false;
  }
}
