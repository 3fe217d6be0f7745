import { createHash, createHmac } from 'node:crypto';
import { type Context, ROOT_CONTEXT_FIELDS } from '../../../contract';

/**
 * What a sampled context may hold once stored: a public frontend token sends these, so each
 * stored row is bounded whatever the request carried (issue 15, blast radius).
 */
export const MAX_STORED_PROPERTIES = 20;
export const MAX_STORED_VALUE_LENGTH = 200;
const TOP_LEVEL_FIELDS = ROOT_CONTEXT_FIELDS;
/** Marks a hashed value, so the console can tell it from a clear one. */
export const HASHED_PREFIX = 'hmac:';

export interface PrivacyPolicy {
  sensitiveFields: ReadonlySet<string>;
  mode: 'hash' | 'drop';
  /** The per-instance HMAC key; never leaves the server. */
  secret: string;
}

/** A context as stored and evaluated by the preview: plain strings only. */
export type StoredContext = Context;

function protect(name: string, value: string, policy: PrivacyPolicy): string | undefined {
  if (!policy.sensitiveFields.has(name)) return value;
  if (policy.mode === 'drop') return undefined;
  // A keyed hash: the same user keeps one value (so rollouts keep their spread and duplicates
  // collapse), and nobody without the secret can test a guessed id against the table.
  return HASHED_PREFIX + createHmac('sha256', policy.secret).update(value).digest('hex').slice(0, 32);
}

/**
 * The context to store for one evaluated context: sensitive fields hashed or dropped, values
 * over the length bound dropped (a truncated value would evaluate as another value), at most
 * MAX_STORED_PROPERTIES properties (by name order, so the choice is stable).
 */
export function sanitizeContext(context: Context, policy: PrivacyPolicy): StoredContext {
  const stored: Record<string, unknown> = {};
  for (const field of TOP_LEVEL_FIELDS) {
    const value = context[field];
    if (typeof value !== 'string' || value.length > MAX_STORED_VALUE_LENGTH) continue;
    const kept = protect(field, value, policy);
    if (kept !== undefined) stored[field] = kept;
  }
  const properties: Record<string, string> = {};
  const names = Object.keys(context.properties ?? {}).sort();
  let count = 0;
  for (const name of names) {
    if (count >= MAX_STORED_PROPERTIES) break;
    const value = context.properties?.[name];
    if (typeof value !== 'string' || name.length > MAX_STORED_VALUE_LENGTH) continue;
    if (value.length > MAX_STORED_VALUE_LENGTH) continue;
    const kept = protect(name, value, policy);
    if (kept === undefined) continue;
    properties[name] = kept;
    count += 1;
  }
  stored.properties = properties;
  return stored as StoredContext;
}

/** The deduplication key of a stored context: equal contexts have equal hashes, field order aside. */
export function contextHash(context: StoredContext): string {
  const top = TOP_LEVEL_FIELDS.map((field) => [field, context[field] ?? null]);
  const properties = Object.entries(context.properties ?? {}).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return createHash('sha256')
    .update(JSON.stringify([top, properties]))
    .digest('base64url');
}

/** A stored context for display: hashed values shortened, so examples stay readable. */
export function maskedForDisplay(context: StoredContext): Record<string, unknown> {
  const shorten = (value: string) =>
    value.startsWith(HASHED_PREFIX) ? `${value.slice(0, HASHED_PREFIX.length + 8)}…` : value;
  const shown: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context)) {
    if (typeof value === 'string') shown[key] = shorten(value);
  }
  shown.properties = Object.fromEntries(
    Object.entries(context.properties ?? {}).map(([name, value]) => [name, shorten(value)]),
  );
  return shown;
}
