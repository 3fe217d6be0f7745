import type { Context } from '../../../contract';
import { invalidField } from '../../lib/validation-errors';

/**
 * Bounds on what a public frontend token may ask to evaluate (issue 12): evaluation is linear in
 * each value's length (REGEX, STR_*, hashing) for every constraint that reads it, so a value is
 * at most 10,000 characters, far above any id, URL or version. A context has at most 1,000
 * fields, as Unleash's query parser keeps at most 1,000 parameters. Over either bound the request
 * is refused with 400 rather than truncated, which would evaluate a context the caller did not send.
 */
export const MAX_CONTEXT_VALUE_LENGTH = 10_000;
export const MAX_CONTEXT_FIELDS = 1_000;

const TOP_LEVEL = new Set(['appName', 'environment', 'userId', 'sessionId', 'remoteAddress']);
const PROPERTY_KEY = /^properties\[(.+)\]$/;

export interface RequestFacts {
  /** The peer's address (X-Forwarded-For already applied when the proxy is trusted). */
  ip: string;
  /** A fresh session id for requests that bring none. */
  newSessionId: () => string;
}

function scalarString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * A repeated query key arrives as a list: its first value counts. One level only: a POST body
 * may nest lists thousands deep, which recursion here turned into a 500 (issue 12).
 */
function asString(value: unknown): string | undefined {
  return scalarString(Array.isArray(value) ? value[0] : value);
}

/**
 * Whether the request named its own sessionId; without one frontendContext makes one up per
 * request, which stands for nobody (experiments key users by a sessionId only when it was sent).
 */
export function sentSessionId(input: Record<string, unknown>): boolean {
  return asString(input.sessionId) !== undefined;
}

/**
 * The evaluation context of a frontend API request, as Unleash 8.2 builds it (OBSERVED.md):
 * appName, environment, userId, sessionId and remoteAddress are top-level; every other key,
 * `currentTime` included, goes to `properties`, merged with `properties[...]` keys. Defaults:
 * appName "frontend-api", environment "default", remoteAddress the request IP, and a random
 * sessionId per request.
 */
export function frontendContext(input: Record<string, unknown>, facts: RequestFacts): Context {
  const top: Record<string, string> = {};
  const properties: Record<string, string> = {};
  let fields = 0;
  /** Counts the field and refuses it when over a bound; before any key is matched or stored. */
  const bounded = (name: string, text: string): string => {
    fields += 1;
    if (fields > MAX_CONTEXT_FIELDS) {
      throw invalidField(`The context must not have more than ${MAX_CONTEXT_FIELDS} fields.`);
    }
    if (name.length > MAX_CONTEXT_VALUE_LENGTH) {
      throw invalidField(
        `A context field name must not be longer than ${MAX_CONTEXT_VALUE_LENGTH} characters. You sent ${name.length}.`,
      );
    }
    if (text.length > MAX_CONTEXT_VALUE_LENGTH) {
      throw invalidField(
        `The context field "${name.slice(0, 100)}" must not be longer than ${MAX_CONTEXT_VALUE_LENGTH} characters. You sent ${text.length}.`,
      );
    }
    return text;
  };
  for (const [key, raw] of Object.entries(input)) {
    if (key === 'properties' && raw && typeof raw === 'object' && !Array.isArray(raw)) {
      for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
        const text = asString(value);
        if (text !== undefined) properties[name] = bounded(name, text);
      }
      continue;
    }
    const value = asString(raw);
    if (value === undefined) continue;
    const text = bounded(key, value);
    const nested = PROPERTY_KEY.exec(key);
    if (nested?.[1]) properties[nested[1]] = text;
    else if (TOP_LEVEL.has(key)) top[key] = text;
    else properties[key] = text;
  }
  return {
    appName: top.appName ?? 'frontend-api',
    environment: top.environment ?? 'default',
    ...(top.userId !== undefined ? { userId: top.userId } : {}),
    sessionId: top.sessionId ?? facts.newSessionId(),
    remoteAddress: top.remoteAddress ?? facts.ip,
    properties,
  };
}
