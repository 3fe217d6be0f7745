import type { BeforeSendResponse, OnBeforeSendHeadersListenerDetails, WebRequestFilter } from 'electron';
import type { SecretKey } from '../../server/contract';
import type { SecretStore } from './secret-store';

export type BeforeSendHeadersSession = {
  webRequest: {
    onBeforeSendHeaders(
      filter: WebRequestFilter,
      listener:
        | ((
            details: Pick<OnBeforeSendHeadersListenerDetails, 'url' | 'requestHeaders'>,
            callback: (response: BeforeSendResponse) => void,
          ) => void)
        | null,
    ): void;
  };
};

export interface RequestSignerOptions {
  secrets: Pick<SecretStore, 'get'>;
  /** Server origins the console talks to, with the profile whose token signs requests to each. */
  profiles: ReadonlyMap<string, string>;
  log?: (message: string, error?: unknown) => void;
}

export interface RequestSigner {
  /** Forget cached tokens, after the user stored or removed one. */
  invalidate(profile?: string): void;
  /** Replaces the origin-to-profile map (a remote profile was registered or removed). */
  setProfiles(profiles: ReadonlyMap<string, string>): void;
  dispose(): void;
}

/** A personal access token acts as the user; the admin token is the fallback. */
const TOKEN_PREFERENCE: readonly SecretKey[] = ['personal-access-token', 'admin-token'];

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Adds `Authorization: <token>` (Unleash's admin API scheme) to the console's
 * requests to a known server, so tokens live in main and the keychain and are
 * never handed to the renderer. The URL filter narrows the hook; the exact
 * origin is still checked because filter patterns ignore ports.
 */
export function installRequestSigner(
  session: BeforeSendHeadersSession,
  options: RequestSignerOptions,
): RequestSigner {
  const cache = new Map<string, Promise<string | null>>();
  let warnedUnavailable = false;

  async function tokenFor(profile: string): Promise<string | null> {
    for (const key of TOKEN_PREFERENCE) {
      const value = await options.secrets.get(profile, key);
      if (value) return value;
    }
    return null;
  }

  function cachedToken(profile: string): Promise<string | null> {
    let pending = cache.get(profile);
    if (pending === undefined) {
      pending = tokenFor(profile).catch((error: unknown) => {
        cache.delete(profile);
        if (!warnedUnavailable) {
          warnedUnavailable = true;
          options.log?.('cannot read tokens from the keychain; console requests go unsigned', error);
        }
        return null;
      });
      cache.set(profile, pending);
    }
    return pending;
  }

  let profiles = new Map(options.profiles);
  const filter = (): WebRequestFilter => ({ urls: [...profiles.keys()].map((origin) => `${origin}/*`) });

  const listener: Parameters<BeforeSendHeadersSession['webRequest']['onBeforeSendHeaders']>[1] = (
    details,
    callback,
  ) => {
    const origin = originOf(details.url);
    const profile = origin === null ? undefined : profiles.get(origin);
    if (profile === undefined) {
      callback({});
      return;
    }
    void cachedToken(profile).then((token) => {
      if (token === null) {
        callback({});
        return;
      }
      const requestHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.requestHeaders)) {
        if (name.toLowerCase() !== 'authorization') requestHeaders[name] = value;
      }
      requestHeaders.Authorization = token;
      callback({ requestHeaders });
    });
  };
  // Electron keeps one listener per session and event: registering again replaces it and its filter.
  session.webRequest.onBeforeSendHeaders(filter(), listener);

  return {
    invalidate(profile) {
      if (profile === undefined) cache.clear();
      else cache.delete(profile);
      warnedUnavailable = false;
    },
    setProfiles(next) {
      profiles = new Map(next);
      cache.clear();
      session.webRequest.onBeforeSendHeaders(filter(), listener);
    },
    dispose() {
      session.webRequest.onBeforeSendHeaders(filter(), null);
      cache.clear();
    },
  };
}
