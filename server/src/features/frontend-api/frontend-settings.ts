import type { Db } from '../../db/database';
import type { AuditActor } from '../../lib/caller';
import { ApiError } from '../../lib/errors';
import { appendEvent } from '../events';
import { ORIGINS_SETTING, readOriginsSetting, writeOriginsSetting } from './frontend-settings-store';

const RETRY_AFTER_FAILURE_MS = 1000;

/**
 * What a browser can send as `Origin`: `*`, or scheme://host[:port] exactly as the URL parser
 * writes it (no path, no trailing slash, lower case, no spaces). Unleash refuses anything else
 * with 400 BadDataError "Invalid origin: <origin>" (checked against Unleash 8.2).
 */
export function isValidOrigin(origin: string): boolean {
  if (origin === '*') return true;
  // The URL parser takes `https://*.example.com` as a host name; no browser sends it.
  if (origin.includes('*')) return false;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}

function assertValidOrigins(origins: readonly string[]): void {
  const invalid = origins.find((origin) => !isValidOrigin(origin));
  if (invalid === undefined) return;
  const detail = `Invalid origin: ${invalid}`;
  throw new ApiError(
    'BadDataError',
    `Request validation failed: your request body or params contain invalid data: ${detail}`,
    { details: [{ message: detail }] },
  );
}

/**
 * The origins browsers may call the frontend API from (Unleash's `frontendApiOrigins`): stored
 * in the settings table so every instance shares them, cached briefly so CORS costs no query
 * per request. `*` or an empty list lets every origin in.
 */
export function createFrontendSettings(db: Db, options: { defaultOrigins: string[]; cacheMs?: number }) {
  const cacheMs = options.cacheMs ?? 5000;
  let cached: { origins: string[]; at: number } | undefined;
  let refreshing: Promise<void> | undefined;

  async function read(): Promise<string[]> {
    const row = await readOriginsSetting(db);
    return Array.isArray(row?.content) ? (row.content as string[]) : options.defaultOrigins;
  }

  return {
    async origins(): Promise<string[]> {
      if (cached && Date.now() - cached.at <= cacheMs) return cached.origins;
      if (!cached) {
        cached = { origins: await read(), at: Date.now() };
        return cached.origins;
      }
      // Known origins are answered at once and refreshed behind: a stopped or frozen database
      // must not hold up or fail the frontend API (issue 12); a failed refresh retries later.
      if (!refreshing) {
        refreshing = read()
          .then((origins) => {
            cached = { origins, at: Date.now() };
          })
          .catch(() => {
            if (cached) cached = { ...cached, at: Date.now() - cacheMs + RETRY_AFTER_FAILURE_MS };
          })
          .finally(() => {
            refreshing = undefined;
          });
      }
      return cached.origins;
    },

    async setOrigins(origins: string[], actor: AuditActor): Promise<void> {
      assertValidOrigins(origins);
      const cleaned = [...new Set(origins)];
      await db.transaction().execute(async (trx) => {
        const before = await readOriginsSetting(trx);
        await writeOriginsSetting(trx, cleaned);
        await appendEvent(trx, {
          type: before ? 'setting-updated' : 'setting-created',
          ...actor,
          data: { id: ORIGINS_SETTING, frontendApiOrigins: cleaned },
          preData: before ? { id: ORIGINS_SETTING, frontendApiOrigins: before.content } : undefined,
        });
      });
      cached = { origins: cleaned, at: Date.now() };
    },
  };
}

export type FrontendSettings = ReturnType<typeof createFrontendSettings>;

/** The Access-Control-Allow-Origin value for a request origin, or null to send none. */
export function allowedOrigin(origins: readonly string[], requestOrigin: string | undefined): string | null {
  if (origins.length === 0 || origins.includes('*')) return '*';
  return requestOrigin && origins.includes(requestOrigin) ? requestOrigin : null;
}
