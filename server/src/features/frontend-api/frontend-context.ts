import type { Context } from '../../../contract';

const TOP_LEVEL = new Set(['appName', 'environment', 'userId', 'sessionId', 'remoteAddress']);
const PROPERTY_KEY = /^properties\[(.+)\]$/;

export interface RequestFacts {
  /** The peer's address (X-Forwarded-For already applied when the proxy is trusted). */
  ip: string;
  /** A fresh session id for requests that bring none. */
  newSessionId: () => string;
}

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return asString(value[0]);
  return undefined;
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
  for (const [key, raw] of Object.entries(input)) {
    if (key === 'properties' && raw && typeof raw === 'object' && !Array.isArray(raw)) {
      for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
        const text = asString(value);
        if (text !== undefined) properties[name] = text;
      }
      continue;
    }
    const text = asString(raw);
    if (text === undefined) continue;
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
